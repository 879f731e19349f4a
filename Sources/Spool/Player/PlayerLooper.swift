import Foundation

/// Plays one item over and over on a queue player (AVPlayerLooper's counterpart).
///
/// The looper keeps one replica of the template item queued behind the playing one, so the
/// next loop's item is ready when the current one ends. Replicas share the template's asset,
/// whose probe result is cached, so each loop starts without probing again.
@MainActor
public final class PlayerLooper {
    /// Whether the looper is still looping.
    public enum Status: Sendable, Equatable {
        /// Replicas are being queued.
        case looping
        /// The loop limit was reached or `disableLooping()` was called.
        case finished
    }

    /// How many times the item has played to its end so far.
    public private(set) var loopCount = 0
    /// Whether the looper is still looping.
    public private(set) var status: Status = .looping

    private let player: QueuePlayer
    private let templateItem: PlayerItem
    private let loopLimit: Int?
    private var replicas: [PlayerItem] = []
    private var listener: Task<Void, Never>?

    /// Loops `templateItem` on `player`, `loopLimit` times in all (nil: until disabled).
    /// The player's queue is replaced by the replicas.
    public init(player: QueuePlayer, templateItem: PlayerItem, loopLimit: Int? = nil) {
        self.player = player
        self.templateItem = templateItem
        self.loopLimit = loopLimit.map { max($0, 1) }
        player.removeAllItems()
        let events = player.itemEvents()
        enqueueReplica()
        if loopLimit.map({ $0 > 1 }) ?? true { enqueueReplica() }
        listener = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                if case .didPlayToEnd(let id) = event, self.replicas.contains(where: { $0.id == id }) {
                    self.itemDidEnd(id)
                }
            }
        }
    }

    /// Stops queuing replicas; the playing replica plays to its end.
    public func disableLooping() {
        status = .finished
        for replica in replicas.dropFirst() { player.remove(replica) }
        replicas = Array(replicas.prefix(1))
        listener?.cancel()
    }

    private func itemDidEnd(_ id: ItemID) {
        loopCount += 1
        replicas.removeAll { $0.id == id }
        if let loopLimit, loopCount >= loopLimit {
            status = .finished
            listener?.cancel()
            return
        }
        let queued = replicas.count
        let remaining = loopLimit.map { $0 - loopCount - queued } ?? 1
        if status == .looping, remaining > 0 { enqueueReplica() }
    }

    private func enqueueReplica() {
        let replica = PlayerItem(asset: templateItem.asset)
        replica.audioTimePitchAlgorithm = templateItem.audioTimePitchAlgorithm
        replica.preferredForwardBufferDuration = templateItem.preferredForwardBufferDuration
        replicas.append(replica)
        player.insert(replica, after: nil)
    }
}
