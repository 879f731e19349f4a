import Foundation
import SpoolTestSupport
import Testing

/// An MPD written by the ffmpeg CLI, played untimed by `spool play` (FFmpeg's DASH demuxer; a
/// DASH front end of Spool's own is another issue's): it crashed in 2-3 of 40 runs ("double
/// free or corruption", a dangling interrupt flag in an inner context) until the probe, the
/// caption scan and the demuxer stopped entering FFmpeg's DASH paths at once
/// (`DemuxerGlobalState`, `InterruptFlag.follow`).
@Suite("spool play: a DASH MPD, untimed, 100 times (integration)", .timeLimit(.minutes(8)))
struct DASHUntimedPlayIntegrationTests {
    static let runs = 100
    /// Runs at once: enough to overlap the runs on two cores, few enough not to starve them.
    static let width = 4

    @Test("100 untimed runs: every one exits 0 with ffmpeg's frames; no crash, no hang")
    func hundredRuns() async throws {
        let mpd = try await ManifestTestMedia.dashMPD()
        let expected = try await DamagedPlayback.ffmpegHashes(mpd)
        #expect(expected.count == 100)
        let first = try await DamagedPlayback.play(mpd.path)
        #expect(first.output.status == 0, "stderr: \(first.output.errorText)")
        #expect(first.hashes == expected)
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            var started = 0
            var failures: [String] = []
            func start() {
                group.addTask {
                    let output = try await PlayTool.spool(
                        ["play", "--untimed", "--vo", "null", "--ao", "null", mpd.path], timeout: .seconds(60))
                    return output.status == 0 && !output.timedOut
                        ? nil : "exit \(output.status): \(output.errorText.prefix(300))"
                }
                started += 1
            }
            while started < min(Self.width, Self.runs - 1) { start() }
            while let result = try await group.next() {
                if let result { failures.append(result) }
                if started < Self.runs - 1 { start() }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.runs - 1) runs failed: \(failures.prefix(3))")
    }
}
