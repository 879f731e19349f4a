/// Plays a list of items in order, advancing at each item's end (AVQueuePlayer's counterpart).
@MainActor
public final class QueuePlayer: Player {
    private var queue: [PlayerItem] = []

    /// Whether the next item is opened and primed while the current one plays, so that the
    /// join is gapless: its first audio sample follows the current item's last on the same
    /// device, and its first frame is ready when the current item ends. `true` by default;
    /// `false` opens each item only after the previous one ended (and its audio drained).
    public var prerollsNextItem = true {
        didSet { updatePreroll() }
    }

    /// A queue player with `items`, the first one current. Advances at item ends.
    public init(items: [PlayerItem], configuration: PlayerConfiguration) {
        // Built like a plain player's, so its audio output joins its audio session.
        super.init(configuration: configuration, composition: .engine(configuration))
        actionAtItemEnd = .advance
        queue = items
        replaceCurrentItem(with: queue.first)
    }

    init(items: [PlayerItem], configuration: PlayerConfiguration, makePlayback: @escaping ItemPlaybackFactory) {
        super.init(configuration: configuration, composition: .scripted(makePlayback))
        actionAtItemEnd = .advance
        queue = items
        replaceCurrentItem(with: queue.first)
    }

    /// The items still to play, the current one first.
    public func items() -> [PlayerItem] { queue }

    /// Ends the current item and starts the next (or empties the player after the last).
    /// The rate is kept: a playing queue keeps playing.
    public func advanceToNextItem() {
        if !queue.isEmpty { queue.removeFirst() }
        replaceCurrentItem(with: queue.first)
    }

    /// Makes `item` current, dropping the items queued before it, in one change (so the
    /// items skipped are never opened). Nothing happens when `item` is current or not queued.
    public func advance(to item: PlayerItem) {
        guard let index = queue.firstIndex(where: { $0 === item }), index > 0 else { return }
        queue.removeFirst(index)
        replaceCurrentItem(with: item)
    }

    override func itemToPreroll() -> PlayerItem? {
        prerollsNextItem && queue.count > 1 ? queue[1] : nil
    }

    /// Inserts `item` after `afterItem`, or at the end when `afterItem` is nil or not queued.
    /// An item already queued is not inserted twice.
    public func insert(_ item: PlayerItem, after afterItem: PlayerItem?) {
        guard !queue.contains(where: { $0 === item }) else { return }
        if let afterItem, let index = queue.firstIndex(where: { $0 === afterItem }) {
            queue.insert(item, at: index + 1)
        } else {
            queue.append(item)
        }
        if currentItem == nil { replaceCurrentItem(with: queue.first) } else { updatePreroll() }
    }

    /// Whether `item` may be inserted after `afterItem` (it is not queued already).
    public func canInsert(_ item: PlayerItem, after afterItem: PlayerItem?) -> Bool {
        !queue.contains { $0 === item }
    }

    /// Removes `item`; removing the current item advances to the next.
    public func remove(_ item: PlayerItem) {
        guard let index = queue.firstIndex(where: { $0 === item }) else { return }
        if index == 0 {
            advanceToNextItem()
        } else {
            queue.remove(at: index)
            updatePreroll()
        }
    }

    /// Removes every item and empties the player.
    public func removeAllItems() {
        queue.removeAll()
        replaceCurrentItem(with: nil)
    }

    override func advanceAfterEnd() {
        advanceToNextItem()
        if currentItem == nil { super.advanceAfterEnd() }  // the queue ran out: pause
    }

    /// `replaceCurrentItem(with:)` on a queue player replaces the head of the queue.
    public override func replaceCurrentItem(with item: PlayerItem?) {
        if let item, queue.first !== item {
            if !queue.isEmpty { queue.removeFirst() }
            queue.insert(item, at: 0)
        }
        super.replaceCurrentItem(with: item)
    }
}
