import Foundation
import SpoolTestSupport
import Testing

@testable import Spool

/// MPRIS's playback status from the app's state store: the store's state of the current item
/// decides, a state of another item never does.
@MainActor
@Suite("MediaSession with a state store", .timeLimit(.minutes(3)))
struct MediaSessionStateStoreTests {
    let pipelines = FakePipelines()

    @Test("the current item's failure in the store is Stopped; another item's state is ignored")
    func followsTheStoreForTheCurrentItem() async {
        let player = Player(
            configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: ManualClock()),
            makePlayback: pipelines.factory())
        let store = PlaybackStateStore()
        let session = MediaSession(player: player)
        session.stateStore = store
        session.activate()
        defer { session.deactivate() }
        let item = PlayerItem(url: URL(fileURLWithPath: "/media/episode.mp4"))
        player.replaceCurrentItem(with: item)
        player.play()
        session.refresh()
        let center = session.nowPlayingInfoCenter
        #expect(center.playbackState == .playing)
        // Another item's failure (a superseded episode): the desktop still sees this one play.
        await store.begin(itemID: "previous-episode")
        await store.apply(.failed(itemID: "previous-episode", message: "late"), for: "previous-episode")
        await settle(session)
        session.refresh()
        #expect(center.playbackState == .playing)
        await store.begin(itemID: item.id)
        await store.apply(.paused(itemID: item.id), for: item.id)
        #expect(await waitFor(.paused, in: session))
        await store.apply(.failed(itemID: item.id, message: "gone"), for: item.id)
        #expect(await waitFor(.stopped, in: session), "the current item's failure did not show as Stopped")
    }

    /// Lets the session's store task run (the store's updates arrive on the main actor).
    private func settle(_ session: MediaSession) async {
        for _ in 0..<50 { await Task.yield() }
    }

    private func waitFor(_ state: NowPlayingPlaybackState, in session: MediaSession) async -> Bool {
        for _ in 0..<10_000 {
            if session.nowPlayingInfoCenter.playbackState == state { return true }
            await Task.yield()
        }
        return false
    }
}
