public import Foundation
import SpoolCore

#if canImport(Glibc)
    import Glibc
#endif

/// A live HLS stream that ffmpeg produces in real time into a directory under
/// `HLSTestMedia.root()`: a sliding window (`EXT-X-MEDIA-SEQUENCE` advancing, old segments
/// deleted), no EXT-X-ENDLIST until it ends, EXT-X-PROGRAM-DATE-TIME on every segment.
///
/// Two variants (256x144 ~200 kb/s, 480x270 ~500 kb/s) with AAC muxed in, sharing
/// boundaries. ffmpeg writes each segment and playlist to a temporary name and renames it,
/// so a server never serves a half-written file. The producer exits on its own after its
/// lifetime; `stop()` (also run on deinit) ends it earlier, and ffmpeg then writes
/// EXT-X-ENDLIST as a live stream that ends would.
public final class HLSLiveStream: Sendable {
    /// The served root the paths are relative to (`HLSTestMedia.root()`).
    public let root: URL
    /// The multivariant playlist, relative to `root`: "/live-1/master.m3u8".
    public let masterPlaylistPath: String
    /// The variants' media playlists, relative to `root`, lowest bandwidth first.
    public let variantPlaylistPaths: [String]
    /// The target segment duration in seconds.
    public let segmentSeconds: Int
    /// How many segments each media playlist lists.
    public let listSize: Int

    private let process: ChildProcess

    /// The ffmpeg process id.
    public var pid: Int32 { process.pid }

    /// Whether the producer is still running.
    public var isRunning: Bool { !process.hasExited }

    init(root: URL, name: String, segmentSeconds: Int, listSize: Int, process: ChildProcess) {
        self.root = root
        masterPlaylistPath = "/\(name)/master.m3u8"
        variantPlaylistPaths = ["/\(name)/v0/index.m3u8", "/\(name)/v1/index.m3u8"]
        self.segmentSeconds = segmentSeconds
        self.listSize = listSize
        self.process = process
    }

    deinit {
        stop()
    }

    /// The file behind a root-relative `path`.
    public func fileURL(_ path: String) -> URL {
        root.appendingPathComponent(String(path.drop { $0 == "/" }))
    }

    /// The current text of the playlist at root-relative `path`, or `nil` before ffmpeg wrote it.
    public func playlistText(_ path: String) -> String? {
        try? String(contentsOf: fileURL(path), encoding: .utf8)
    }

    /// EXT-X-MEDIA-SEQUENCE and the number of segments of the media playlist at `path` now.
    public func window(_ path: String) -> (mediaSequence: Int, segmentCount: Int)? {
        guard let text = playlistText(path) else { return nil }
        let lines = text.split(separator: "\n")
        let sequence =
            lines.first { $0.hasPrefix("#EXT-X-MEDIA-SEQUENCE:") }
            .flatMap { Int($0.dropFirst("#EXT-X-MEDIA-SEQUENCE:".count)) } ?? 0
        return (sequence, lines.filter { $0.hasPrefix("#EXTINF:") }.count)
    }

    /// Blocks until `predicate` holds for variant 0's window (polled every 50 ms);
    /// `false` when `timeout` passed first or the producer exited.
    public func waitForWindow(timeout: Duration, _ predicate: (_ mediaSequence: Int, _ segmentCount: Int) -> Bool)
        -> Bool
    {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let window = window(variantPlaylistPaths[0]), predicate(window.mediaSequence, window.segmentCount),
                FileManager.default.fileExists(atPath: fileURL(masterPlaylistPath).path)
            {
                return true
            }
            if process.hasExited { return false }
            usleep(50_000)
        }
        return false
    }

    /// `waitForWindow(timeout:_:)` on a dedicated thread, for async callers.
    public func waitForWindow(
        timeout: Duration, _ predicate: @escaping @Sendable (_ mediaSequence: Int, _ segmentCount: Int) -> Bool
    ) async -> Bool {
        await runOnDedicatedThread { self.waitForWindow(timeout: timeout, predicate) }
    }

    /// Ends the producer (SIGTERM, SIGKILL after 5 s) and waits for it. Idempotent; blocks briefly.
    public func stop() {
        process.terminate(grace: .seconds(5))
    }
}

extension HLSTestMedia {
    /// Starts ffmpeg producing a live stream in real time (`-re`) in a new directory under
    /// `root()`, and returns once the master and a first segment of each variant exist.
    /// The producer stops by itself after `lifetime`, so a leaked stream cannot outlive the
    /// test run by much.
    public static func startLive(segmentSeconds: Int = 1, listSize: Int = 5, lifetime: Duration = .seconds(60))
        async throws -> HLSLiveStream
    {
        let root = try root()
        let name = "live-\(liveCounter.withLock { $0 += 1; return $0 })"
        let directory = root.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let frames = 25 * segmentSeconds
        let filter = "[0:v]split=2[s0][s1];[s0]scale=256:144[v0];[s1]scale=480:270[v1]"
        var arguments: [String] = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
        arguments += ["-re", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"]
        arguments += ["-re", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"]
        arguments += ["-t", String(lifetime.components.seconds), "-filter_complex", filter]
        arguments += ["-map", "[v0]", "-map", "[v1]", "-map", "1:a", "-map", "1:a"]
        arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p"]
        arguments += ["-g", "\(frames)", "-keyint_min", "\(frames)", "-sc_threshold", "0"]
        arguments += [
            "-force_key_frames", "expr:gte(t,n_forced*\(segmentSeconds))", "-b:v:0", "200k", "-b:v:1", "500k",
        ]
        arguments += ["-c:a", "aac", "-b:a", "64k", "-ac", "1"]
        arguments += ["-f", "hls", "-hls_time", "\(segmentSeconds)", "-hls_list_size", "\(listSize)"]
        arguments += ["-hls_flags", "delete_segments+temp_file+program_date_time", "-master_pl_name", "master.m3u8"]
        arguments += ["-var_stream_map", "v:0,a:0 v:1,a:1"]
        arguments += ["-hls_segment_filename", directory.appendingPathComponent("v%v/seg%05d.ts").path]
        arguments += [directory.appendingPathComponent("v%v/index.m3u8").path]
        let process = try ChildProcess(
            try ToolRunner.find("ffmpeg"), arguments, outputFile: directory.appendingPathComponent("ffmpeg.log"))
        let stream = HLSLiveStream(
            root: root, name: name, segmentSeconds: segmentSeconds, listSize: listSize, process: process)
        let ready = await stream.waitForWindow(timeout: .seconds(20)) { _, count in count >= 1 }
        guard ready else {
            stream.stop()
            let log = (try? String(contentsOf: directory.appendingPathComponent("ffmpeg.log"), encoding: .utf8)) ?? ""
            throw ToolError(description: "live ffmpeg produced no segment within 20 s: \(log)")
        }
        return stream
    }

    private static let liveCounter = Locked(0)
}
