import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

@Suite("MediaProbe chapters", .timeLimit(.minutes(2)))
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

    @Test("a file without chapters has none")
    func noChapters() async throws {
        let probed = try await probeFile(try await TestMedia.url(for: .h264AACMP4))
        #expect(probed.chapters.isEmpty)
    }
}
