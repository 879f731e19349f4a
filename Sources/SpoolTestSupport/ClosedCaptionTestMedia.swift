public import Foundation

/// H.264 video carrying CEA-608 closed captions in ATSC A/53 SEI, generated once per test
/// process into `TestMedia.directory()` (nothing downloaded or committed).
///
/// Debian's ffmpeg 5.1 cannot author A/53 captions from text (its encoders only copy caption
/// side data that decoded frames already carry), and it loses B-frame presentation times when
/// it remuxes a raw Annex-B stream (the raw h264 demuxer gives pts == dts; mpegts then refuses
/// the packets). So: libx264 encodes lavfi video with its default B-frames and access-unit
/// delimiters into an MP4; `h264_mp4toannexb` writes its Annex-B stream; ffprobe lists the
/// packets' times; `Tests/MediaTools/cea608_sei.py` inserts a caption SEI into each access
/// unit (pairs in presentation order, emulation prevention applied) and writes an FLV that
/// keeps each packet's composition offset; `ffmpeg -c copy` remuxes that to MPEG-TS, MP4 and Matroska.
/// ffmpeg's own reading of the result (`movie=F[out0+subcc]`) is the tests' reference.
public enum ClosedCaptionTestMedia {
    /// A container the captioned video is written in.
    public enum Container: String, Sendable, CaseIterable {
        /// MPEG-TS: Annex-B packets, timestamps from 1.4 s.
        case mpegTS = "ts"
        /// MP4: length-prefixed (avcC) packets.
        case mp4
        /// Matroska: length-prefixed packets, millisecond timestamps.
        case matroska = "mkv"
    }

    /// The captions as written: each loaded into the hidden buffer from frame `load` and
    /// shown by an end-of-caption command at frame `show` (25 fps, presentation order); the
    /// screen is erased at frame 125 (5 s). Hence 1–3 s and 3–5 s.
    public static let captions: [(text: String, load: Int, show: Int)] = [
        ("HELLO CAPTIONS", 2, 25), ("SECOND LINE", 40, 75),
    ]
    /// The frame whose command erases the screen.
    public static let clearFrame = 125

    /// One caption as ffmpeg's `subcc` reading gives it: times in seconds from the start.
    public struct ReferenceCaption: Sendable, Equatable {
        /// The caption's text, markup removed.
        public let text: String
        /// When it appears.
        public let start: Double
        /// When it disappears.
        public let end: Double

        /// A caption.
        public init(text: String, start: Double, end: Double) {
            self.text = text
            self.start = start
            self.end = end
        }
    }

    /// The 6 s captioned video (320×240, 25 fps, H.264 with B-frames) in `container`.
    public static func captioned(_ container: Container) async throws -> URL {
        switch container {
        case .mpegTS: try await cache.ts.value
        case .mp4: try await cache.mp4.value
        case .matroska: try await cache.mkv.value
        }
    }

    /// The same video without captions (the MP4 the captioned files are made from).
    public static func uncaptioned() async throws -> URL {
        try await cache.source.value.mp4
    }

    /// An HLS presentation of the captioned TS (2-s segments) whose multivariant playlist
    /// declares its captions as a CLOSED-CAPTIONS rendition (INSTREAM-ID CC1, "English CC");
    /// returns the directory to serve and the multivariant playlist's path in it.
    public static func hls() async throws -> (root: URL, multivariantPath: String) {
        try await cache.hls.value
    }

    /// The captions ffmpeg reads from `url` (`-f lavfi movie=URL[out0+subcc]` to SubRip).
    public static func reference(of url: URL) async throws -> [ReferenceCaption] {
        // A name of its own per call: suites running at once may read the same file.
        let srt = try TestMedia.directory().appendingPathComponent(
            "\(url.lastPathComponent)-subcc-\(UUID().uuidString).srt")
        defer { try? FileManager.default.removeItem(at: srt) }
        try await ffmpeg(["-y", "-f", "lavfi", "-i", "movie=\(url.path)[out0+subcc]", "-map", "0:1", srt.path])
        return parseSubRip(try String(contentsOf: srt, encoding: .utf8))
    }

    private static let cache = Cache()

    private final class Cache: Sendable {
        let source = Task { try await ClosedCaptionTestMedia.makeSource() }
        let ts = Task { try await ClosedCaptionTestMedia.makeCaptioned(.mpegTS) }
        let mp4 = Task { try await ClosedCaptionTestMedia.makeCaptioned(.mp4) }
        let mkv = Task { try await ClosedCaptionTestMedia.makeCaptioned(.matroska) }
        let hls = Task { try await ClosedCaptionTestMedia.makeHLS() }
        let window = Task { try await ClosedCaptionTestMedia.makeWindowClip() }
    }

