import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolMedia

/// The user's chains on their own: audio keeps the input's timeline through a filter that holds
/// samples back, and loses or adds none; the check names unknown filters, and never reads a
/// quoted option value as one.
@Suite("AudioFilterChain and FilterChainCheck", .timeLimit(.minutes(1)))
struct FilterChainTests {
    static let format = AudioFormat(sampleRate: 48000, channelCount: 2)

    /// `seconds` of a 440 Hz tone at -30 dBFS in 1024-frame buffers, the first at `start`.
    static func tone(seconds: Int, start: MediaTime) -> [PCMBuffer] {
        let frames = 48000 * seconds
        let amplitude = Float(0.0316)
        return stride(from: 0, to: frames, by: 1024).map { first in
            let count = min(1024, frames - first)
            var samples: [Float] = []
            samples.reserveCapacity(count * 2)
            for index in first..<(first + count) {
                let value = amplitude * Float(sin(2 * Double.pi * 440 * Double(index) / 48000))
                samples += [value, value]
            }
            return PCMBuffer(
                format: format, samples: samples,
                presentationTime: start + MediaTime(value: Int64(first), timescale: 48000))
        }
    }

    @Test("loudnorm's 3-second look-ahead: the output starts at the input's time, and every frame comes out")
    func audioTimeline() async throws {
        let start = MediaTime(value: 10, timescale: 1)
        let input = Self.tone(seconds: 5, start: start)
        let output = try await runOnDedicatedThread { () throws -> [PCMBuffer] in
            let chain = try AudioFilterChain(chain: "loudnorm=I=-16:TP=-1.5:LRA=11", format: Self.format)
            var output = try input.compactMap { try chain.process($0) }
            if let tail = try chain.drain() { output.append(tail) }
            return output
        }
        // Held back: the first second of input gives nothing yet.
        #expect(output.count < input.count)
        let first = try #require(output.first)
        #expect(first.presentationTime == start)
        let frames = output.reduce(0) { $0 + $1.frameCount }
        #expect(frames == input.reduce(0) { $0 + $1.frameCount })
        // Contiguous: each buffer starts where the previous one ended.
        for (previous, next) in zip(output, output.dropFirst()) {
            let end = previous.presentationTime + MediaTime(value: Int64(previous.frameCount), timescale: 48000)
            #expect(next.presentationTime == end)
        }
        // Louder: -30 dBFS peaks are raised towards -16 LUFS.
        let peak = output.last?.samples.map(abs).max() ?? 0
        #expect(peak > 0.1, "peak \(peak)")
    }

    @Test("after a flush the chain starts afresh at the next buffer's time")
    func flush() async throws {
        let buffers = Self.tone(seconds: 1, start: .zero)
        let later = Self.tone(seconds: 1, start: MediaTime(value: 30, timescale: 1))
        let first = try await runOnDedicatedThread { () throws -> PCMBuffer? in
            let chain = try AudioFilterChain(chain: "volume=0.5", format: Self.format)
            _ = try buffers.compactMap { try chain.process($0) }
            chain.flush()
            return try chain.process(later[0])
        }
        let output = try #require(first)
        #expect(output.presentationTime == MediaTime(value: 30, timescale: 1))
        #expect(abs(output.samples[200] - later[0].samples[200] / 2) < 1e-6)
    }

    @Test("the check: accepted chains, unknown names, and libavfilter's own reasons")
    func check() {
        #expect(FilterChainCheck.problem(in: "loudnorm=I=-16:TP=-1.5:LRA=11", kind: .audio) == nil)
        #expect(FilterChainCheck.problem(in: "hflip,bwdif=mode=send_frame", kind: .video) == nil)
        #expect(FilterChainCheck.problem(in: "hflip,nosuch", kind: .video) == "no such filter 'nosuch'")
        #expect(FilterChainCheck.problem(in: "volume=x=1", kind: .audio) == "Option not found")
        #expect(FilterChainCheck.problem(in: "hflip", kind: .audio) != nil)
        #expect(FilterChainCheck.problem(in: "a\u{0}b", kind: .audio) == "the chain contains a NUL character")
    }

    @Test("filter names: labels and ids skipped, quoted and escaped commas are values, not names")
    func names() {
        #expect(FilterChainCheck.filterNames(in: "[in]split[a][b];[a]hflip@left[l]") == ["split", "hflip"])
        #expect(FilterChainCheck.filterNames(in: "drawtext=text='a, b c':x=1,vflip") == ["drawtext", "vflip"])
        #expect(FilterChainCheck.filterNames(in: #"select=eq(n\,0)+eq(n\, 1),null"#) == ["select", "null"])
        #expect(FilterChainCheck.filterNames(in: "scale=320:-2, 0)") == ["scale"])
    }
}
