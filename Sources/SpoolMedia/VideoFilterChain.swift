internal import CAVFilterLoader
internal import CFFmpeg
import SpoolCore

/// A user's video filters (`--vf`, `--deinterlace`): decoded pictures through a libavfilter
/// chain `buffer → <chain> → buffersink`, before any pixel conversion.
///
/// The graph is built on the first frame, for that frame's size, pixel format and pixel
/// shape, and rebuilt when a frame arrives in another (a new HLS rendition), after `drain()`
/// and after `flush()`. Output frames carry the chain's own timestamps (a filter may change
/// the time base, as bwdif does), on the same timeline as the input; their duration is the
/// input's, shared among the frames one input produced.
///
/// Pointer ownership: owns the `AVFilterGraph` (`avfilter_graph_free` when replaced and in
/// `deinit`), which owns its filters; source and sink are looked up by name. Each input frame
/// is lent to the source as a new reference (`av_frame_clone`: no pixels copied), each output
/// is a fresh `AVFrame` handed to the `DecodedVideoFrame` that owns it from then on.
/// Confinement: one thread at a time (the video decode thread); not `Sendable`.
public final class VideoFilterChain {
    /// The libavfilter chain, as given.
    public let chain: String
    /// The time base of input timestamps (the stream's).
    private let timeBase: Rational
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    /// What the current graph was built for.
    private var shape: Shape?
    /// The sink's time base, read once the graph is configured.
    private var outputTimeBase = Rational(numerator: 0, denominator: 1)
    /// The last input's display geometry and durations, for the frames it lets out.
    private var lastInput: (geometry: VideoDisplayGeometry, duration: MediaTime, packetDuration: MediaTime)?

    private static let sourceName = "spool_vin"
    private static let sinkName = "spool_vout"

    private struct Shape: Equatable {
        let width: Int32
        let height: Int32
        let format: Int32
        let aspect: Rational
    }

    /// A chain for a stream of `timeBase`. Opens libavfilter (throws `.filterNotFound` when it
    /// cannot be opened); the chain itself is checked when the first frame builds the graph.
    public init(chain: String, timeBase: Rational) throws(FFmpegError) {
        try AVFilterLibrary.open()
        self.chain = chain
        self.timeBase = timeBase.isPositive ? timeBase : Rational(numerator: 1, denominator: 1_000_000)
    }

    deinit { freeGraph() }

    /// `frame` filtered: the frames the chain lets out now (none while it holds some back,
    /// several when it makes more than one of each).
    public func process(_ frame: DecodedVideoFrame) throws(FFmpegError) -> [DecodedVideoFrame] {
        let input: UnsafeMutablePointer<AVFrame>? = frame.withFrame { av_frame_clone($0) }
        guard let input else { throw .outOfMemory }
        var owned: UnsafeMutablePointer<AVFrame>? = input
        // add_frame takes the clone's references; the emptied shell (or, after a failure,
        // the whole clone) is freed here.
        defer { av_frame_free(&owned) }
        let shape = Shape(
            width: input.pointee.width, height: input.pointee.height, format: input.pointee.format,
            aspect: Rational(input.pointee.sample_aspect_ratio))
        if shape != self.shape { try build(for: shape) }
        input.pointee.pts = frame.presentationTime.ticks(in: timeBase) ?? cffmpeg_nopts_value()
        lastInput = (frame.displayGeometry, frame.duration, frame.packetDuration)
        try FFmpegCall.check(spool_av_buffersrc_add_frame(filter(Self.sourceName), input))
        return try pull()
    }

    /// At the end of the stream: the frames the chain still holds. The next frame builds a
    /// fresh graph.
    public func drain() throws(FFmpegError) -> [DecodedVideoFrame] {
        guard graph != nil else { return [] }
        try FFmpegCall.check(spool_av_buffersrc_add_frame(filter(Self.sourceName), nil))
        let tail = try pull()
        flush()
        return tail
    }

