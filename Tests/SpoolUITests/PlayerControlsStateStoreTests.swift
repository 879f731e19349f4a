import Foundation
import Spool
import SpoolTestSupport
import SpoolUI
import Testing

/// The overlay's spine is the app's state store: the banner, spinner and paused state come
/// from the store's state of the current item, and a state of any other item never shows.
@MainActor
@Suite("Player controls on a state store", .timeLimit(.minutes(1)))
struct PlayerControlsStateStoreTests {
    @Test("the store's failure of the current item shows the banner; another item's failure never does")
    func showsTheStoresStateOfTheCurrentItem() async throws {
        let clock = ManualClock()
        let player = Player(configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: clock))
        let item = PlayerItem(url: try await TestMedia.url(for: .h264AACMP4))
        player.replaceCurrentItem(with: item)
        let controller = PlayerControlsController(
            player: player, clock: clock, windowSize: OverlaySize(width: 1280, height: 720))
        defer { controller.stop() }
        let store = PlaybackStateStore()
        controller.stateStore = store
        // The episode the user skipped fails late: the store has moved on, and so has the view.
        await store.begin(itemID: "skipped-episode")
        await store.apply(.failed(itemID: "skipped-episode", message: "late failure"), for: "skipped-episode")
        await store.begin(itemID: item.itemID)
        await store.apply(.buffering(itemID: item.itemID), for: item.itemID)
        #expect(await phase(of: controller, becomes: .waiting))
        await store.apply(.paused(itemID: item.itemID), for: item.itemID)
        #expect(await phase(of: controller, becomes: .paused))
        await store.apply(.failed(itemID: item.itemID, message: "the server went away"), for: item.itemID)
        #expect(await phase(of: controller, becomes: .failed(message: "the server went away")))
        #expect(controller.model.layout.banner != nil)
        // A failure tagged with another item while the store still has this one: never shown.
        await store.begin(itemID: item.itemID)
        await store.apply(.failed(itemID: "skipped-episode", message: "late"), for: "skipped-episode")
        #expect(await phase(of: controller, becomes: .failed(message: "late")) == false)
    }

    /// Lets the controller's store task deliver; whether the phase became `phase`.
    private func phase(of controller: PlayerControlsController, becomes phase: PlaybackSnapshot.Phase) async -> Bool {
        for _ in 0..<2_000 {
            if controller.model.playback.phase == phase { return true }
            await Task.yield()
        }
        return false
    }
}
