import SpoolCore

/// How much media is ahead of the playhead, as the download thread counts it for the forward
/// buffer and the variant choice: what is queued here plus what the consumer holds.
///
/// The consumer measures only what it has demuxed, so a segment it has taken but not yet read
/// a packet of would count nowhere, and the level would drop by a whole segment for that
/// moment. On a busy machine the download thread decides its next variant in exactly that
/// moment (it queued a segment, the waiting consumer took it, the demux thread has not run):
/// a choice made on a buffer a segment too low stepped down for one segment. So a handed
/// segment is counted as played at normal speed from when it was handed (`handedRunsOut`)
/// until the consumer's own measure covers it. Before playback starts nothing is played, so
/// every segment handed then is still ahead (`handedBeforeStart`).
struct ForwardBufferLevel: Sendable, Equatable {
    /// Seconds of segments queued and not yet handed to the consumer.
    var queuedSeconds = 0.0
    /// Seconds of segments handed to the consumer before playback started.
    var handedBeforeStart = 0.0
    /// When, on the stream's clock, the media handed to the consumer after playback started
    /// runs out at normal speed; `nil` before any was handed.
    var handedRunsOut: Duration?

    /// Counts a segment of `seconds` queued.
    mutating func queued(seconds: Double) {
        queuedSeconds += seconds
    }

    /// Counts a queued segment of `seconds` handed to the consumer at `now`, which held
    /// `consumer` ahead of the playhead then.
    mutating func handed(seconds: Double, started: Bool, consumer: Duration, at now: Duration) {
        queuedSeconds = max(0, queuedSeconds - seconds)
        guard started else {
            handedBeforeStart += seconds
            return
        }
        let held = max(now + consumer, handedRunsOut ?? now)
        handedRunsOut = held + .milliseconds(Int64(seconds * 1000))
    }

    /// The seconds ahead of the playhead at `now`, with the consumer holding `consumer`.
    func seconds(consumer: Duration, started: Bool, at now: Duration) -> Double {
        guard started else { return queuedSeconds + max(consumer.timeInterval, handedBeforeStart) }
        let handed = handedRunsOut.map { max($0 - now, .zero) } ?? .zero
        return queuedSeconds + max(consumer, handed).timeInterval
    }
}