    /// Discards the graph and everything it holds (after a seek).
    public func flush() {
        freeGraph()
        shape = nil
    }

    /// Builds the graph for a stand-in 1280x720 yuv420p picture: `FilterChainCheck`'s trial.
    func buildForCheck() throws(FFmpegError) {
        try build(
            for: Shape(
                width: 1280, height: 720, format: AV_PIX_FMT_YUV420P.rawValue,
                aspect: Rational(numerator: 1, denominator: 1)))
    }

    private func build(for shape: Shape) throws(FFmpegError) {
        flush()
        graph = spool_avfilter_graph_alloc()?.assumingMemoryBound(to: AVFilterGraph.self)
        guard let graph else { throw .outOfMemory }
        let aspect = shape.aspect.isPositive ? shape.aspect : Rational(numerator: 1, denominator: 1)
        let arguments =
            "video_size=\(shape.width)x\(shape.height):pix_fmt=\(shape.format)"
            + ":time_base=\(timeBase.numerator)/\(timeBase.denominator)"
            + ":pixel_aspect=\(aspect.numerator)/\(aspect.denominator)"
        var source: UnsafeMutableRawPointer?
        var sink: UnsafeMutableRawPointer?
        try FFmpegCall.check(
            spool_avfilter_graph_create_filter(&source, "buffer", Self.sourceName, arguments, graph))
        try FFmpegCall.check(spool_avfilter_graph_create_filter(&sink, "buffersink", Self.sinkName, nil, graph))
        try FilterGraphLinking.link(chain, graph: graph, source: source, sink: sink)
        var numerator: Int32 = 0
        var denominator: Int32 = 1
        spool_av_buffersink_get_time_base(sink, &numerator, &denominator)
        outputTimeBase = Rational(numerator: numerator, denominator: denominator)
        self.shape = shape
    }

    private func pull() throws(FFmpegError) -> [DecodedVideoFrame] {
        let sink = filter(Self.sinkName)
        var made: [UnsafeMutablePointer<AVFrame>] = []
        while true {
            guard let frame = av_frame_alloc() else { throw .outOfMemory }
            let progress: FFmpegCall.Progress
            do {
                progress = try FFmpegCall.progress(spool_av_buffersink_get_frame(sink, frame))
            } catch {
                var failed: UnsafeMutablePointer<AVFrame>? = frame
                av_frame_free(&failed)
                for var kept in made.map(Optional.some) { av_frame_free(&kept) }
                throw error
            }
            guard case .done = progress else {
                var unused: UnsafeMutablePointer<AVFrame>? = frame
                av_frame_free(&unused)
                break
            }
            made.append(frame)
        }
        guard let input = lastInput else {
            for var kept in made.map(Optional.some) { av_frame_free(&kept) }
            return []
        }
        let share = max(made.count, 1)
        let duration = input.duration.isNumeric ? input.duration.divided(into: share) : .invalid
        let packetDuration = input.packetDuration.isNumeric ? input.packetDuration.divided(into: share) : .invalid
        return made.map { frame in
            DecodedVideoFrame(
                owning: frame, presentationTime: MediaTime(ticks: frame.pointee.pts, timeBase: outputTimeBase),
                duration: duration, packetDuration: packetDuration, displayGeometry: input.geometry)
        }
    }

    private func filter(_ name: String) -> UnsafeMutableRawPointer? {
        spool_avfilter_graph_get_filter(graph, name)
    }

    private func freeGraph() {
        var owned = graph.map { UnsafeMutableRawPointer($0) }
        spool_avfilter_graph_free(&owned)
        graph = nil
    }
}

extension MediaTime {
    /// This time divided by `parts` (exact when the timescale allows; else the nearest
    /// microsecond).
    fileprivate func divided(into parts: Int) -> MediaTime {
        guard parts > 1 else { return self }
        if value % Int64(parts) == 0 { return MediaTime(value: value / Int64(parts), timescale: timescale) }
        return MediaTime(seconds: seconds / Double(parts), preferredTimescale: 1_000_000)
    }
}
