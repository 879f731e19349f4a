import Foundation
import Spool
import Testing

@testable import spool

@Suite("spool play's observers: statistics and item names")
@MainActor
struct PlaySessionObserverTests {
    @Test("an item's statistics are collected once, at its end or by an explicit collect")
    func statisticsCollectedOnce() {
        let collector = PlayStatisticsCollector(prints: false)
        let ended = PlayerItem(url: URL(fileURLWithPath: "/nonexistent/a.mp4"))
        let failed = PlayerItem(url: URL(fileURLWithPath: "/nonexistent/b.mp4"))
        collector.track(ended)
        collector.track(failed)
        collector.handle(.didPlayToEnd(itemID: ended.id))
        collector.collect(ended.id)
        collector.collect(failed.id)
        collector.handle(.didPlayToEnd(itemID: failed.id))
        collector.collect(ItemID("never tracked"))
        #expect(collector.finished.count == 2)
    }

    @Test("items are named after their inputs; an unnamed item without interstitials has no name")
    func itemNames() {
        let names = PlayItemNames()
        names.add(ItemID("one"), input: "clip.mp4")
        #expect(names.input(of: ItemID("one")) == "clip.mp4")
        #expect(names.name(of: ItemID("one")) == "clip.mp4")
        #expect(names.input(of: ItemID("other")) == nil)
        #expect(names.name(of: ItemID("other")) == nil)
    }
}
