public import Foundation
import SpoolCore

#if canImport(Glibc)
    import Glibc
#endif

/// A low-latency HLS origin on 127.0.0.1 (Tests/MediaTools/ll_hls_origin.py): ffmpeg encodes
/// a test source in real time into 1-s fMP4 parts, four to a 4-s segment; the media playlist
/// lists the parts, offers blocking reloads (CAN-BLOCK-RELOAD, PART-HOLD-BACK=2 s), a preload
/// hint for the next part (held until written) and delta updates (CAN-SKIP-UNTIL), and logs
/// every request. It stops after `lifetime`, on `stop()`, or when released.
public final class LowLatencyHLSOrigin: Sendable {
    /// One request the origin answered.
    public struct Request: Sendable, Equatable {
        /// Seconds since the origin started, at the request's arrival.
        public let time: Double
        /// The path, without the query.
        public let path: String
        /// The query's parameters.
        public let query: [String: String]
        /// The HTTP status answered.
        public let status: Int
        /// How long the answer was held (a blocking reload waits for its part).
        public let heldMilliseconds: Int
    }

    /// The media playlist.
    public let url: URL
    private let process: ChildProcess
    private let requestLog: URL
    private let partsLog: URL

    /// Starts the origin and waits (at most 30 s) until it listens. Throws when python3 or
    /// ffmpeg is missing or the origin does not come up.
    public init(lifetime: Duration = .seconds(120)) throws {
        let directory = try TestMedia.directory().appendingPathComponent("ll-hls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // This file is Sources/SpoolTestSupport/HLS/LowLatencyHLSOrigin.swift in the repository.
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Tests/MediaTools/ll_hls_origin.py")
        let portFile = directory.appendingPathComponent("port")
        requestLog = directory.appendingPathComponent("requests.jsonl")
        partsLog = directory.appendingPathComponent("parts.jsonl")
        let seconds = Int(lifetime.components.seconds)
        process = try ChildProcess(
            try ToolRunner.find("python3"),
            [
                script.path, "--dir", directory.appendingPathComponent("media").path, "--port-file", portFile.path,
                "--log", requestLog.path, "--parts-log", partsLog.path, "--lifetime", String(seconds),
            ], outputFile: directory.appendingPathComponent("origin.log"))
        let deadline = ContinuousClock.now + .seconds(30)
        var port: Int?
        while port == nil, ContinuousClock.now < deadline, !process.hasExited {
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            if port == nil { usleep(20_000) }
        }
        guard let port else {
            process.terminate()
            throw ToolError(description: "the LL-HLS origin did not start (see \(directory.path)/origin.log)")
        }
        url = URL(string: "http://127.0.0.1:\(port)/live.m3u8")!
    }

    deinit {
        stop()
    }

    /// Stops the origin and its ffmpeg (SIGTERM, then SIGKILL after 5 s). Blocking.
    public func stop() {
        process.terminate()
    }

    /// How many parts are complete, and where the newest ends on the stream's timeline
    /// (seconds from the stream's start; the parts are 1 s long).
    public func newestPart() -> (count: Int, end: Double)? {
        guard let last = lines(of: partsLog).last,
            let part = last["part"] as? Int, let end = last["end"] as? Double
        else { return nil }
        return (part + 1, end)
    }

    /// Blocks (polling every 50 ms) until at least `count` parts are complete; `false` after
    /// `timeout`.
    public func waitForParts(_ count: Int, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let newest = newestPart(), newest.count >= count { return true }
            usleep(50_000)
        }
        return false
    }

    /// Every request answered so far, in arrival order.
    public func requests() -> [Request] {
        lines(of: requestLog).compactMap { line in
            guard let time = line["t"] as? Double, let path = line["path"] as? String,
                let status = line["status"] as? Int, let held = line["held_ms"] as? Int
            else { return nil }
            return Request(
                time: time, path: path, query: line["query"] as? [String: String] ?? [:], status: status,
                heldMilliseconds: held)
        }
    }

    private func lines(of file: URL) -> [[String: Any]] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}
