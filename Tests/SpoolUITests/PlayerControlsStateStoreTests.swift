import Foundation
import Spool
import SpoolTestSupport
import SpoolUI
import Testing

/// The overlay's spine is the app's state store: the banner, spinner and paused state come
/// from the store's state of the current item, and a state of any other item never shows.
@MainActor
@Suite("Player controls on a state store", .timeLimit(.minutes(3)))
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
        let phases = PhaseRecorder(controller)
        let store = PlaybackStateStore()
        controller.stateStore = store
        // The episode the user skipped fails late: the store has moved on, and so has the view.
        await store.begin(itemID: "skipped-episode")
        await store.apply(.failed(itemID: "skipped-episode", message: "late"), for: "skipped-episode")
        await store.begin(itemID: item.id)
        await store.apply(.buffering(itemID: item.id), for: item.id)
        await phases.wait { $0 == .waiting }
        await store.apply(.paused(itemID: item.id), for: item.id)
        await phases.wait { $0 == .paused }
        await store.apply(.failed(itemID: item.id, message: "the server went away"), for: item.id)
        // The banner says the player's own words for the item when it has them.
        await phases.wait { $0.isFailed }
        #expect(controller.model.layout.banner != nil)
        // A failure tagged with another item while the store still has this one: never shown.
        await store.begin(itemID: item.id)
        await store.apply(.failed(itemID: "skipped-episode", message: "late"), for: "skipped-episode")
        await store.apply(.paused(itemID: item.id), for: item.id)
        await phases.wait { $0 == .paused }
        #expect(!phases.seen.contains(.failed(message: "late")), "a skipped item's failure showed: \(phases.seen)")
    }
}

/// Every phase the controller's model went through, and a wait for one (bounded by the suite's
/// time limit, not by a count of yields: under load the store's updates come late).
@MainActor
private final class PhaseRecorder {
    private(set) var seen: [PlaybackSnapshot.Phase] = []
    private var waiter: (condition: (PlaybackSnapshot.Phase) -> Bool, resume: CheckedContinuation<Void, Never>)?

    init(_ controller: PlayerControlsController) {
        seen = [controller.model.playback.phase]
        controller.changeHandler = { [weak self] model in self?.record(model.playback.phase) }
    }

    private func record(_ phase: PlaybackSnapshot.Phase) {
        if seen.last != phase { seen.append(phase) }
        if let waiter, waiter.condition(phase) {
            self.waiter = nil
            waiter.resume.resume()
        }
    }

    func wait(until condition: @escaping (PlaybackSnapshot.Phase) -> Bool) async {
        if let last = seen.last, condition(last) { return }
        await withCheckedContinuation { waiter = (condition, $0) }
    }
}
