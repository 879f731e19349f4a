import Foundation
import SpoolTestSupport
import Testing

/// Gapless joins over a WAV output: the file written for a queue (or a loop) holds exactly
/// the items' audio back to back, as the ffmpeg CLI decodes each file — no sample inserted or
/// lost at any join. A WAV output keeps no time, so this holds with or without preroll; the
/// real-time suite (`PlayGaplessRealTimeIntegrationTests`) catches the gap a device shows.
@Suite("spool play: gapless joins over a WAV output (integration)", .timeLimit(.minutes(3)))
struct PlayGaplessIntegrationTests {
    /// A 1.3 s stereo tone at `frequency`, encoded with `codec` into `name`.
    static func tone(_ frequency: Int, codec: [String], name: String, rate: Int = 48_000) async throws -> String {
        let path = try PlayTool.scratchPath(name)
        _ = try await PlayTool.ffmpeg(
            ["-y", "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=\(rate):duration=1.3", "-ac", "2"]
                + codec + [path])
        return path
    }

    /// `path`'s audio as interleaved 32-bit float PCM, 48 kHz stereo (what spool writes here).
    static func decoded(_ path: String) async throws -> Data {
        try await PlayTool.ffmpeg(["-i", path, "-map", "0:a:0", "-ac", "2", "-ar", "48000", "-f", "f32le", "-"])
    }

    /// Plays `inputs` (with `arguments`) into a WAV file and checks it equals `expected`'s
    /// decodes concatenated, sample for sample.
    func expectSampleExact(_ arguments: [String], inputs: [String], expected: [String]) async throws {
        let wav = try PlayTool.scratchPath("gapless.wav")
        let output = try await PlayTool.spool(["play", "--ao", "wav:\(wav)"] + arguments + inputs)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        var reference = Data()
        for path in expected { reference.append(try await Self.decoded(path)) }
        let written = try await Self.decoded(wav)
        let frameBytes = 8
        #expect(
            written.count == reference.count,
            "\((written.count - reference.count) / frameBytes) frames inserted (negative: lost)")
        let firstDifference = zip(written, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "first differing frame: \(firstDifference.map { $0 / frameBytes } ?? -1)")
    }

    @Test("two AAC tones queued: the WAV is both decodes back to back")
    func aacQueue() async throws {
        let first = try await Self.tone(440, codec: ["-c:a", "aac"], name: "a440.m4a")
        let second = try await Self.tone(880, codec: ["-c:a", "aac"], name: "a880.m4a")
        try await expectSampleExact(["--no-video"], inputs: [first, second], expected: [first, second])
    }

    @Test("an MP3 and a FLAC tone queued: encoder delay and padding trimmed as ffmpeg trims them")
    func mp3ThenFLAC() async throws {
        let first = try await Self.tone(440, codec: ["-c:a", "libmp3lame"], name: "m440.mp3")
        let second = try await Self.tone(880, codec: ["-c:a", "flac"], name: "f880.flac")
        try await expectSampleExact(["--no-video"], inputs: [first, second], expected: [first, second])
    }

    @Test("--loop 3 of one AAC clip: three decodes back to back")
    func loopThreeTimes() async throws {
        let clip = try await Self.tone(440, codec: ["-c:a", "aac"], name: "loop440.m4a")
        try await expectSampleExact(["--no-video", "--loop", "3"], inputs: [clip], expected: [clip, clip, clip])
    }

    @Test("a video clip queued twice: its audio twice, sample-exact")
    func videoQueue() async throws {
        let clip = try await TestMedia.url(for: .h264AACMP4).path
        try await expectSampleExact(["--vo", "null"], inputs: [clip, clip], expected: [clip, clip])
    }
}
