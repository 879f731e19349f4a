import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

@Suite("MediaProbe chapters", .timeLimit(.minutes(3)))
struct MediaProbeChapterTests {
    @Test(
        "the probe's chapters equal ffprobe's and the ones written, in every chapter format",
        arguments: [
            TestMedia.Fixture.chaptersMKV, .chaptersMP4, .chapterTrackMP4, .neroChaptersMP4,
        ])
    func chaptersMatchFFprobe(_ fixture: TestMedia.Fixture) async throws {
        let url = try await TestMedia.url(for: fixture)
        let probed = try await probeFile(url)
        let expected = try await FFprobeChapters.load(url)

        #expect(probed.chapters.map(\.title) == expected.map(\.title))
        #expect(probed.chapters.map(\.title) == TestMedia.chapters.map(\.title))
        #expect(probed.chapters.count == expected.count)
        for (chapter, reference) in zip(probed.chapters, expected) {
            // ffprobe prints microseconds; the probe's times are exact.
            #expect(abs(chapter.start.seconds - reference.start) < 1e-6, "\(chapter)")
            #expect(abs(chapter.end.seconds - reference.end) < 1e-6, "\(chapter)")
        }
        let written = TestMedia.chapters.map { MediaTime(value: Int64($0.startMilliseconds), timescale: 1000) }
        #expect(probed.chapters.map(\.start) == written)
    }

    @Test("a file whose timestamps start at 5 s: its chapters are on the item's timeline, from 0")
    func chaptersOnTheItemTimeline() async throws {
        // The fixture remuxed with every timestamp, and the chapters with them, 5 s later.
        let source = try await TestMedia.url(for: .chaptersMKV)
        let directory = try TestMedia.directory()
        let metadata = directory.appendingPathComponent("chapters-at-5s.ffmetadata")
        let shifted = TestMedia.chapters.map {
            "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=\($0.startMilliseconds + 5000)\nEND=\($0.endMilliseconds + 5000)\n"
                + "title=\($0.title)\n"
        }
        try Data((";FFMETADATA1\n" + shifted.joined()).utf8).write(to: metadata)
        let url = directory.appendingPathComponent("chapters-at-5s.mkv")
        let ffmpeg = try ToolRunner.find("ffmpeg")
        let remux = try await ToolRunner.run(
            ffmpeg,
            [
                "-v", "error", "-y", "-i", source.path, "-i", metadata.path, "-map", "0", "-map_chapters", "1",
                "-c", "copy", "-output_ts_offset", "5", url.path,
            ])
        #expect(remux.status == 0, "\(remux.errorText)")
        let ffprobe = try await FFprobeChapters.load(url)
        #expect(ffprobe.map(\.start) == TestMedia.chapters.map { Double($0.startMilliseconds) / 1000 + 5 })

        let probed = try await probeFile(url)
        let written = TestMedia.chapters.map { MediaTime(value: Int64($0.startMilliseconds), timescale: 1000) }
        #expect(probed.chapters.map(\.start) == written)
        #expect(probed.chapters.map(\.title) == TestMedia.chapters.map(\.title))
        #expect(abs((probed.chapters.last?.end.seconds ?? 0) - 6) < 1e-6)
    }

    @Test("a file without chapters has none")
    func noChapters() async throws {
        let probed = try await probeFile(try await TestMedia.url(for: .h264AACMP4))
        #expect(probed.chapters.isEmpty)
    }
}