    private static func makeHLS() async throws -> (root: URL, multivariantPath: String) {
        let ts = try await captioned(.mpegTS)
        let root = try TestMedia.directory().appendingPathComponent("cc-hls", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try await ffmpeg([
            "-y", "-i", ts.path, "-c", "copy", "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
            "-hls_segment_filename", root.appendingPathComponent("seg%03d.ts").path,
            root.appendingPathComponent("video.m3u8").path,
        ])
        let multivariant = """
            #EXTM3U
            #EXT-X-VERSION:4
            #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",INSTREAM-ID="CC1"
            #EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240,CODECS="avc1.64000d",CLOSED-CAPTIONS="cc"
            video.m3u8

            """
        try Data(multivariant.utf8).write(to: root.appendingPathComponent("master.m3u8"))
        return (root, "/master.m3u8")
    }

    /// A 14 s flat-coloured 640×360 MP4 (`color=0x3050a0`, the player-view tests' colour) whose
    /// one caption, `windowCaption`, shows from 8 s to 11 s: for drawing tests, which look for
    /// near-white glyphs once the controls have hidden.
    public static func windowClip() async throws -> URL {
        try await cache.window.value
    }

    /// The text of `windowClip()`'s caption.
    public static let windowCaption = "SPOOL CAPTIONS"

    private static func makeWindowClip() async throws -> URL {
        let flv = try await makeSource(
            name: "cc-window", video: "color=c=0x3050a0:size=640x360:rate=25", seconds: 14,
            plan: [(windowCaption, 180, 200)], clearFrame: 275
        ).flv
        let output = try TestMedia.directory().appendingPathComponent("captioned-window.mp4")
        try await ffmpeg(["-y", "-i", flv.path, "-c", "copy", output.path])
        return output
    }

    private static func makeSource(
        name: String = "cc-source", video: String = "testsrc2=size=320x240:rate=25", seconds: Int = 6,
        plan captions: [(text: String, load: Int, show: Int)] = captions, clearFrame: Int = clearFrame
    ) async throws -> (mp4: URL, flv: URL) {
        let directory = try TestMedia.directory()
        let mp4 = directory.appendingPathComponent("\(name).mp4")
        let annexB = directory.appendingPathComponent("\(name).h264")
        let times = directory.appendingPathComponent("\(name)-times.csv")
        let plan = directory.appendingPathComponent("\(name)-captions.json")
        let flv = directory.appendingPathComponent("\(name).flv")
        try await ffmpeg([
            "-y", "-f", "lavfi", "-i", video, "-t", "\(seconds)", "-c:v", "libx264",
            "-x264-params", "aud=1", "-pix_fmt", "yuv420p", mp4.path,
        ])
        try await ffmpeg(["-y", "-i", mp4.path, "-c", "copy", "-bsf:v", "h264_mp4toannexb", "-f", "h264", annexB.path])
        let probe = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,dts_time", "-of", "csv=p=0",
                mp4.path,
            ], timeout: .seconds(60))
        guard probe.status == 0 else { throw ToolError(description: "ffprobe failed: \(probe.errorText)") }
        try probe.standardOutput.write(to: times)
        let entries =
            captions.map { "{\"text\": \"\($0.text)\", \"load\": \($0.load), \"show\": \($0.show)}" }
            + ["{\"clear\": \(clearFrame)}"]
        try Data("[\(entries.joined(separator: ", "))]".utf8).write(to: plan)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/MediaTools/cea608_sei.py")
        let insert = try await ToolRunner.run(
            try ToolRunner.find("python3"), [script.path, annexB.path, times.path, flv.path, plan.path],
            timeout: .seconds(60))
        guard insert.status == 0 else { throw ToolError(description: "cea608_sei.py failed: \(insert.errorText)") }
        return (mp4, flv)
    }

    private static func makeCaptioned(_ container: Container) async throws -> URL {
        let flv = try await cache.source.value.flv
        let output = try TestMedia.directory().appendingPathComponent("captioned.\(container.rawValue)")
        try await ffmpeg(["-y", "-i", flv.path, "-c", "copy", output.path])
        return output
    }

    private static func ffmpeg(_ arguments: [String]) async throws {
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"), ["-v", "error"] + arguments, timeout: .seconds(120))
        guard result.status == 0 else {
            throw ToolError(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.errorText)")
        }
    }

    /// SubRip cues: text without tags (`<font …>`, `{\an7}`), times in seconds.
    static func parseSubRip(_ text: String) -> [ReferenceCaption] {
        text.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n").map(String.init)
            guard let timing = lines.firstIndex(where: { $0.contains(" --> ") }) else { return nil }
            let parts = lines[timing].components(separatedBy: " --> ")
            guard parts.count == 2, let start = seconds(parts[0]), let end = seconds(parts[1]) else { return nil }
            let body = lines[(timing + 1)...].joined(separator: "\n")
                .replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
                .replacingOccurrences(of: "\\{[^}]*\\}", with: "", options: .regularExpression)
            return ReferenceCaption(text: body, start: start, end: end)
        }
    }

    private static func seconds(_ stamp: String) -> Double? {
        let fields = stamp.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ":")
            .split(separator: ":").compactMap { Double($0) }
        guard fields.count == 4 else { return nil }
        return fields[0] * 3600 + fields[1] * 60 + fields[2] + fields[3] / 1000
    }
}
