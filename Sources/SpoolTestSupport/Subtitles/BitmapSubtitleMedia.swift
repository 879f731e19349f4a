public import Foundation

/// Files with a bitmap subtitle track (PGS, DVD, DVB), made once per test process: the PGS
/// stream by `PGSWriter` (Debian's ffmpeg cannot make bitmap subtitles from text), muxed and
/// transcoded by the ffmpeg CLI. Nothing is downloaded or committed.
public enum BitmapSubtitleMedia {
    /// The presentation every subtitle is placed on; the video has the same size.
    public static let presentation = (width: 640, height: 360)

    /// The subtitles of the 8-second files: a red block from 1.0 to 3.0 s, then a green one from
    /// 4.0 to 5.5 s (each with a transparent hole in its middle).
    public static let subtitles: [PGSWriter.Subtitle] = [
        PGSWriter.Subtitle(start: 1.0, end: 3.0, x: 100, y: 200, width: 200, height: 60, color: (255, 0, 0)),
        PGSWriter.Subtitle(start: 4.0, end: 5.5, x: 340, y: 40, width: 160, height: 80, color: (0, 255, 0)),
    ]

    /// The presentation of `windowClip()`'s PGS track: 1280x720 over its 640x360 video, as a
    /// Blu-ray's 1080p subtitles stay over a downscaled re-encode, so a player must scale them.
    public static let windowPresentation = (width: 1280, height: 720)

    /// The subtitle of `windowClip()`: a large red block in the picture's upper half, from 6 to 9 s
    /// (on `windowPresentation`: at half size it covers (160, 60) 320x120 of the video).
    public static let windowSubtitle = PGSWriter.Subtitle(
        start: 6.0, end: 9.0, x: 320, y: 120, width: 640, height: 240, color: (255, 0, 0))

    /// The flat colour of `windowClip()`'s video: red, green, blue.
    public static let windowVideoColor: (red: UInt8, green: UInt8, blue: UInt8) = (48, 80, 160)

    /// A bitmap subtitle format and its file.
    public enum Format: String, Sendable, CaseIterable {
        /// Matroska: MPEG-4 `testsrc` video, PCM audio, and the PGS stream copied
        /// (`hdmv_pgs_subtitle`). PCM, not AAC: an encoder delay would make the muxer shift
        /// every stream, the subtitles off the times written.
        case pgs = "bitmap-pgs.mkv"
        /// Matroska: the same video and audio, the PGS track transcoded to `dvd_subtitle`.
        case dvd = "bitmap-dvd.mkv"
        /// MPEG-TS: the same video (no audio: TS has no plain PCM, and an encoded track would
        /// shift the video), the PGS track transcoded to `dvb_subtitle`. The container starts at
        /// 1.4 s, the subtitles 1.4 s later than written; on the item's timeline they are as written.
        case dvb = "bitmap-dvb.ts"

        /// FFmpeg's codec name of the subtitle track.
        public var codecName: String {
            switch self {
            case .pgs: "hdmv_pgs_subtitle"
            case .dvd: "dvd_subtitle"
            case .dvb: "dvb_subtitle"
            }
        }

        /// The subtitle track's container stream index.
        public var subtitleStream: Int { self == .dvb ? 1 : 2 }
    }

    /// The 8-second file of `format` (video, audio but for DVB, one English bitmap subtitle
    /// track holding `subtitles`: container stream 2, 1 in the DVB file).
    public static func url(for format: Format) async throws -> URL {
        switch format {
        case .pgs: try await cache.pgs.value
        case .dvd: try await cache.dvd.value
        case .dvb: try await cache.dvb.value
        }
    }

    /// A flat 640x360 clip of 16 s (`windowVideoColor`, silent audio, H.264) with a PGS track
    /// on `windowPresentation` holding `windowSubtitle`.
    public static func windowClip() async throws -> URL { try await cache.window.value }

    private static let cache = Cache()

    private final class Cache: Sendable {
        let pgs = Task { try await BitmapSubtitleMedia.makePGS() }
        let dvd = Task { try await BitmapSubtitleMedia.transcode(to: .dvd) }
        let dvb = Task { try await BitmapSubtitleMedia.transcode(to: .dvb) }
        let window = Task { try await BitmapSubtitleMedia.makeWindowClip() }
    }

    private static func makePGS() async throws -> URL {
        let directory = try TestMedia.directory()
        let sup = try TestMedia.file(
            named: "bitmap-source.sup",
            contents: PGSWriter.sup(width: presentation.width, height: presentation.height, subtitles: subtitles))
        let output = directory.appendingPathComponent(Format.pgs.rawValue)
        let size = "\(presentation.width)x\(presentation.height)"
        // -copyts: the subtitles keep the times written (ffmpeg would otherwise move each input
        // to start at zero, the .sup's first display set included).
        try await ffmpeg(
            ["-f", "lavfi", "-i", "testsrc=size=\(size):rate=25:duration=8"]
                + ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=8", "-i", sup.path]
                + ["-map", "0", "-map", "1", "-map", "2", "-c:v", "mpeg4", "-g", "25", "-c:a", "pcm_s16le"]
                + ["-c:s", "copy", "-metadata:s:s:0", "language=eng", "-copyts", output.path])
        return output
    }

    /// The PGS file with its subtitle track encoded as `format` (bitmap to bitmap).
    private static func transcode(to format: Format) async throws -> URL {
        let source = try await cache.pgs.value
        let output = try TestMedia.directory().appendingPathComponent(format.rawValue)
        // -fix_sub_duration: PGS states no ends, and both encoders need one; it ends each
        // subtitle where the next (the clearing display set) starts.
        try await ffmpeg(
            ["-fix_sub_duration", "-i", source.path, "-map", "0", "-c:v", "copy"]
                + (format == .dvd ? ["-c:a", "copy"] : ["-an"])
                + ["-c:s", format == .dvd ? "dvdsub" : "dvbsub", "-metadata:s:s:0", "language=eng"]
                + (format == .dvd ? ["-copyts"] : []) + [output.path])
        return output
    }

    private static func makeWindowClip() async throws -> URL {
        let sup = try TestMedia.file(
            named: "bitmap-window.sup",
            contents: PGSWriter.sup(
                width: windowPresentation.width, height: windowPresentation.height, subtitles: [windowSubtitle]))
        let output = try TestMedia.directory().appendingPathComponent("bitmap-window.mkv")
        let color = String(
            format: "0x%02x%02x%02x", windowVideoColor.red, windowVideoColor.green, windowVideoColor.blue)
        try await ffmpeg(
            ["-f", "lavfi", "-i", "color=c=\(color):size=\(presentation.width)x\(presentation.height):rate=25"]
                + ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-i", sup.path, "-t", "16"]
                + ["-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-preset", "veryfast"]
                + ["-pix_fmt", "yuv420p", "-c:a", "aac", "-c:s", "copy", "-metadata:s:s:0", "language=eng"]
                + ["-copyts", output.path])
        return output
    }

    private static func ffmpeg(_ arguments: [String]) async throws {
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"), ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments,
            timeout: .seconds(120))
        guard result.status == 0 else {
            throw ToolError(description: "ffmpeg \(arguments.joined(separator: " ")): \(result.errorText)")
        }
    }
}
