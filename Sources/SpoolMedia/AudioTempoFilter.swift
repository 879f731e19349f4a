import Foundation
public import SpoolCore

/// Plays PCM faster or slower: 0.5× to 4×, either keeping the pitch (libavfilter's
/// `atempo`, a time-domain stretch) or letting it follow the speed like tape (`varispeed`).
///
/// Buffers in and out are in one `AudioFormat`. At rate 1 no filter runs at all: buffers
/// pass through untouched. Each output buffer's `presentationTime` is the media time of
/// its first sample (media time advances `rate` times faster than the output plays).
///
/// Rate changes rebuild the filter graph; the old graph's pending samples are drained
/// first and returned by `setRate`, so nothing queued is lost. `flush()` (after a seek)
/// discards them instead. Confinement: one thread at a time (the audio thread); not
/// `Sendable`.
public final class AudioTempoFilter {
    /// How speed changes sound.
    public enum Mode: Sendable, Equatable {
        /// Speed changes, pitch stays (`atempo`): speech stays intelligible.
        case preservingPitch
        /// Pitch changes with speed, like a tape played faster (`asetrate` + `aresample`).
        case varispeed
    }

    /// The slowest and fastest supported rates.
    public static let supportedRates: ClosedRange<Double> = 0.5...4

    /// The format of every buffer in and out.
    public let format: AudioFormat
    /// The current playback rate.
    public private(set) var rate: Double
    /// How the current rate is applied.
    public private(set) var mode: Mode

    private var graph: AudioFilterGraph?
    /// The media time of the first sample fed to the current graph.
    private var anchor = MediaTime.invalid
    /// Frames the current graph has produced.
    private var producedFrames: Int64 = 0

    /// A filter for `format` at `rate`. Throws `.invalidArgument` for a rate outside
    /// `supportedRates`.
    public init(format: AudioFormat, rate: Double = 1, mode: Mode = .preservingPitch) throws(FFmpegError) {
        self.format = format
        self.rate = 1
        self.mode = mode
        try setRate(rate, mode: mode)
    }

    /// Opens libavfilter now if it is not open yet, so that the first buffer played at a rate
    /// other than 1 does not wait for it: it is opened on first use, and loading it with its
    /// libraries takes tens of milliseconds (much more under ThreadSanitizer). For an item that
    /// starts at such a rate, before it reports ready. A failure is left for the filter itself
    /// to throw.
    package static func prepareLibrary() {
        _ = try? AVFilterLibrary.open()
    }

    /// Switches to `rate` and `mode`. Returns what the previous graph still held, played
    /// at the previous rate (play it before the next output), or `nil`.
    @discardableResult
    public func setRate(_ rate: Double, mode: Mode) throws(FFmpegError) -> PCMBuffer? {
        guard Self.supportedRates.contains(rate) else { throw .invalidArgument }
        if rate == self.rate, mode == self.mode, (graph != nil) == (rate != 1) { return nil }
        let tail = try finishGraph()
        self.rate = rate
        self.mode = mode
        try restart()
        return tail
    }

    /// `buffer` at the current rate; `nil` while the filter is still filling up. Throws
    /// `.invalidArgument` for a buffer in another format.
    public func process(_ buffer: PCMBuffer) throws(FFmpegError) -> PCMBuffer? {
        guard buffer.format == format else { throw .invalidArgument }
        guard let graph else { return buffer }
        if !anchor.isNumeric { anchor = buffer.presentationTime }
        return output(try graph.push(buffer.samples))
    }

    /// At the end of the stream: everything the filter still holds, or `nil`. The filter
    /// then starts afresh for the next input.
    public func drain() throws(FFmpegError) -> PCMBuffer? {
        let tail = try finishGraph()
        try restart()
        return tail
    }

    /// Discards everything the filter holds (after a seek).
    public func flush() throws(FFmpegError) {
        try restart()
    }

    /// Ends the current graph's input and returns its remaining output.
    private func finishGraph() throws(FFmpegError) -> PCMBuffer? {
        guard let graph else { return nil }
        return output(try graph.finish())
    }

    /// A fresh graph for the current rate and mode (none at rate 1), with no history.
    private func restart() throws(FFmpegError) {
        graph = nil
        anchor = .invalid
        producedFrames = 0
        if rate != 1 { graph = try AudioFilterGraph(format: format, chain: chain()) }
    }

    private func output(_ samples: [Float]) -> PCMBuffer? {
        let frames = samples.count / format.channelCount
        guard frames > 0 else { return nil }
        let mediaOffset = Double(producedFrames) * rate / Double(format.sampleRate)
        producedFrames += Int64(frames)
        let time =
            anchor.isNumeric
            ? anchor + MediaTime(seconds: mediaOffset, preferredTimescale: Int32(clamping: format.sampleRate))
            : .invalid
        return PCMBuffer(format: format, samples: samples, presentationTime: time)
    }

    /// The filters between source and sink for the current rate and mode.
    private func chain() -> String {
        switch mode {
        case .varispeed:
            // Pretend the samples were recorded at rate × the real rate, then resample back.
            let raised = Int((Double(format.sampleRate) * rate).rounded())
            return "asetrate=\(raised),aresample=\(format.sampleRate)"
        case .preservingPitch:
            // atempo is at its best within 0.5…2; faster rates are a chain of stages.
            var stages: [String] = []
            var remaining = rate
            while remaining > 2 {
                stages.append("atempo=2")
                remaining /= 2
            }
            stages.append("atempo=\(String(format: "%.6f", remaining))")
            return stages.joined(separator: ",")
        }
    }
}
