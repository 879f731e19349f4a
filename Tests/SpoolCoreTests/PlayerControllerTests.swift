import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolCore

private let episodeA = URL(string: "https://cdn.example/a.m3u8")!
private let episodeB = URL(string: "https://cdn.example/b.m3u8")!

@MainActor
@Suite("PlayerController", .timeLimit(.minutes(3)))
struct PlayerControllerTests {
    let store = PlaybackStateStore()
    let loader = ScriptedAssetLoader()
    let engine = FakePlaybackEngine<URL>()

    func makeController() -> PlayerController<ScriptedAssetLoader, FakePlaybackEngine<URL>> {
        PlayerController(player: engine, loader: loader, stateStore: store)
    }

    @Test("next episode while loading: A's late failure never reaches the UI, which shows B only")
    func lateFailureOfPreviousItemIsDropped() async {
        let controller = makeController()
        let ui = await store.updates()
        let otherScreen = await store.updates()
        var uiStates = ui.makeAsyncIterator()
        var otherStates = otherScreen.makeAsyncIterator()
        #expect(await uiStates.next() == .idle)

        let loadA = controller.load(itemID: "A", url: episodeA)
        await loader.waitUntilStarted(episodeA)
        let loadB = controller.load(itemID: "B", url: episodeB)
        await loader.waitUntilStarted(episodeB)
        #expect(loader.cancelledURLs == [episodeA])

        loader.fail(episodeA, with: AssetLoadError.network("timed out"))  // A fails late
        await loadA.value
        // The newest published state is still B's; a published failed(A) would have replaced it.
        #expect(await uiStates.next() == .loading(itemID: "B"))
        #expect(await otherStates.next() == .loading(itemID: "B"))

        loader.succeed(episodeB)
        await loadB.value
        let seen = await uiStates.collect(until: .playing(itemID: "B"))
        #expect(seen.allSatisfy { $0.itemID == "B" })
        #expect(await otherStates.collect(until: .playing(itemID: "B")).allSatisfy { $0.itemID == "B" })
        #expect(engine.replacedAssets == [episodeB])
    }

    @Test("a superseded load that succeeds late never touches the player")
    func lateSuccessOfPreviousItemDoesNotReplaceTheItem() async {
        let controller = makeController()
        let loadA = controller.load(itemID: "A", url: episodeA)
        await loader.waitUntilStarted(episodeA)
        let loadB = controller.load(itemID: "B", url: episodeB)
        await loader.waitUntilStarted(episodeB)
        loader.succeed(episodeA)
        await loadA.value
        #expect(engine.calls.isEmpty)  // checkCancellation() after the await kept A out
        let ui = await store.updates()
        var states = ui.makeAsyncIterator()
        loader.succeed(episodeB)
        await loadB.value
        _ = await states.collect(until: .playing(itemID: "B"))
        #expect(engine.replacedAssets == [episodeB])
        #expect(engine.playCount == 1)
    }

    @Test("a failed load reports failed for its own item, with a one-line message")
    func failureIsReportedForItsOwnItem() async {
        let controller = makeController()
        let load = controller.load(itemID: "A", url: episodeA)
        await loader.waitUntilStarted(episodeA)
        loader.fail(episodeA, with: AssetLoadError.httpStatus(404, episodeA))
        await load.value
        #expect(await store.state == .failed(itemID: "A", message: "HTTP 404 from https://cdn.example/a.m3u8"))
        #expect(engine.calls.isEmpty)
    }

    @Test("a load superseded before it began publishes nothing for its item")
    func loadSupersededSynchronouslyPublishesNothing() async {
        let controller = makeController()
        let ui = await store.updates()
        var states = ui.makeAsyncIterator()
        #expect(await states.next() == .idle)
        let loadA = controller.load(itemID: "A", url: episodeA)
        let loadB = controller.load(itemID: "B", url: episodeB)  // before A's task ran at all
        await loadA.value
        await loader.waitUntilStarted(episodeB)
        #expect(loader.startedURLs == [episodeB])
        #expect(await states.next() == .loading(itemID: "B"))
        loader.succeed(episodeB)
        await loadB.value
    }

    @Test("a loaded item reports ready with isLive before any engine event")
    func liveIsReported() async {
        let controller = makeController()
        engine.reportsStatus = false
        let load = controller.load(itemID: "L", url: episodeA)
        await loader.waitUntilStarted(episodeA)
        loader.succeed(episodeA, isLive: true)
        await load.value
        #expect(await store.state == .ready(itemID: "L", isLive: true))
        #expect(engine.replacedAssets == [episodeA])
        #expect(engine.playCount == 1)
    }

    @Test("observer tasks end when the item changes; the old item's events change nothing")
    func observersEndWithTheirItem() async {
        let controller = makeController()
        let loadA = controller.load(itemID: "A", url: episodeA)
        await loader.waitUntilStarted(episodeA)
        loader.succeed(episodeA)
        await loadA.value
        #expect(controller.observerCount == 1)

        _ = controller.load(itemID: "B", url: episodeB)
        #expect(controller.observerCount == 0)  // cancelled at once, not at deinit
        await loader.waitUntilStarted(episodeB)
        engine.emit(.failed(message: "decoder error in A"))  // A's item is still in the engine
        engine.emit(.playedToEnd)
        await settle(store)
        #expect(await store.state == .loading(itemID: "B"))
    }

