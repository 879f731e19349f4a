import Foundation
import SpoolTestSupport
import Testing

/// Memory is bounded by the forward buffer, never by the media's length: ten minutes played
/// untimed peak at about the same resident size as one minute.
@Suite("spool play: flat memory (integration)", .timeLimit(.minutes(3)))
struct PlayMemoryIntegrationTests {
    /// Plays `fixture` untimed under `/usr/bin/time`; returns the peak RSS in KiB and the
    /// `--stats` object.
    static func peakRSS(of fixture: TestMedia.Fixture) async throws -> (kibibytes: Int, stats: [String: Any]) {
        let url = try await TestMedia.url(for: fixture)
        let report = try PlayTool.scratchPath("\(fixture).rss")
        let time = URL(fileURLWithPath: "/usr/bin/time")
        guard FileManager.default.isExecutableFile(atPath: time.path) else {
            throw ToolError(description: "/usr/bin/time is missing: install Debian's `time` (scripts/bootstrap)")
        }
        let spool = try ToolRunner.builtProduct("spool")
        let output = try await ToolRunner.run(
            time,
            [
                "-f", "%M", "-o", report, spool.path, "play", "--no-mpris", "--no-resume", "--untimed", "--vo",
                "framemd5:/dev/null",
                "--ao", "null",
                "--stats", url.path,
            ], timeout: .seconds(60))
        #expect(!output.timedOut)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let kibibytes = try #require(
            text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
            "no peak RSS in: \(text)")
        let stats = try #require(
            try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any], "\(output.outputText)")
        return (kibibytes, stats)
    }

    @Test("a 10-minute clip peaks within 20% of the RSS of a 1-minute one")
    func tenMinutesLikeOne() async throws {
        let short = try await Self.peakRSS(of: .lowResolution1Minute)
        let long = try await Self.peakRSS(of: .lowResolution10Minutes)
        // Every frame went through the pipeline: it really played ten minutes.
        #expect(short.stats["framesPresented"] as? Int == 60 * 25)
        #expect(long.stats["framesPresented"] as? Int == 600 * 25)
        let ratio = Double(long.kibibytes) / Double(short.kibibytes)
        #expect(ratio < 1.2, "peak RSS: 1 min \(short.kibibytes) KiB, 10 min \(long.kibibytes) KiB")
    }
}
