import SpoolCore
import SpoolMedia

/// The probes, process-wide, whose open containers wait for a player item's playback that
/// has not asked for them yet (`URLAsset.holdForPlayback()`: a metadata load started the
/// probe): at most `limit`, the oldest discarded first. A container a playback is already
/// waiting for is claimed and never registered here, so it cannot be evicted.
///
/// A parked container is an open file or connection plus the packets FFmpeg read for stream
/// info (megabytes for a video). An app that makes a thousand items and loads each one's
/// duration for a playlist view must not hold a thousand of them; the few items about to
/// play are what parking is for. An evicted item's playback opens its file again.
final class ParkedContainers: Sendable {
    /// The one registry every asset parks in.
    static let shared = ParkedContainers(limit: 4)

    private let limit: Int
    private let parked = Locked<[MediaProbe]>([])

    init(limit: Int) {
        self.limit = limit
    }

    /// Registers `probe` as holding a container; discards the oldest beyond the limit.
    func park(_ probe: MediaProbe) {
        let evicted = parked.withLock { parked -> [MediaProbe] in
            if !parked.contains(where: { $0 === probe }) { parked.append(probe) }
            let excess = max(parked.count - limit, 0)
            defer { parked.removeFirst(excess) }
            return Array(parked.prefix(excess))
        }
        for probe in evicted { probe.discardContainer() }
    }

    /// Forgets `probe` (its container was taken or discarded by its asset).
    func unpark(_ probe: MediaProbe) {
        parked.withLock { parked in parked.removeAll { $0 === probe } }
    }

    /// How many probes are parked (tests).
    var count: Int { parked.withLock { $0.count } }
}
