import Foundation
import SpoolCore

/// A `ClosedCaptionScan` running on a thread of its own, started beside a probe's stream-info
/// pass (which decodes frames and takes longer than the scan's bare read), so that a local
/// file's time to its first frame does not wait for it; the probe joins it before it reports.
final class ClosedCaptionScanJob: Sendable {
    private let outcome = ConditionLock<(streamIndex: Int, hasCaptions: Bool)??>(nil)
    private let thread: SpoolThread

    /// Starts scanning `source` (not yet opened; closed by the scan). `interrupt` stops it at
    /// its next packet.
    init(source: any ByteSource, interrupt: InterruptFlag) {
        let outcome = outcome
        thread = SpoolThread.start("spool-cc-scan") {
            let found = ClosedCaptionScan.scan(source: source, interrupt: interrupt)
            outcome.update { $0 = .some(found) }
        }
    }

    /// Waits for the scan; the stream it read and whether that stream has captions, `nil`
    /// when the file has no stream that can carry them or could not be read.
    func result() -> (streamIndex: Int, hasCaptions: Bool)? {
        _ = thread.join()
        return outcome.withLock { $0 ?? nil }
    }
}
