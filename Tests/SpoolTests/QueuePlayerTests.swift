import Foundation
import SpoolTestSupport
import Testing

@testable import Spool

@MainActor
@Suite("QueuePlayer and PlayerLooper", .timeLimit(.minutes(3)))
struct QueuePlayerTests {
    let pipelines = FakePipelines()
    let configuration = PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: ManualClock())

    func item(_ name: String) -> PlayerItem { PlayerItem(url: URL(fileURLWithPath: "/media/\(name).mp4")) }

    @Test("advances at each item's end, keeps playing, and pauses after the last")
    func advancesThroughTheQueue() async {
        let (a, b) = (item("a"), item("b"))
        let player = QueuePlayer(items: [a, b], configuration: configuration, makePlayback: pipelines.factory())
        var events = player.itemEvents().makeAsyncIterator()
        player.play()
        #expect(player.currentItem === a && player.items().count == 2)
        pipelines.last!.send(.ready(readyInfo))
        pipelines.last!.send(.playedToEnd)
        _ = await events.next { $0 == .currentItemChanged(itemID: b.id) }
        #expect(player.currentItem === b && player.rate == 1)
        #expect(pipelines.made.count == 2 && pipelines.made[0].isStopped)
        pipelines.last!.send(.ready(readyInfo))
        pipelines.last!.send(.playedToEnd)
        _ = await events.next { $0 == .currentItemChanged(itemID: nil) }
        #expect(player.currentItem == nil && player.rate == 0 && player.timeControlStatus == .paused)
    }

    @Test("insert, remove and advance edit the queue in place")
    func editsTheQueue() {
        let (a, b, c) = (item("a"), item("b"), item("c"))
        let player = QueuePlayer(items: [a, c], configuration: configuration, makePlayback: pipelines.factory())
        player.insert(b, after: a)
        #expect(player.items().map(\.id) == [a.id, b.id, c.id])
        player.insert(b, after: nil)  // already queued: ignored
        #expect(player.items().count == 3)
        player.remove(c)
        #expect(player.items().map(\.id) == [a.id, b.id])
        player.advanceToNextItem()
        #expect(player.currentItem === b && player.items().map(\.id) == [b.id])
        player.removeAllItems()
        #expect(player.currentItem == nil)
    }

    @Test("the looper plays its item the number of times asked, then stops")
    func loopsAFixedNumberOfTimes() async {
        let template = item("loop")
        let player = QueuePlayer(items: [], configuration: configuration, makePlayback: pipelines.factory())
        let looper = PlayerLooper(player: player, templateItem: template, loopLimit: 3)
        var events = player.itemEvents().makeAsyncIterator()
        player.play()
        for loop in 1...3 {
            let current = player.currentItem
            #expect(current?.asset === template.asset)
            pipelines.last!.send(.ready(readyInfo))
            pipelines.last!.send(.playedToEnd)
            _ = await events.next { $0 == .didPlayToEnd(itemID: current!.id) }
            while looper.loopCount < loop { await Task.yield() }
        }
        #expect(looper.loopCount == 3 && looper.status == .finished)
        #expect(player.currentItem == nil && pipelines.made.count == 3)
    }

    @Test("the next item is prerolled once the current one is ready, then adopted at the end, not made again")
    func prerollsTheNextItem() async {
        let (a, b) = (item("a"), item("b"))
        let player = QueuePlayer(items: [a, b], configuration: configuration, makePlayback: pipelines.factory())
        var events = player.itemEvents().makeAsyncIterator()
        player.play()
        #expect(pipelines.made.count == 1, "nothing prerolled before the current item is ready")
        let first = pipelines.made[0]
        first.send(.ready(readyInfo))
        _ = await events.next { $0 == .readyToPlay(itemID: a.id) }
        #expect(pipelines.made.count == 2)
        let next = pipelines.made[1]
        #expect(next.calls.contains(.prepareAsNext) && !next.calls.contains(.start(nil)))
        #expect(next.lastRate == 1, "prerolled at the player's rate")
        // A failure of the prerolled item is not the player's while it is not current.
        next.send(.failed(PlaybackError(.decodingFailed, "b is broken")))
        first.send(.playedToEnd)
        _ = await events.next { $0 == .currentItemChanged(itemID: b.id) }
        #expect(pipelines.made.count == 2 && first.isStopped && next.calls.contains(.activate))
        _ = await events.next { if case .failed(let id, _) = $0 { id == b.id } else { false } }
        #expect(player.currentItem === b && b.status == .failed)
    }

    @Test("a prerolled item removed from the queue is stopped; prerollsNextItem = false makes none")
    func removedPrerollStops() async {
        let (a, b, c) = (item("a"), item("b"), item("c"))
        let player = QueuePlayer(items: [a, b, c], configuration: configuration, makePlayback: pipelines.factory())
        var events = player.itemEvents().makeAsyncIterator()
        pipelines.made[0].send(.ready(readyInfo))
        _ = await events.next { $0 == .readyToPlay(itemID: a.id) }
        #expect(pipelines.made.count == 2)
        player.remove(b)
        #expect(pipelines.made[1].isStopped && pipelines.made.count == 3, "c is the next item now")
        player.prerollsNextItem = false
        #expect(pipelines.made[2].isStopped && pipelines.made.count == 3)
    }
}
