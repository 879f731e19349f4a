import Foundation
import SpoolTestSupport
import Testing

/// Files with several audio and subtitle tracks, made once per test process by the ffmpeg CLI.
enum FileTracksMedia {
    /// The SubRip track's source: its cues' texts as the decoder gives them (markup dropped).
    static let subRip = """
        1
        00:00:01,000 --> 00:00:02,500
        Hello <i>world</i>

        2
        00:00:03,000 --> 00:00:04,000
        Second line

        """
    static let subRipTexts = ["Hello world", "Second line"]

    /// The ASS track's source: a style of its own ("Sign", yellow, top) used by the first event.
    static let ass = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 640
        PlayResY: 360

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
        Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
        MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,28,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1
        Style: Sign,DejaVu Sans,40,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,8,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.50,0:00:03.00,Sign,,0,0,0,,{\\b1}Sign text
        Dialogue: 0,0:00:04.00,0:00:05.25,Default,,0,0,0,,Plain ASS

        """
    static let assTexts = ["Sign text", "Plain ASS"]

    /// An 8 s MKV: MPEG-4 video, AAC audio in English (440 Hz, default) and French (880 Hz,
    /// titled "Français"), an English SubRip track (default), a French ASS track and a German
    /// PGS track (`BitmapSubtitleMedia.subtitles`, written by `PGSWriter` and copied in).
    static func twoLanguagesMKV() async throws -> URL { try await cache.mkv.value }
    /// A 6 s MP4 with AAC audio and an English mov_text track made from `subRip`.
    static func movTextMP4() async throws -> URL { try await cache.mp4.value }
    /// A 6 s WebM (VP8, Opus) with a WebVTT track made from `subRip`.
    static func webVTTWebM() async throws -> URL { try await cache.webm.value }

    private static let cache = Cache()

    private final class Cache: Sendable {
        let mkv = Task { try await FileTracksMedia.make("tracks.mkv", mkv: true) }
        let mp4 = Task { try await FileTracksMedia.make("tracks.mp4", mkv: false) }
        let webm = Task { try await FileTracksMedia.make("tracks.webm", mkv: false) }
    }

    private static func make(_ name: String, mkv: Bool) async throws -> URL {
        let directory = try TestMedia.directory()
        let srt = directory.appendingPathComponent("tracks-source.srt")
        let assFile = directory.appendingPathComponent("tracks-source.ass")
        let sup = directory.appendingPathComponent("tracks-source.sup")
        if !FileManager.default.fileExists(atPath: srt.path) {
            _ = try TestMedia.file(named: "tracks-source.srt", contents: Data(subRip.utf8))
            _ = try TestMedia.file(named: "tracks-source.ass", contents: Data(ass.utf8))
            let presentation = BitmapSubtitleMedia.presentation
            _ = try TestMedia.file(
                named: "tracks-source.sup",
                contents: PGSWriter.sup(
                    width: presentation.width, height: presentation.height,
                    subtitles: BitmapSubtitleMedia.subtitles))
        }
        let output = directory.appendingPathComponent(name)
        let video = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=\(mkv ? 8 : 6)"]
        let english = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(mkv ? 8 : 6)"]
        let french = ["-f", "lavfi", "-i", "sine=frequency=880:sample_rate=48000:duration=8"]
        let arguments: [String]
        if mkv {
            arguments =
                ["-y"] + video + english + french + ["-i", srt.path, "-i", assFile.path, "-i", sup.path]
                + ["-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map", "4", "-map", "5"]
                + ["-c:v", "mpeg4", "-g", "25", "-c:a", "aac", "-c:s:0", "srt", "-c:s:1", "ass", "-c:s:2", "copy"]
                + ["-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra"]
                + ["-metadata:s:a:1", "title=Français", "-metadata:s:s:0", "language=eng"]
                + ["-metadata:s:s:1", "language=fra", "-metadata:s:s:2", "language=deu", output.path]
        } else if name.hasSuffix(".webm") {
            arguments =
                ["-y"] + video + english + ["-i", srt.path, "-map", "0", "-map", "1", "-map", "2"]
                + ["-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus", "-c:s", "webvtt"]
                + ["-metadata:s:s:0", "language=eng", output.path]
        } else {
            arguments =
                ["-y"] + video + english + ["-i", srt.path, "-map", "0", "-map", "1", "-map", "2"]
                + ["-c:v", "mpeg4", "-c:a", "aac", "-c:s", "mov_text", "-metadata:s:s:0", "language=eng", output.path]
        }
        _ = try await PlayTool.ffmpeg(arguments)
        return output
    }

    /// ffprobe's subtitle packets of stream `index` that hold text: presentation time and end,
    /// in seconds on the item's timeline (from the container's start time, to the millisecond
    /// as `--events` writes them). (mov_text fills the gaps between cues with empty samples: 2
    /// bytes, a zero text length.)
    static func subtitlePackets(of url: URL, stream index: Int) async throws -> [(start: Double, end: Double)] {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            [
                "-v", "error", "-select_streams", "\(index)", "-show_entries", "packet=pts_time,duration_time,size",
                "-of", "csv=p=0", url.path,
            ], timeout: .seconds(60))
        let origin = try await PlayTool.ffmpegProbeStartTime(of: url)
        func onItemTimeline(_ seconds: Double) -> Double { ((seconds - origin) * 1000).rounded() / 1000 }
        return String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",").compactMap { Double($0) }
            guard fields.count == 3, fields[2] > 2 else { return nil }
            return (onItemTimeline(fields[0]), onItemTimeline(fields[0] + fields[1]))
        }
    }

    /// The tone of a WAV file's first channel, from rising zero crossings.
    static func tone(ofWAV path: String) throws -> Double {
        try WAVFile(path: path).zeroCrossingFrequency
    }

    /// The tone of the audio `ffmpeg -i URL` decodes by its own choice of stream (mono f32le at
    /// 48 kHz), from rising zero crossings.
    static func ffmpegDefaultTone(of url: URL) async throws -> Double {
        let data = try await PlayTool.ffmpeg([
            "-i", url.path, "-vn", "-sn", "-ac", "1", "-ar", "48000", "-f", "f32le", "-",
        ])
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        var crossings = 0
        for index in samples.indices.dropFirst() where samples[index - 1] < 0 && samples[index] >= 0 { crossings += 1 }
        return samples.isEmpty ? 0 : Double(crossings) / (Double(samples.count) / 48_000)
    }
}
