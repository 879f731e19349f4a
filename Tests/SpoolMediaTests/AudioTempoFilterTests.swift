import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// Playback rate: tempo keeps the pitch, varispeed moves it, rate 1 is untouched.
@Suite("AudioTempoFilter", .timeLimit(.minutes(3)))
struct AudioTempoFilterTests {
    static let format = AudioFormat(sampleRate: 48000, channelCount: 2)

    /// The decoded 440 Hz FLAC sine, as 48 kHz stereo PCM buffers.
    static func sine() async throws -> [PCMBuffer] {
        try await decodeAudio(of: TestMedia.url(for: .flacStereo), to: format).buffers
    }

    /// Runs every buffer through a filter at `rate` and `mode` on a dedicated thread.
    static func filtered(_ buffers: [PCMBuffer], rate: Double, mode: AudioTempoFilter.Mode) async throws -> [PCMBuffer]
    {
        try await runOnDedicatedThread { () throws -> [PCMBuffer] in
            let filter = try AudioTempoFilter(format: format, rate: rate, mode: mode)
            var output = try process(buffers[...], with: filter)
            if let tail = try filter.drain() { output.append(tail) }
            return output
        }
    }

    /// Every output `filter` makes from `buffers`, in order.
    static func process(_ buffers: ArraySlice<PCMBuffer>, with filter: AudioTempoFilter) throws -> [PCMBuffer] {
        var output: [PCMBuffer] = []
        for buffer in buffers {
            if let processed = try filter.process(buffer) { output.append(processed) }
        }
        return output
    }

    static func frameCount(_ buffers: [PCMBuffer]) -> Int { buffers.map(\.frameCount).reduce(0, +) }

    @Test("tempo 2.0 halves the frames and keeps 440 Hz")
    func tempoKeepsPitch() async throws {
        let input = try await Self.sine()
        let output = try await Self.filtered(input, rate: 2, mode: .preservingPitch)
        let expected = Double(Self.frameCount(input)) / 2
        #expect(abs(Double(Self.frameCount(output)) - expected) <= 0.02 * expected)
        #expect(abs(dominantFrequency(of: output.flatMap(\.samples), format: Self.format) - 440) <= 5)
    }

    @Test("tempo 0.5 doubles the frames and keeps 440 Hz")
    func slowTempoKeepsPitch() async throws {
        let input = try await Self.sine()
        let output = try await Self.filtered(input, rate: 0.5, mode: .preservingPitch)
        let expected = Double(Self.frameCount(input)) * 2
        #expect(abs(Double(Self.frameCount(output)) - expected) <= 0.02 * expected)
        #expect(abs(dominantFrequency(of: output.flatMap(\.samples), format: Self.format) - 440) <= 5)
    }

    @Test("varispeed 2.0 halves the frames and doubles the frequency")
    func varispeedMovesPitch() async throws {
        let input = try await Self.sine()
        let output = try await Self.filtered(input, rate: 2, mode: .varispeed)
        let expected = Double(Self.frameCount(input)) / 2
        #expect(abs(Double(Self.frameCount(output)) - expected) <= 0.02 * expected)
        #expect(abs(dominantFrequency(of: output.flatMap(\.samples), format: Self.format) - 880) <= 10)
    }

    @Test("rate 1.0 passes buffers through untouched")
    func unityRateBypasses() async throws {
        let input = try await Self.sine()
        let output = try await Self.filtered(input, rate: 1, mode: .preservingPitch)
        #expect(output.count == input.count)
        #expect(
            zip(input, output).allSatisfy { $0.samples == $1.samples && $0.presentationTime == $1.presentationTime })
    }

    @Test("a rate change mid-stream hands back the old graph's samples: none are lost")
    func rateChangeKeepsQueuedSamples() async throws {
        let input = try await Self.sine()
        let (outputFrames, inputFrames) = try await runOnDedicatedThread { () throws -> (Double, Double) in
            let filter = try AudioTempoFilter(format: Self.format, rate: 2, mode: .preservingPitch)
            let half = input.count / 2
            var first = try Self.process(input[..<half], with: filter)
            if let tail = try filter.setRate(1.5, mode: .preservingPitch) { first.append(tail) }
            var second = try Self.process(input[half...], with: filter)
            if let tail = try filter.drain() { second.append(tail) }
            let played = Double(Self.frameCount(first)) * 2 + Double(Self.frameCount(second)) * 1.5
            return (played, Double(Self.frameCount(input)))
        }
        // Output frames × rate is the media consumed: all of it, to within 2%.
        #expect(abs(outputFrames - inputFrames) <= 0.02 * inputFrames)
    }

    @Test("output times advance at the playback rate")
    func outputTimesFollowMediaTime() async throws {
        let input = try await Self.sine()
        let output = try await Self.filtered(input, rate: 2, mode: .preservingPitch)
        let first = try #require(output.first)
        let last = try #require(output.last)
        #expect(abs(first.presentationTime.seconds - input[0].presentationTime.seconds) < 0.001)
        let mediaEnd = last.presentationTime.seconds + Double(last.frameCount) * 2 / 48000
        #expect(abs(mediaEnd - 2) < 0.05)
    }

    @Test("rates outside 0.5…4 are refused")
    func unsupportedRates() {
        #expect(throws: FFmpegError.invalidArgument) { try AudioTempoFilter(format: Self.format, rate: 8) }
        #expect(throws: FFmpegError.invalidArgument) { try AudioTempoFilter(format: Self.format, rate: 0.25) }
    }
}
