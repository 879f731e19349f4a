import Foundation
import SpoolTestSupport
import Testing

/// Bit errors in the packets of a file whose container is intact (see `DamagedMedia.noisy`),
/// played by `spool play` and decoded by the ffmpeg CLI: decoding must survive the damage as
/// ffmpeg's does — play to the end, the same frames, the same samples within one packet, the
/// packets the decoder rejected counted in `--stats`.
@Suite("spool play: bit errors in packets (integration)", .timeLimit(.minutes(3)))
struct DamagedFileIntegrationTests {
    @Test(
        "bit errors in video packets: ffmpeg's frames, to the end, each rejected packet counted",
        arguments: ["mp4", "mkv", "ts"])
    func videoBitErrors(_ container: String) async throws {
        let url = try await DamagedMedia.noisy(.h264AACMP4, container: container, streamType: "v")
        let run = try await DamagedPlayback.play(url.path)
        #expect(run.output.status == 0, "stderr: \(run.output.errorText)")
        #expect(run.output.errorText.isEmpty)
        let reference = try await DamagedPlayback.ffmpegHashes(url)
        let clean = try await DamagedPlayback.ffmpegHashes(try await TestMedia.url(for: .h264AACMP4))
        // The damage is real: ffmpeg lost frames, concealed others, and rejected packets.
        #expect(reference.count < clean.count && reference.count >= 40, "ffmpeg: \(reference.count) frames")
        let rejected = try await DamagedPlayback.ffmpegDecodeErrors(url, stream: "0:v:0")
        #expect(rejected > 0)
        #expect(run.hashes.count == reference.count)
        #expect(run.hashes == reference)
        #expect(run.damagedPacketsSkipped == rejected, "ffmpeg rejected \(rejected); stdout: \(run.output.outputText)")
    }

    @Test(
        "bit errors in audio packets: ffmpeg's samples within one packet, to the end, damage counted",
        arguments: [(TestMedia.Fixture.aacTone4s, "m4a", 1024), (.mp3WithCover, "mp3", 1152)])
    func audioBitErrors(_ fixture: TestMedia.Fixture, container: String, packetSamples: Int) async throws {
        let url = try await DamagedMedia.noisy(fixture, container: container, streams: ["0:a"], streamType: "a")
        let run = try await DamagedPlayback.play(url.path, video: false)
        #expect(run.output.status == 0, "stderr: \(run.output.errorText)")
        #expect(run.output.errorText.isEmpty)
        let expected = try await PlayTool.ffmpegDecodedSampleCount(of: url)
        let clean = try await PlayTool.ffmpegDecodedSampleCount(of: try await TestMedia.url(for: fixture))
        // The damage is real: ffmpeg decoded less than the clean file holds.
        #expect(expected > 40_000 && expected < clean - packetSamples, "ffmpeg \(expected), clean \(clean)")
        let wav = try #require(run.wav)
        #expect(abs(wav.frameCount - expected) <= packetSamples, "WAV \(wav.frameCount), ffmpeg \(expected)")
        let rejected = try await DamagedPlayback.ffmpegDecodeErrors(url, stream: "0:a:0")
        try #require(rejected > 0)
        // Not always as many as ffmpeg's CLI logs (2 of its 3 for the MP3): the samples agree.
        #expect(
            (1...rejected).contains(run.damagedPacketsSkipped ?? 0), "ffmpeg: \(rejected); \(run.output.outputText)")
    }

    /// Damage in the last few pictures of a complete file looks, to `RecentCorruption`, like
    /// the cut last packet of a transport stream truncated on a packet boundary: ffmpeg plays
    /// every frame and exits 0; spool plays the same frames and exits 0 too, but warns "the
    /// file ends early: its last video frame is incomplete". Not fixed yet: the decoder's
    /// pictures do not tell a cut packet from bit errors, and a cut that leaves no other sign
    /// (a stream with no stated duration, cut on a transport packet boundary) needs the check.
    @Test(
        "bit errors in the last video packets: ffmpeg's frames, exit 0; the end is taken for a cut (known issue)",
        arguments: ["mp4", "ts"])
    func lateVideoBitErrors(_ container: String) async throws {
        let url = try await DamagedMedia.noisy(
            .h264AACMP4, container: container, streamType: "v", packets: "gte(n\\,46)", period: 20)
        let run = try await DamagedPlayback.play(url.path)
        let reference = try await DamagedPlayback.ffmpegHashes(url)
        #expect(reference.count >= 40)
        #expect(run.hashes == reference)
        #expect(run.output.status == 0, "stderr: \(run.output.errorText)")
        withKnownIssue("RecentCorruption takes damage in the last pictures for a cut last packet") {
            #expect(run.output.errorText.isEmpty)
        }
    }
}
