import Foundation
import SpoolTestSupport
import Testing

/// `spool play --ao wav:FILE` and `--speed`: the audio thread, converter and tempo filter of
/// the real engine, checked against what ffmpeg decodes and against the wall clock.
@Suite("spool play: audio (integration)", .timeLimit(.minutes(3)))
struct PlayAudioIntegrationTests {
    /// Each fixture with the samples one packet of its codec holds: the WAV may differ from
    /// ffmpeg's decode by at most that (priming and padding are handled per packet).
    @Test(
        "the WAV holds the whole audio: as many samples as ffmpeg decodes, within one packet",
        arguments: [
            (TestMedia.Fixture.h264AACMP4, 1024), (.mp3WithCover, 1152), (.flacStereo, 4608), (.vp9OpusWebM, 960),
        ])
    func wavHoldsEverySample(_ fixture: TestMedia.Fixture, packetSamples: Int) async throws {
        let url = try await TestMedia.url(for: fixture)
        let wavPath = try PlayTool.scratchPath("\(fixture).wav")
        let output = try await PlayTool.spool(["play", "--ao", "wav:\(wavPath)", "--no-video", url.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(output.errorText.isEmpty)
        let wav = try WAVFile(path: wavPath)
        let expected = try await PlayTool.ffmpegDecodedSampleCount(of: url)
        #expect(expected > 80_000)  // 2 s at 44.1 or 48 kHz: the reference is not empty
        #expect(abs(wav.frameCount - expected) <= packetSamples, "WAV \(wav.frameCount), ffmpeg \(expected)")
        #expect(wav.formatTag == 3 && wav.bitsPerSample == 32)  // float, as documented
        #expect(wav.channelCount == (fixture == .flacStereo ? 2 : 1))
        #expect(abs(wav.zeroCrossingFrequency - 440) < 5)
    }

    @Test("A named display that takes no window is said on stderr, and the audio still plays whole")
    func unusableDisplayIsSaid() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let wavPath = try PlayTool.scratchPath("no-display.wav")
        // A display number with no server socket: SDL fails at once, as on a closed X session.
        let number = (900..<999).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") } ?? 999
        let output = try await PlayTool.spool(
            ["play", "--ao", "wav:\(wavPath)", url.path], environment: ["DISPLAY": ":\(number)"])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(output.errorText.contains("cannot open a display (DISPLAY=:\(number))"), "\(output.errorText)")
        #expect(output.errorText.contains("playing without video"), "\(output.errorText)")
        let wav = try WAVFile(path: wavPath)
        let expected = try await PlayTool.ffmpegDecodedSampleCount(of: url)
        #expect(abs(wav.frameCount - expected) <= 1024, "WAV \(wav.frameCount), ffmpeg \(expected)")
    }

    @Test("--speed 2 into a WAV: half the duration, the pitch of the tone kept (440 ± 5 Hz)")
    func doubleSpeedKeepsPitch() async throws {
        let url = try await TestMedia.url(for: .aacTone4s)
        let wavPath = try PlayTool.scratchPath("speed2.wav")
        let output = try await PlayTool.spool([
            "play", "--speed", "2", "--ao", "wav:\(wavPath)", "--no-video", url.path,
        ])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let wav = try WAVFile(path: wavPath)
        let seconds = Double(wav.frameCount) / Double(wav.sampleRate)
        #expect(abs(seconds - 2) < 0.1, "\(seconds) s of audio")
        let frequency = wav.zeroCrossingFrequency
        #expect(abs(frequency - 440) <= 5, "dominant frequency \(frequency) Hz")
    }

    /// libavfilter is opened by the first speed change, not at start-up: linked, it brings some
    /// thirty libraries every process would load for nothing. glibc's loader says what it loads
    /// (LD_DEBUG=files, dlopen included) into LD_DEBUG_OUTPUT.pid.
    @Test(
        "libavfilter is loaded by a speed change only: not for 1x playback, and at --speed 2",
        arguments: [false, true])
    func avfilterLoadedOnlyForSpeed(changesSpeed: Bool) async throws {
        let url = try await TestMedia.url(for: .aacTone4s)
        let wavPath = try PlayTool.scratchPath("avfilter-\(changesSpeed).wav")
        let debugPrefix = try PlayTool.scratchPath("avfilter-ld-\(changesSpeed)")
        let speed = changesSpeed ? ["--speed", "2"] : []
        let output = try await PlayTool.spool(
            ["play"] + speed + ["--ao", "wav:\(wavPath)", "--no-video", url.path],
            environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": debugPrefix])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let directory = URL(fileURLWithPath: debugPrefix).deletingLastPathComponent()
        let prefix = URL(fileURLWithPath: debugPrefix).lastPathComponent + "."
        let logs = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(prefix) }
        let loaded = try logs.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
            .joined()
        // The log names every library, so an empty one would pass for "not loaded".
        #expect(loaded.contains("file=libavcodec.so"), "no loader log in \(logs)")
        #expect(loaded.contains("file=libavfilter.so") == changesSpeed)
    }

    @Test("--speed 2 in real time (null output, timed) takes about half the media's duration")
    func doubleSpeedHalvesWallTime() async throws {
        let url = try await TestMedia.url(for: .aacTone4s)
        let events = try PlayTool.scratchPath("speed2.jsonl")
        let output = try await PlayTool.spool(
            ["play", "--speed", "2", "--ao", "null", "--no-video", "--events", events, url.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        // From the item's start (ready, playing at once) to its end, on the event log's clock;
        // the process as a whole also waits for start-up, which a loaded machine stretches.
        let log = try PlayEvent.read(events)
        let ready = try #require(log.first { $0.type == "ready" }?.fields["t"] as? Double)
        let ended = try #require(log.first { $0.type == "ended" }?.fields["t"] as? Double)
        #expect(ended - ready >= 1.6 && ended - ready <= 3.0, "4 s of media at 2x played in \(ended - ready) s")
        // The process's own bound is loose: a loaded machine's start-up took 8.8 s once; the
        // log's interval above is the measure of the speed.
        #expect(output.elapsed >= .seconds(1.6) && output.elapsed < .seconds(45), "the run took \(output.elapsed)")
    }
}
