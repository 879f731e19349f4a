import Spool

/// `--stats`: the statistics of every item that ended, failed while current, or was current at
/// quit, printed as one JSON object when the session finishes.
///
/// It holds each queued item until it is collected: an item's statistics are read once, when
/// it is done, and an item skipped with Next is never collected (as before the split).
@MainActor
final class PlayStatisticsCollector: PlaySessionObserver {
    private let prints: Bool
    private var items: [ItemID: PlayerItem] = [:]
    /// The statistics collected so far, in the order the items were done.
    private(set) var finished: [PlaybackStatistics] = []

    /// Collects for a summary printed by `printReport()` when `prints` (`--stats`).
    init(prints: Bool) { self.prints = prints }

    /// Holds `item` until it is collected.
    func track(_ item: PlayerItem) { items[item.id] = item }

    /// Takes the statistics of `id`, once; later calls for it do nothing.
    func collect(_ id: ItemID) {
        if let item = items.removeValue(forKey: id) { finished.append(item.statistics) }
    }

    /// An item played to its end is collected.
    func handle(_ event: PlayerItemEvent) {
        if case .didPlayToEnd(let id) = event { collect(id) }
    }

    /// Prints the summary on stdout (`--stats`); nothing without it.
    func printReport() {
        guard prints else { return }
        print(StatisticsReport(finished).json())
    }
}
