import Foundation
import SpoolTestSupport
import Testing

@testable import Spool

/// The glue between a Player and the desktop centers, on the fake engine seam.
@MainActor
@Suite("MediaSession", .timeLimit(.minutes(3)))
struct MediaSessionTests {
    let pipelines = FakePipelines()

    func makePlayer() -> Player {
        Player(
            configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: ManualClock()),
            makePlayback: pipelines.factory())
    }

    @Test("now-playing info follows the player: title, duration, playing and paused")
    func publishesThePlayersState() async {
        let player = makePlayer()
        let session = MediaSession(player: player)
        session.activate()
        defer { session.deactivate() }
        var events = player.itemEvents().makeAsyncIterator()
        let item = PlayerItem(url: URL(fileURLWithPath: "/media/episode-7.mp4"))
        player.replaceCurrentItem(with: item)
        player.play()
        pipelines.last!.send(.ready(readyInfo))
        _ = await events.next { $0 == .readyToPlay(itemID: item.id) }
        session.refresh()
        let info = session.nowPlayingInfoCenter.nowPlayingInfo
        #expect(info?.title == "episode-7")  // no tags could be read: the file name stands in
        #expect(info?.playbackDuration == 60)
        #expect(session.nowPlayingInfoCenter.playbackState == .playing)
        player.pause()
        session.refresh()
        #expect(session.nowPlayingInfoCenter.playbackState == .paused)
    }

    @Test("remote commands drive the player: pause, play, position")
    func commandsDriveThePlayer() async {
        let player = makePlayer()
        let session = MediaSession(player: player)
        session.activate()
        defer { session.deactivate() }
        player.replaceCurrentItem(with: PlayerItem(url: URL(fileURLWithPath: "/media/a.mp4")))
        player.play()
        let commands = session.remoteCommandCenter
        #expect(commands.pauseCommand.perform(RemoteCommandEvent()) == .success)
        #expect(player.rate == 0)
        #expect(commands.playCommand.perform(RemoteCommandEvent()) == .success)
        #expect(player.rate == 1)
        _ = commands.changePlaybackPositionCommand.perform(ChangePlaybackPositionCommandEvent(positionTime: 12))
        while pipelines.last!.seekIDs.isEmpty { await Task.yield() }
        if case .seek(let time, let before, let after, _) = pipelines.last!.calls.last {
            #expect(time == MediaTime(seconds: 12, preferredTimescale: 1000))
            #expect(before == .zero && after == .zero, "an absolute position is exact, as mpv's SetPosition")
        } else {
            Issue.record("no seek reached the engine: \(pipelines.last!.calls)")
        }
    }
}
