import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolCore

private let movie = URL(string: "https://cdn.example/movie.mp4")!
private let next = URL(string: "https://cdn.example/next.mp4")!

@MainActor
@Suite("PlayerController resume positions", .timeLimit(.minutes(3)))
struct PlayerControllerResumeTests {
    let loader = ScriptedAssetLoader()
    let engine = FakePlaybackEngine<URL>()
    let clock = ManualClock()

    func makeController(api: ControllableProgressAPI) -> (
        PlayerController<ScriptedAssetLoader, FakePlaybackEngine<URL>>, ResumePositionStore
    ) {
        let positions = ResumePositionStore(api: api)
        let policy = ResumePolicy(store: positions, clock: clock, recordInterval: .seconds(5), flushEvery: 2)
        let controller = PlayerController(
            player: engine, loader: loader, stateStore: PlaybackStateStore(), resume: policy)
        return (controller, positions)
    }

    func play(_ controller: PlayerController<ScriptedAssetLoader, FakePlaybackEngine<URL>>, _ id: ItemID, _ url: URL)
        async
    {
        let load = controller.load(itemID: id, url: url)
        await loader.waitUntilStarted(url)
        loader.succeed(url)
        await load.value
    }

    @Test("a saved position is where the item starts, seeked before play")
    func resumesAtTheSavedPosition() async {
        let api = ControllableProgressAPI(stored: ["movie": 42.5])
        let (controller, _) = makeController(api: api)
        await play(controller, "movie", movie)
        guard engine.calls.count >= 3, case .seek(let time) = engine.calls[1], case .play = engine.calls[2] else {
            Issue.record("expected replace, seek, play; got \(engine.calls)")
            return
        }
        #expect(time == MediaTime(value: 42_500, timescale: 1000))
    }

    @Test("a position below the minimum starts from the beginning")
    func ignoresTinyPositions() async {
        let api = ControllableProgressAPI(stored: ["movie": 2])
        let (controller, _) = makeController(api: api)
        await play(controller, "movie", movie)
        #expect(!engine.calls.contains { if case .seek = $0 { true } else { false } })
    }

    @Test("the playhead is recorded every interval and flushed every second recording, on the injected clock")
    func recordsOnTheClock() async {
        let api = ControllableProgressAPI()
        let (controller, positions) = makeController(api: api)
        await play(controller, "movie", movie)
        await clock.waitForSleepers(atLeast: 1)
        engine.time = MediaTime(seconds: 5, preferredTimescale: 1000)
        clock.advance(by: .seconds(4))
        #expect(await positions.pendingCount == 0)  // not yet: nothing hops in before the interval
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(atLeast: 1)  // the timer recorded and went back to sleep
        #expect(await positions.pendingPositions == ["movie": 5])
        #expect(await api.receivedBatches.isEmpty)
        engine.time = MediaTime(seconds: 10, preferredTimescale: 1000)
        clock.advance(by: .seconds(5))
        await clock.waitForSleepers(atLeast: 1)
        #expect(await api.receivedBatches == [["movie": 10]])
        _ = controller
    }

    @Test("switching items saves where the previous one was left, and its timer stops")
    func itemChangeSavesTheFinalPosition() async {
        let api = ControllableProgressAPI()
        let (controller, _) = makeController(api: api)
        await play(controller, "movie", movie)
        await clock.waitForSleepers(atLeast: 1)
        engine.time = MediaTime(seconds: 61, preferredTimescale: 1)
        let loadNext = controller.load(itemID: "next", url: next)
        #expect(clock.sleeperCount == 0)  // the first item's timer was cancelled at once
        await loader.waitUntilStarted(next)
        loader.succeed(next)
        await loadNext.value
        await controller.stop()
        let saved = await api.stored
        #expect(saved["movie"] == 61)
    }

    @Test("an item that played to its end starts over next time")
    func endedItemsResetToZero() async {
        let api = ControllableProgressAPI(stored: ["movie": 30])
        let (controller, _) = makeController(api: api)
        await play(controller, "movie", movie)
        engine.time = MediaTime(seconds: 90, preferredTimescale: 1)
        let updates = await controller.stateStore.updates()
        var states = updates.makeAsyncIterator()
        engine.emit(.playedToEnd)
        while let state = await states.next(isolation: #isolation), state != .ended(itemID: "movie") {}
        await controller.stop()
        #expect(await api.stored["movie"] == 0)
    }
}
