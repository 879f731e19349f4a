import SpoolCore

/// How far the demux thread is ahead of the playhead: the latest packet time it read minus
/// the clock's media time. The HLS segment stream adds this to what it has queued to know
/// the buffer level.
final class DemuxedAhead: Sendable {
    private let latest = Locked<MediaTime>(.invalid)
    private let playhead: @Sendable () -> MediaTime

    /// Measures against `playhead` (any thread may call it).
    init(playhead: @escaping @Sendable () -> MediaTime) {
        self.playhead = playhead
    }

    /// Records a packet's time (or a seek target).
    func record(_ time: MediaTime) {
        guard time.isNumeric else { return }
        latest.withLock { $0 = time }
    }

    /// The media held ahead of the playhead; zero when unknown.
    var duration: Duration {
        let latest = latest.withLock { $0 }
        let now = playhead()
        guard latest.isNumeric, now.isNumeric, latest > now else { return .zero }
        return .milliseconds(Int64((latest - now).seconds * 1000))
    }
}
