import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolHLS

/// MPDs written by the ffmpeg CLI at test time: the expanded segment URLs are exactly the
/// files ffmpeg wrote, in order, and each segment's start is the decode time ffmpeg stored
/// in the segment itself (its `tfdt` box, over its track's `mdhd` timescale).
@Suite(.timeLimit(.minutes(3))) struct MPDFFmpegTests {
    /// ffmpeg's DASH output of 5 s of video (`-bf 0`, so decode time is presentation time;
    /// a keyframe every second) and 4.9 s of AAC audio, 1-s segments, into a fresh folder.
    /// The audio is shorter because its encoder delay (1024 samples) would otherwise make
    /// ffmpeg write a sixth audio file of one frame past the 5-s presentation, which neither
    /// the MPD's SegmentTemplate@duration nor FFmpeg's own DASH demuxer lists.
    private static func write(useTimeline: Bool) async throws -> URL {
        let folder = try TestMedia.directory()
            .appendingPathComponent("mpd-parser-\(useTimeline ? "timeline" : "number")-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("out.mpd")
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            [
                "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=4.9", "-t", "5",
                "-c:v", "libx264", "-bf", "0", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "dash", "-seg_duration", "1",
                "-use_timeline", useTimeline ? "1" : "0", "-use_template", "1", output.path,
            ],
            timeout: .seconds(60))
        guard result.status == 0 else { throw ToolError(description: "ffmpeg: \(result.errorText)") }
        return output
    }

    @Test(arguments: [true, false])
    func segmentsAreTheFilesFFmpegWrote(useTimeline: Bool) async throws {
        let mpdURL = try await Self.write(useTimeline: useTimeline)
        let folder = mpdURL.deletingLastPathComponent()
        let mpd = try MPD.parse(Data(contentsOf: mpdURL), url: mpdURL)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let period = try #require(mpd.periods.first)
        #expect(mpd.type == .static)
        let representations = period.adaptationSets.flatMap(\.representations)
        #expect(representations.count == 2)
        for representation in representations {
            guard case .template(let template) = representation.addressing else {
                Issue.record("ffmpeg wrote \(representation.addressing)")
                continue
            }
            #expect((template.timeline != nil) == useTimeline)
            let segments = try mpd.segments(of: representation, in: period)
            let expected = written.filter { $0.hasPrefix("chunk-stream\(representation.id)-") }.sorted()
            #expect(segments.map(\.url.lastPathComponent) == expected, "representation \(representation.id)")
            #expect(segments.allSatisfy { $0.url.deletingLastPathComponent().path == folder.path })

            let initialization = try #require(try mpd.initialization(of: representation, in: period))
            #expect(initialization.url.lastPathComponent == "init-stream\(representation.id).m4s")
            let initData = try Data(contentsOf: initialization.url)
            let trackTimescale = try #require(Self.uint(in: initData, box: "mdhd", field: .timescale))
            // The MPD's times are presentation times: decode times less the edit list's shift
            // (the AAC encoder delay; 0 for the video), the first segment starting at 0.
            let shift = Self.uint(in: initData, box: "elst", field: .mediaTime) ?? 0
            let isVideo = representation.mimeType?.hasPrefix("video") == true
            // Video cut at keyframes 1 s apart is exact; AAC cuts at the frame (1024 samples) on or after it.
            let tolerance = isVideo || useTimeline ? 1e-9 : 1024.0 / 48_000
            for segment in segments {
                let decodeTime = try #require(Self.uint(in: Data(contentsOf: segment.url), box: "tfdt", field: .time))
                let presentationTime = decodeTime > shift ? decodeTime - shift : 0
                let stored = Double(presentationTime) / Double(trackTimescale)
                #expect(
                    abs(segment.start - stored) <= tolerance,
                    "\(segment.url.lastPathComponent): \(segment.start) vs \(stored)")
                if useTimeline {
                    #expect(template.timescale == Int64(trackTimescale))
                    #expect(segment.time == Int64(presentationTime), "\(segment.url.lastPathComponent)")
                }
            }
            if useTimeline, isVideo, let last = segments.last {
                #expect(abs(last.end - 5) <= 0.05, "timeline ends at \(last.end)")
            }
        }
    }

    private enum Field { case timescale, time, mediaTime }

    /// `mdhd`'s timescale, `tfdt`'s base media decode time or the first `elst` entry's media
    /// time: from the first such box in `data`.
    private static func uint(in data: Data, box: String, field: Field) -> UInt64? {
        let bytes = [UInt8](data)
        let name = Array(box.utf8)
        guard bytes.count > 8, let at = (4..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == name })
        else { return nil }
        let version = bytes[at + 4]
        func read(_ offset: Int, _ count: Int) -> UInt64? {
            guard offset + count <= bytes.count else { return nil }
            return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let body = at + 8
        switch field {
        case .time: return read(body, version == 1 ? 8 : 4)
        case .timescale: return read(body + (version == 1 ? 16 : 8), 4)
        case .mediaTime: return read(body + 4 + (version == 1 ? 8 : 4), version == 1 ? 8 : 4)
        }
    }
}
