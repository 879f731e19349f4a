import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport

/// The audio feed loop of an engine's audio thread, for tests: every frame of the
/// decoder's stream goes to `body`. Blocking: call it on a dedicated thread only.
func forEachAudioFrame(_ demuxer: Demuxer, _ decoder: AudioDecoder, _ body: (DecodedAudioFrame) throws -> Void) throws {
    func drain() throws {
        while case .frame(let frame) = try decoder.receiveFrame() { try body(frame) }
    }
    while let packet = try demuxer.readPacket() {
        guard packet.streamIndex == decoder.stream.index else { continue }
        while try decoder.send(packet) == .full { try drain() }
        try drain()
    }
    while try decoder.sendEndOfStream() == .full { try drain() }
    try drain()
}

/// What decoding a file's audio track gave.
struct DecodedAudio: Sendable {
    /// Samples per channel over all decoded frames.
    var sampleCount = 0
    /// The largest frame, in samples per channel: "one packet" of tolerance.
    var largestFrame = 0
    /// The converted PCM buffers, in order.
    var buffers: [PCMBuffer] = []

    /// Every converted sample, interleaved.
    var samples: [Float] { buffers.flatMap(\.samples) }
}

/// Decodes all of `url`'s audio on a dedicated thread, converting it to `format`.
func decodeAudio(of url: URL, to format: AudioFormat) async throws -> DecodedAudio {
    try await runOnDedicatedThread { () throws -> DecodedAudio in
        let demuxer = try openDemuxer(url)
        guard let stream = demuxer.audio else { throw ToolError(description: "\(url.path) has no audio") }
        let decoder = try AudioDecoder(stream: stream)
        let converter = AudioConverter(outputFormat: format)
        var result = DecodedAudio()
        try forEachAudioFrame(demuxer, decoder) { frame in
            result.sampleCount += frame.sampleCount
            result.largestFrame = max(result.largestFrame, frame.sampleCount)
            result.buffers.append(try converter.convert(frame))
        }
        if let tail = try converter.drain() { result.buffers.append(tail) }
        return result
    }
}

/// Samples per channel that `ffprobe` decodes from the first audio stream.
func ffprobeDecodedSampleCount(of url: URL) async throws -> Int {
    let ffprobe = try ToolRunner.find("ffprobe")
    let output = try await ToolRunner.run(
        ffprobe,
        ["-v", "error", "-select_streams", "a:0", "-show_entries", "frame=nb_samples", "-of", "csv=p=0", url.path])
    guard output.status == 0 else { throw ToolError(description: "ffprobe failed: \(output.errorText)") }
    return output.outputText.split(whereSeparator: \.isNewline).compactMap { Int($0) }.reduce(0, +)
}

/// The frequency of a pure tone in channel 0 of interleaved `samples`, from its upward
/// zero crossings (enough for a clean sine).
func dominantFrequency(of samples: [Float], format: AudioFormat) -> Double {
    let channel = stride(from: 0, to: samples.count, by: format.channelCount).map { samples[$0] }
    var crossings: [Int] = []
    for index in 1..<channel.count where channel[index - 1] < 0 && channel[index] >= 0 {
        crossings.append(index)
    }
    guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
    return Double(crossings.count - 1) * Double(format.sampleRate) / Double(last - first)
}