    @Test("engine events map to states: buffering, paused, ended, failed")
    func engineEventsBecomeStates() async {
        let controller = makeController()
        let ui = await store.updates()
        var states = ui.makeAsyncIterator()
        _ = await states.next()
        let load = controller.load(itemID: "A", url: episodeA)
        await loader.waitUntilStarted(episodeA)
        loader.succeed(episodeA)
        await load.value
        _ = await states.collect(until: .playing(itemID: "A"))
        engine.emit(.timeControlStatus(.waitingToPlayAtSpecifiedRate))
        #expect(await states.next() == .buffering(itemID: "A"))
        engine.emit(.timeControlStatus(.paused))
        #expect(await states.next() == .paused(itemID: "A"))
        engine.emit(.playedToEnd)
        #expect(await states.next() == .ended(itemID: "A"))
        engine.emit(.failed(message: "network lost"))
        #expect(await states.next() == .failed(itemID: "A", message: "network lost"))
    }

    @Test("stop empties the player and makes every later event stale")
    func stopResetsEverything() async {
        let controller = makeController()
        let load = controller.load(itemID: "A", url: episodeA)
        await loader.waitUntilStarted(episodeA)
        await controller.stop()
        loader.fail(episodeA, with: AssetLoadError.network("late"))
        await load.value
        #expect(await store.state == .idle)
        #expect(engine.replacedAssets == [nil])
    }
}

@Suite("PropertyAssetLoader", .timeLimit(.minutes(3)))
struct PropertyAssetLoaderTests {
    @Test("a superseded load's cancel handler runs and the load ends as cancelled")
    func cancellationReachesTheAsset() async {
        let asset = ControllableAsset()
        let loader = PropertyAssetLoader { _ in asset }
        let task = Task { try await loader.load(url: episodeA) }
        await asset.waitForLoads(atLeast: 1)
        task.cancel()
        let result = await task.result
        #expect(asset.didCancelLoading)
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("loads isPlayable and duration together; indefinite duration means live")
    func liveFromIndefiniteDuration() async throws {
        let asset = ControllableAsset(duration: .indefinite)
        asset.release()
        let loaded = try await PropertyAssetLoader { _ in asset }.load(url: episodeA)
        #expect(loaded.isLive)
        #expect(!asset.didCancelLoading)
    }

    @MainActor
    @Test("loading runs off the main actor even when called from it (@concurrent, SE-0461)")
    func loadsOffTheMainActor() async throws {
        let asset = ThreadRecordingAsset()
        _ = try await PropertyAssetLoader { _ in asset }.load(url: episodeA)
        #expect(asset.ranOnMainThread == false)
    }

    @Test("an unplayable asset is rejected with notPlayable")
    func rejectsUnplayable() async {
        let asset = ControllableAsset(isPlayable: false)
        asset.release()
        await #expect(throws: AssetLoadError.notPlayable) {
            try await PropertyAssetLoader { _ in asset }.load(url: episodeA)
        }
    }

    @MainActor
    @Test("through the controller: switching items cancels the first asset's loading")
    func controllerCancelsAssetLoading() async {
        let first = ControllableAsset()
        let second = ControllableAsset()
        let loader = PropertyAssetLoader { url in url == episodeA ? first : second }
        let store = PlaybackStateStore()
        let engine = FakePlaybackEngine<ControllableAsset>()
        let controller = PlayerController(player: engine, loader: loader, stateStore: store)
        let loadA = controller.load(itemID: "A", url: episodeA)
        await first.waitForLoads(atLeast: 1)
        let loadB = controller.load(itemID: "B", url: episodeB)
        await loadA.value
        #expect(first.didCancelLoading)
        let ui = await store.updates()
        var states = ui.makeAsyncIterator()
        second.release()
        await loadB.value
        #expect(await states.collect(until: .playing(itemID: "B")).allSatisfy { $0.itemID == "B" })
        #expect(engine.replacedAssets.count == 1 && engine.replacedAssets[0] === second)
    }
}

/// Lets already-enqueued hops into `store` run (bounded), for asserting that nothing changed.
private func settle(_ store: PlaybackStateStore) async {
    for _ in 0..<100 {
        await Task.yield()
        _ = await store.state
    }
}

extension AsyncStream<PlaybackState>.Iterator {
    /// Consumes states until `target` arrives and returns every state seen, `target` included.
    /// The suite's time limit bounds the wait if `target` never comes.
    mutating func collect(until target: PlaybackState) async -> [PlaybackState] {
        var seen: [PlaybackState] = []
        while let state = await next(isolation: #isolation) {
            seen.append(state)
            if state == target { break }
        }
        return seen
    }
}

/// An asset that records whether its loads ran on the main thread.
private final class ThreadRecordingAsset: AsynchronousPropertyLoading {
    private let mainThreadLoads = Locked<[Bool]>([])

    var ranOnMainThread: Bool? { mainThreadLoads.withLock { $0.isEmpty ? nil : $0.contains(true) } }

    func load<Value>(_ property: AssetProperty<Value>) async throws -> Value {
        mainThreadLoads.withLock { $0.append(Thread.isMainThread) }
        if let value = (property.name == "duration" ? MediaTime.zero : nil) as? Value { return value }
        if let value = (property.name == "isPlayable" ? true : nil) as? Value { return value }
        throw AssetLoadError.notPlayable
    }

    func cancelLoading() {}
}
