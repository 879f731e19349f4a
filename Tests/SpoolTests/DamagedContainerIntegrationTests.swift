import Foundation
import SpoolTestSupport
import Testing

/// Files whose bytes are damaged — cut inside a packet, a region zeroed, garbage inserted —
/// played by `spool play` and decoded by the ffmpeg CLI. Where ffmpeg plays to the end, spool
/// must too, frame for frame; where the media stops early, spool plays the same frames, says
/// so in one warning line and exits 0 (ffmpeg just stops, exit 0). Never a crash or a hang.
@Suite("spool play: damaged files (integration)", .timeLimit(.minutes(3)))
struct DamagedContainerIntegrationTests {
    /// A damaged file and how spool should end on it.
    struct Case: Sendable, CustomStringConvertible {
        /// The test's name for the damage.
        var description: String
        /// Makes the damaged file's bytes.
        var make: @Sendable () async throws -> Data
        /// The container's file name extension.
        var container: String
        /// `nil`: plays to the end silently; else the warning line's reason (exit 0 either way).
        var earlyEnd: String?
    }

    /// The 2-second H.264 and AAC fixture, front-loaded index, remuxed as `container`.
    static func clip(_ container: String) async throws -> Data {
        try await DamagedMedia.remuxed(
            .h264AACMP4, container: container, options: container == "mp4" ? ["-movflags", "+faststart"] : [])
    }

    static let cases: [Case] = [
        // 1000 bytes, not a whole number of 188-byte packets, between two transport packets.
        Case(
            description: "garbage inside a transport stream",
            make: {
                let bytes = try await clip("ts")
                return DamagedMedia.inserting(garbage: 1000, into: bytes, at: bytes.count / 2 / 188 * 188)
            }, container: "ts"),
        Case(
            description: "4 KiB zeroed inside a transport stream",
            make: {
                let bytes = try await clip("ts"); return DamagedMedia.zeroing(bytes, at: bytes.count / 2, count: 4096)
            },
            container: "ts"),
        Case(
            description: "4 KiB zeroed inside an MP4's media",
            make: {
                let bytes = try await clip("mp4")
                return DamagedMedia.zeroing(bytes, at: bytes.count / 2, count: 4096)
            }, container: "mp4"),
        // FFmpeg's Matroska demuxer does not find its way past the zeroes: the media stops at 1 s.
        Case(
            description: "4 KiB zeroed inside a Matroska cluster",
            make: {
                let bytes = try await clip("mkv")
                return DamagedMedia.zeroing(bytes, at: bytes.count / 2, count: 4096)
            }, container: "mkv", earlyEnd: "the file ends early: its media stops at 1.0 s of 2.0 s"),
        // Cut 7 bytes into a packet, 60 % of the way through.
        Case(
            description: "an MP4 cut inside a packet",
            make: {
                let bytes = try await clip("mp4"); return bytes.prefix(bytes.count * 6 / 10 + 7)
            },
            container: "mp4", earlyEnd: "the file ends early: its media stops at 1.2 s of 2.0 s"),
        Case(
            description: "a Matroska file cut inside a packet",
            make: {
                let bytes = try await clip("mkv"); return bytes.prefix(bytes.count * 6 / 10 + 7)
            },
            container: "mkv", earlyEnd: "the file ends early: its media stops at 1.2 s of 2.0 s"),
    ]

    @Test("spool plays ffmpeg's frames, then ends as the damage allows", arguments: cases)
    func damagedFile(_ damage: Case) async throws {
        let url = try DamagedMedia.file("damaged.\(damage.container)", try await damage.make())
        try await Self.expectPlaysLikeFFmpeg(url.path, reference: url, damage)
    }

    @Test(
        "over progressive HTTP a damaged file plays as the local file does",
        arguments: [cases[0], cases[4]])
    func overHTTP(_ damage: Case) async throws {
        let bytes = try await damage.make()
        let url = try DamagedMedia.file("damaged.\(damage.container)", bytes)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/damaged.\(damage.container)", .file(bytes))
        let address = server.url("/damaged.\(damage.container)").absoluteString
        try await Self.expectPlaysLikeFFmpeg(address, reference: url, damage)
        #expect(!server.log.requests(to: "/damaged.\(damage.container)").isEmpty)
    }

    @Test("bit errors in an MP4 over progressive HTTP: the local file's frames and count")
    func bitErrorsOverHTTP() async throws {
        let url = try await DamagedMedia.noisy(.h264AACMP4, container: "mp4", streamType: "v")
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/noisy.mp4", .file(try Data(contentsOf: url)))
        let remote = try await DamagedPlayback.play(server.url("/noisy.mp4").absoluteString)
        let local = try await DamagedPlayback.play(url.path)
        #expect(remote.output.status == 0, "stderr: \(remote.output.errorText)")
        #expect(remote.hashes == (try await DamagedPlayback.ffmpegHashes(url)))
        #expect(remote.hashes == local.hashes)
        #expect(remote.damagedPacketsSkipped == local.damagedPacketsSkipped)
        #expect((remote.damagedPacketsSkipped ?? 0) > 0)
    }

    /// Plays `input` and checks it against ffmpeg's decode of `reference` (the same bytes, a
    /// file): the same frames, exit 0, and silence or one warning line naming the input and the
    /// reason.
    static func expectPlaysLikeFFmpeg(_ input: String, reference: URL, _ damage: Case) async throws {
        let run = try await DamagedPlayback.play(input)
        let expected = try await DamagedPlayback.ffmpegHashes(reference)
        #expect(expected.count >= 20, "ffmpeg decodes \(expected.count) frames")
        #expect(run.hashes == expected, "spool \(run.hashes.count) frames, ffmpeg \(expected.count)")
        #expect(run.output.status == 0, "stderr: \(run.output.errorText)")
        if let earlyEnd = damage.earlyEnd {
            let lines = PlayTool.lines(run.output.errorText)
            #expect(lines == ["spool: warning: \(input): \(earlyEnd)"], "stderr: \(run.output.errorText)")
        } else {
            #expect(run.output.errorText.isEmpty)
        }
    }
}
