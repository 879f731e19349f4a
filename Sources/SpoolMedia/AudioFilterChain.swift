public import SpoolCore

/// A user's audio filters (`--af`): PCM through a libavfilter chain such as
/// `loudnorm=I=-16:TP=-1.5:LRA=11`, in one `AudioFormat` in and out.
///
/// Output keeps the input's timeline: each buffer's `presentationTime` is the time of the
/// first input sample fed since the last flush plus the frames produced since, so a filter
/// that holds samples back (loudnorm looks three seconds ahead) delays what is heard without
/// moving the clock off the picture. Filters that change the duration (`atempo`) are not
/// meant here: the clock would drift by what they add or remove.
///
/// The graph is built on the first buffer and rebuilt after `drain()` and `flush()`.
/// Confinement: one thread at a time (the audio thread); not `Sendable`.
public final class AudioFilterChain {
    /// The libavfilter chain, as given.
    public let chain: String
    /// The format of every buffer in and out.
    public let format: AudioFormat

    private var graph: AudioFilterGraph?
    private var anchor = MediaTime.invalid
    private var producedFrames: Int64 = 0

    /// A chain over `format`. Builds a first graph at once, so a chain libavfilter refuses
    /// throws here (its error) rather than on the first buffer.
    public init(chain: String, format: AudioFormat) throws(FFmpegError) {
        self.chain = chain
        self.format = format
        graph = try AudioFilterGraph(format: format, chain: chain)
    }

    /// `buffer` filtered: what the chain has ready (possibly nothing while it fills up).
    /// Throws `.invalidArgument` for a buffer in another format.
    public func process(_ buffer: PCMBuffer) throws(FFmpegError) -> PCMBuffer? {
        guard buffer.format == format else { throw .invalidArgument }
        let graph = try currentGraph()
        if !anchor.isNumeric { anchor = buffer.presentationTime }
        return output(try graph.push(buffer.samples))
    }

    /// At the end of the stream: everything the chain still holds, or `nil`. The next buffer
    /// starts a fresh graph.
    public func drain() throws(FFmpegError) -> PCMBuffer? {
        guard let graph else { return nil }
        let tail = output(try graph.finish())
        reset()
        return tail
    }

    /// Discards everything the chain holds (after a seek or a track switch).
    public func flush() {
        reset()
    }

    private func reset() {
        graph = nil
        anchor = .invalid
        producedFrames = 0
    }

    private func currentGraph() throws(FFmpegError) -> AudioFilterGraph {
        if let graph { return graph }
        let made = try AudioFilterGraph(format: format, chain: chain)
        graph = made
        return made
    }

    private func output(_ samples: [Float]) -> PCMBuffer? {
        let frames = samples.count / format.channelCount
        guard frames > 0 else { return nil }
        let timescale = Int32(clamping: format.sampleRate)
        let time = anchor.isNumeric ? anchor + MediaTime(value: producedFrames, timescale: timescale) : .invalid
        producedFrames += Int64(frames)
        return PCMBuffer(format: format, samples: samples, presentationTime: time)
    }
}
