import Foundation
import SpoolTestSupport
import Testing

@testable import Spool

/// The queue as the engine the seed's `PlayerController` drives (what `spool play` runs on):
/// which item each load makes current, and which item's states reach the store.
@MainActor
@Suite("QueuePlayerEngine", .timeLimit(.minutes(3)))
struct QueuePlayerEngineTests {
    let pipelines = FakePipelines()
    let configuration = PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: ManualClock())

    func item(_ name: String) -> PlayerItem { PlayerItem(url: URL(fileURLWithPath: "/media/\(name).mp4")) }

    @Test("a load of the current item changes nothing; a later one drops the items before it unopened")
    func makesTheLoadedItemCurrent() {
        let (a, b, c) = (item("a"), item("b"), item("c"))
        let queue = QueuePlayer(items: [a, b, c], configuration: configuration, makePlayback: pipelines.factory())
        queue.prerollsNextItem = false
        let engine = QueuePlayerEngine(queue: queue)
        engine.replaceCurrentItem(withAsset: a.asset)
        #expect(queue.currentItem === a && pipelines.made.count == 1, "the current item was opened again")
        engine.replaceCurrentItem(withAsset: c.asset)
        #expect(queue.currentItem === c && queue.items().map(\.id) == [c.id])
        #expect(pipelines.made.count == 2 && pipelines.made[0].isStopped, "b was opened on the way to c")
        let stranger = item("d")
        engine.replaceCurrentItem(withAsset: stranger.asset)
        #expect(queue.currentItem?.asset === stranger.asset && queue.items().count == 1)
        engine.replaceCurrentItem(withAsset: nil)
        #expect(queue.currentItem == nil && queue.items().isEmpty)
    }

    @Test("a load whose item left the queue while it ran changes nothing: the queue's new current item stays")
    func staleLoadLeavesTheQueueAlone() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let (a, b) = (PlayerItem(url: url), PlayerItem(url: url))
        let queue = QueuePlayer(items: [a], configuration: configuration, makePlayback: pipelines.factory())
        let engine = QueuePlayerEngine(queue: queue, playsWhenLoaded: false)
        let controller = PlayerController(
            player: engine, loader: engine.loader, stateStore: PlaybackStateStore())
        let staleLoad = engine.load(a, with: controller)
        // Before the load runs, the playlist is rebuilt from another entry (mpv's playlist-pos).
        queue.removeAllItems()
        queue.insert(b, after: nil)
        await staleLoad.value
        #expect(queue.currentItem === b && queue.items().count == 1, "the stale load put a's asset back")
        // Stopped while a load is in flight: the queue stays empty.
        let second = engine.load(b, with: controller)
        queue.removeAllItems()
        await second.value
        #expect(queue.currentItem == nil && queue.items().isEmpty, "a stale load refilled a stopped queue")
    }

    @Test("play() keeps the queue's rate unless the engine plays when loaded")
    func keepsTheQueuesRate() {
        let queue = QueuePlayer(items: [item("a")], configuration: configuration, makePlayback: pipelines.factory())
        let engine = QueuePlayerEngine(queue: queue, playsWhenLoaded: false)
        engine.play()
        #expect(queue.rate == 0, "a paused queue was started by a load")
        engine.playsWhenLoaded = true
        engine.play()
        #expect(queue.rate == 1)
    }

    @Test("the loader answers a URL with the asset registered for it, the newest one")
    func loaderGivesTheQueuedAsset() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let (first, second) = (PlayerItem(url: url), PlayerItem(url: url))
        let queue = QueuePlayer(
            items: [first, second], configuration: configuration, makePlayback: pipelines.factory())
        let engine = QueuePlayerEngine(queue: queue)
        let store = PlaybackStateStore()
        let controller = PlayerController(player: engine, loader: engine.loader, stateStore: store)
        await engine.load(second, with: controller).value
        // The loaded asset was the second item's own, so the queue advanced to it, not to a copy.
        #expect(queue.currentItem === second && queue.items().count == 1)
        #expect(await store.activeItem == second.id)
    }

    @Test("a skipped item's late failure never reaches the store; the current item's does")
    func lateFailureOfASkippedItemIsStale() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let (a, b) = (PlayerItem(url: url), PlayerItem(url: url))
        let queue = QueuePlayer(items: [a, b], configuration: configuration, makePlayback: pipelines.factory())
        queue.prerollsNextItem = false
        queue.play()
        let engine = QueuePlayerEngine(queue: queue, playsWhenLoaded: false)
        let store = PlaybackStateStore()
        let controller = PlayerController(player: engine, loader: engine.loader, stateStore: store)
        await engine.load(a, with: controller).value
        let first = pipelines.made[0]
        first.send(.ready(readyInfo))
        var states = await store.updates().makeAsyncIterator()
        while let state = await states.next(), state != .playing(itemID: a.id) {}
        queue.advanceToNextItem()  // Next, as `spool play` does it
        await engine.load(b, with: controller).value
        first.send(.failed(PlaybackError(.ioNetwork, "late failure of the skipped item")))
        let second = pipelines.made[1]
        second.send(.ready(readyInfo))
        while let state = await states.next(), state != .playing(itemID: b.id) {
            #expect(state.itemID == b.id, "a state of the skipped item reached the store: \(state)")
        }
        second.send(.failed(PlaybackError(.ioNetwork, "the current item failed")))
        while let state = await states.next() {
            if case .failed(let id, let message) = state {
                #expect(id == b.id && message.contains("the current item failed"))
                break
            }
        }
    }
}
