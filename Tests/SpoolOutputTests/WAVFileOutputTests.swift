import Foundation
import SpoolCore
import Testing

@testable import SpoolOutput

/// `WAVFileOutput` checked against FFmpeg's own reading of the files it writes.
@Suite(.timeLimit(.minutes(3)))
struct WAVFileOutputTests {
    static let format = AudioFormat(sampleRate: 48_000, channelCount: 2)

    /// What ffprobe says about the file's only stream.
    struct ProbedStream: Decodable {
        let codecName: String
        let sampleRate: String
        let channels: Int
        let bitsPerSample: Int
        let durationTs: Int
        let duration: String
    }

    /// Probes with warnings on: a file FFmpeg has to guess about is a failure too.
    static func probe(_ path: String) async throws -> ProbedStream {
        struct Probe: Decodable { let streams: [ProbedStream] }
        let result = try await ExternalTool.run("ffprobe", ["-v", "warning", "-show_streams", "-of", "json", path])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "ffprobe complained: \(result.standardError)")
        let json = result.standardOutput
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let streams = try decoder.decode(Probe.self, from: json).streams
        return try #require(streams.count == 1 ? streams.first : nil, "expected one stream, got \(streams.count)")
    }

    /// The samples as FFmpeg decodes them: interleaved float32.
    static func decodedSamples(_ path: String) async throws -> [Float] {
        let bytes = try await ExternalTool.output(of: "ffmpeg", ["-v", "error", "-i", path, "-f", "f32le", "-"])
        return stride(from: 0, to: bytes.count - 3, by: 4).map { offset in
            Float(
                bitPattern: bytes[offset..<offset + 4].enumerated().reduce(UInt32(0)) {
                    $0 | UInt32($1.element) << (8 * $1.offset)
                })
        }
    }

    @Test func oneSecondOfSineReadsBackExactly() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(component: "sine.wav").path(percentEncoded: false)
            let samples = SineWave.samples(frequency: 440, format: Self.format, frameCount: 48_000)
            let output = WAVFileOutput(path: path)
            try output.start(format: Self.format)
            for buffer in SineWave.buffers(samples, format: Self.format, chunkFrames: [1, 479, 1_024, 4_097, 333]) {
                try output.write(buffer)
            }
            #expect(output.latency == .zero)
            output.stop()

            let stream = try await Self.probe(path)
            #expect(stream.codecName == "pcm_f32le")
            #expect(stream.sampleRate == "48000")
            #expect(stream.channels == 2)
            #expect(stream.bitsPerSample == 32)
            #expect(stream.durationTs == 48_000)
            #expect(stream.duration == "1.000000")
            let decoded = try await Self.decodedSamples(path)
            #expect(decoded == samples)
        }
    }

    @Test func drainLeavesAValidFileThatLaterWritesExtend() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(component: "growing.wav").path(percentEncoded: false)
            let samples = SineWave.samples(frequency: 440, format: Self.format, frameCount: 48_000)
            let halves = SineWave.buffers(samples, format: Self.format, chunkFrames: [24_000])
            let output = WAVFileOutput(path: path)
            try output.start(format: Self.format)
            try output.write(halves[0])
            try output.drain()
            #expect(try await Self.probe(path).durationTs == 24_000)

            try output.write(halves[1])
            output.stop()
            #expect(try await Self.probe(path).durationTs == 48_000)
            #expect(try await Self.decodedSamples(path) == samples)
        }
    }

    @Test func volumeScalesTheSamples() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(component: "quiet.wav").path(percentEncoded: false)
            let samples = SineWave.samples(frequency: 440, format: Self.format, frameCount: 4_800)
            let output = WAVFileOutput(path: path)
            try output.start(format: Self.format)
            output.setVolume(0.5)
            try output.write(PCMBuffer(format: Self.format, samples: samples, presentationTime: .zero))
            output.stop()
            // Halving is exact in binary floating point.
            #expect(try await Self.decodedSamples(path) == samples.map { $0 * 0.5 })
        }
    }

    @Test func aFileHoldsOneFormat() async throws {
        try await withTemporaryDirectory { directory in
            let output = WAVFileOutput(path: directory.appending(component: "one.wav").path(percentEncoded: false))
            try output.start(format: Self.format)
            try output.start(format: Self.format)
            let other = AudioFormat(sampleRate: 44_100, channelCount: 2)
            #expect(throws: AudioOutputError.unsupportedFormat(other)) { try output.start(format: other) }
            #expect(throws: AudioOutputError.unsupportedFormat(other)) {
                try output.write(PCMBuffer(format: other, samples: [0, 0], presentationTime: .zero))
            }
            output.stop()
            #expect(throws: AudioOutputError.stopped) {
                try output.write(PCMBuffer(format: Self.format, samples: [0, 0], presentationTime: .zero))
            }
            #expect(throws: AudioOutputError.stopped) { try output.start(format: Self.format) }
        }
    }

    @Test func diskErrorsAreWriteFailures() throws {
        // /dev/full accepts the open and fails every write with ENOSPC.
        let output = WAVFileOutput(path: "/dev/full")
        try output.start(format: Self.format)
        let oneSecond = PCMBuffer(
            format: Self.format, samples: [Float](repeating: 0.25, count: 96_000), presentationTime: .zero)
        #expect {
            try output.write(oneSecond)
        } throws: { error in
            guard case .writeFailed = error as? AudioOutputError else { return false }
            return true
        }
        #expect(throws: AudioOutputError.self) { try output.drain() }
        output.stop()
    }

    @Test func aFileThatCannotBeCreatedIsUnavailable() {
        let output = WAVFileOutput(path: "/nonexistent-directory/out.wav")
        #expect {
            try output.start(format: Self.format)
        } throws: { error in
            guard case .unavailable = error as? AudioOutputError else { return false }
            return true
        }
    }
}
