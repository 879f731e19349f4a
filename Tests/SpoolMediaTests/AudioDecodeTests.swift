import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// Audio decoding and conversion against FFmpeg's own decoded counts and the fixtures'
/// known content: a 440 Hz sine.
@Suite("Audio decoding and conversion", .timeLimit(.minutes(3)))
struct AudioDecodeTests {
    static let fixtures: [TestMedia.Fixture] = [.h264AACMP4, .vp9OpusWebM, .flacStereo]

    @Test("the whole track decodes to ffprobe's sample count, within one packet", arguments: fixtures)
    func sampleCountMatchesFFprobe(_ fixture: TestMedia.Fixture) async throws {
        let url = try await TestMedia.url(for: fixture)
        let expected = try await ffprobeDecodedSampleCount(of: url)
        let decoded = try await decodeAudio(of: url, to: AudioFormat(sampleRate: 48000, channelCount: 2))
        #expect(expected > 90_000)
        #expect(abs(decoded.sampleCount - expected) <= decoded.largestFrame)
        // Same rate in and out: the converted PCM holds every decoded sample.
        let converted = decoded.buffers.map(\.frameCount).reduce(0, +)
        #expect(abs(converted - decoded.sampleCount) <= 1)
    }

    @Test("decoded PCM of the 440 Hz sine has a dominant frequency of 440 Hz", arguments: fixtures)
    func sineFrequency(_ fixture: TestMedia.Fixture) async throws {
        let format = AudioFormat(sampleRate: 48000, channelCount: 1)
        let decoded = try await decodeAudio(of: TestMedia.url(for: fixture), to: format)
        // Lossy codecs smear the zero crossings a little (AAC measures about 441.4 Hz).
        #expect(abs(dominantFrequency(of: decoded.samples, format: format) - 440) < 3)
    }

    @Test("resampling to 44.1 kHz stereo keeps the pitch, the length and contiguous times")
    func resampling() async throws {
        let format = AudioFormat(sampleRate: 44100, channelCount: 2)
        let decoded = try await decodeAudio(of: TestMedia.url(for: .flacStereo), to: format)
        let frames = decoded.buffers.map(\.frameCount).reduce(0, +)
        #expect(abs(frames - 88200) <= 64)
        #expect(abs(dominantFrequency(of: decoded.samples, format: format) - 440) < 2)
        let first = try #require(decoded.buffers.first)
        #expect(abs(first.presentationTime.seconds) < 0.001)
        // Each buffer starts where the previous one ended, to within a sample.
        for (previous, next) in zip(decoded.buffers, decoded.buffers.dropFirst()) {
            let end = previous.presentationTime.seconds + Double(previous.frameCount) / 44100
            #expect(abs(next.presentationTime.seconds - end) < 1.5 / 44100)
        }
    }
}
