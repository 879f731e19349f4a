import Foundation
import Spool

/// `--events FILE`: one JSON object per line for every state change, seek, stall, item change,
/// error, network path change (`network`: status and interfaces) and wait for the network
/// (`waiting`: the reason), each with `item` (the input's position and name) and `t` (seconds
/// since start).
///
/// Lines are written and flushed as they happen, so a reader tailing the file (or a test
/// reading it after a crash) sees every event up to that moment.
@MainActor
final class EventLog {
    private let handle: FileHandle?
    private let start: ContinuousClock.Instant
    private let clock: ContinuousClock

    /// Opens `path` in place (created or truncated, never renamed over); throws
    /// `OutputFileError` naming the path and the reason.
    init(path: String?, clock: ContinuousClock) throws(OutputFileError) {
        self.clock = clock
        start = clock.now
        guard let path else {
            handle = nil
            return
        }
        handle = try OutputFile.openForWriting(path)
    }

    /// Writes one event; `fields` are merged with `type`, `item` and `t`.
    func write(_ type: String, item: String?, _ fields: [String: any Sendable] = [:]) {
        guard let handle else { return }
        var object: [String: Any] = fields
        object["type"] = type
        object["item"] = item ?? NSNull()
        object["t"] = (start.duration(to: clock.now)).timeInterval
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        else { return }
        handle.write(data + Data("\n".utf8))
    }

    func close() {
        try? handle?.close()
    }
}
