import Foundation
import SpoolTestSupport
import Testing

/// Chapters through the `spool` CLI: `probe --json` against ffprobe's `-show_chapters`, and
/// chapter steps over mpv's IPC (python-mpv-jsonipc, from scripts/bootstrap's venv) landing
/// exactly on the chapter starts.
@Suite("spool chapters (integration)", .serialized, .timeLimit(.minutes(4)))
struct PlayChapterIntegrationTests {
    private struct ProbedChapters: Decodable {
        struct Chapter: Decodable, Equatable {
            var title: String?
            var start: Double
            var end: Double
        }
        var chapters: [Chapter]
    }

    private struct FFprobeChapters: Decodable {
        struct Chapter: Decodable {
            var startTime: String
            var endTime: String
            var tags: [String: String]?
        }
        var chapters: [Chapter]
    }

    @Test(
        "probe --json lists the chapters ffprobe shows, in each chapter format",
        arguments: [TestMedia.Fixture.chaptersMKV, .chaptersMP4, .chapterTrackMP4, .neroChaptersMP4])
    func probeJSON(_ fixture: TestMedia.Fixture) async throws {
        let url = try await TestMedia.url(for: fixture)
        let output = try await PlayTool.spool(["probe", "--json", url.path])
        #expect(output.status == 0, "\(output.errorText)")
        let probed = try JSONDecoder().decode(ProbedChapters.self, from: output.standardOutput).chapters
        let ffprobe = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"), ["-v", "error", "-of", "json", "-show_chapters", url.path])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try decoder.decode(FFprobeChapters.self, from: ffprobe.standardOutput).chapters
        #expect(probed.map(\.title) == expected.map { $0.tags?["title"] })
        #expect(probed.count == 3)
        for (chapter, reference) in zip(probed, expected) {
            #expect(abs(chapter.start - (Double(reference.startTime) ?? .nan)) < 1e-6)
            #expect(abs(chapter.end - (Double(reference.endTime) ?? .nan)) < 1e-6)
        }
        let text = try await PlayTool.spool(["probe", url.path])
        #expect(text.outputText.contains("  chapters:  3\n    #0 0:00.000-0:02.000 Opening\n"), "\(text.outputText)")
    }

    @Test("a file without chapters: probe --json says chapters []")
    func probeNoChapters() async throws {
        let output = try await PlayTool.spool(["probe", "--json", try await TestMedia.url(for: .h264AACMP4).path])
        #expect(try JSONDecoder().decode(ProbedChapters.self, from: output.standardOutput).chapters == [])
    }

    @Test(
        "add chapter ±1 and set chapter over the IPC land exactly on the starts; past the last the file ends",
        arguments: [TestMedia.Fixture.chaptersMKV, .chaptersMP4])
    func ipcSteps(_ fixture: TestMedia.Fixture) async throws {
        let python = try IPCClientScripts.python()
        let url = try await TestMedia.url(for: fixture)
        let socket = IPCClientScripts.socketPath("chapters")
        // --pause: the 6-s file must not end before the client (a Python start-up, slow on a
        // saturated machine: once it connected after spool had ended) reads and steps it.
        let playback = Task {
            try await PlayTool.spool(
                ["play", "--pause", "--ao", "null", "--vo", "null", "--input-ipc-server=\(socket)", url.path],
                timeout: .seconds(120))
        }
        let expected = TestMedia.chapters.map { "[\"\($0.title)\", \(Double($0.startMilliseconds) / 1000)]" }
        let client = try await ToolRunner.run(
            python,
            [
                IPCClientScripts.script("chapters.py"), socket,
                "[" + expected.joined(separator: ",") + "]",
            ], timeout: .seconds(100))
        let output = try await playback.value
        #expect(client.outputText.hasSuffix("OK\n"), "client: \(client.outputText)\(client.errorText)")
        #expect(output.status == 0, "spool stderr: \(output.errorText)")
    }
}
