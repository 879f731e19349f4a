internal import CAVFilterLoader
internal import CFFmpeg
import SpoolCore

/// One libavfilter graph `abuffer → <chain> → aformat → abuffersink` over interleaved
/// Float32 PCM at a fixed format: the engine room of `AudioTempoFilter`.
///
/// libavfilter is called through CAVFilterLoader's `spool_` functions (the library is opened on
/// the first graph, `AVFilterLibrary`), which take its pointers as raw pointers.
///
/// Pointer ownership: owns the `AVFilterGraph` (`avfilter_graph_free` in `deinit`), which
/// owns its filters; the source and sink are looked up by name when needed rather than
/// kept as pointers into the graph. Also owns two scratch `AVFrame`s reused for every push
/// and pull. Confinement: one thread at a time; not `Sendable`.
final class AudioFilterGraph {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let input: UnsafeMutablePointer<AVFrame>
    private let output: UnsafeMutablePointer<AVFrame>
    private let format: AudioFormat
    /// Samples pushed so far: the next input frame's pts, in 1/sample-rate units.
    private var samplesPushed: Int64 = 0

    private static let sourceName = "spool_in"
    private static let sinkName = "spool_out"

    /// Builds and configures the graph with the filters in `chain` (libavfilter syntax).
    init(format: AudioFormat, chain: String) throws(FFmpegError) {
        try AVFilterLibrary.open()
        self.format = format
        guard let input = av_frame_alloc() else { throw .outOfMemory }
        self.input = input
        guard let output = av_frame_alloc() else {
            var owned: UnsafeMutablePointer<AVFrame>? = input
            av_frame_free(&owned)
            throw .outOfMemory
        }
        self.output = output
        // From here on `deinit` frees whatever was made.
        graph = spool_avfilter_graph_alloc()?.assumingMemoryBound(to: AVFilterGraph.self)
        guard let graph else { throw .outOfMemory }
        // The chain is light work: no filter threads to start and stop.
        graph.pointee.nb_threads = 1
        let layout = Self.layoutName(channels: format.channelCount)
        let rate = format.sampleRate
        var source: UnsafeMutableRawPointer?
        var sink: UnsafeMutableRawPointer?
        try FFmpegCall.check(
            spool_avfilter_graph_create_filter(
                &source, "abuffer", Self.sourceName,
                "time_base=1/\(rate):sample_rate=\(rate):sample_fmt=flt:channel_layout=\(layout)", graph))
        try FFmpegCall.check(spool_avfilter_graph_create_filter(&sink, "abuffersink", Self.sinkName, nil, graph))
        let description = "\(chain),aformat=sample_fmts=flt:sample_rates=\(rate):channel_layouts=\(layout)"
        try FilterGraphLinking.link(description, graph: graph, source: source, sink: sink)
    }

    deinit {
        var owned = graph.map { UnsafeMutableRawPointer($0) }
        spool_avfilter_graph_free(&owned)
        var frames: (UnsafeMutablePointer<AVFrame>?, UnsafeMutablePointer<AVFrame>?) = (input, output)
        av_frame_free(&frames.0)
        av_frame_free(&frames.1)
    }

    /// Feeds `samples` (interleaved, in the graph's format) and returns everything the
    /// graph has ready.
    func push(_ samples: [Float]) throws(FFmpegError) -> [Float] {
        let frameCount = samples.count / format.channelCount
        guard frameCount > 0 else { return [] }
        input.pointee.nb_samples = Int32(clamping: frameCount)
        input.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
        input.pointee.sample_rate = Int32(clamping: format.sampleRate)
        input.pointee.pts = samplesPushed
        av_channel_layout_default(&input.pointee.ch_layout, Int32(clamping: format.channelCount))
        // add_frame takes the frame's buffer references and leaves `input` blank for reuse;
        // after a failure the references are dropped here instead.
        defer { av_frame_unref(input) }
        try FFmpegCall.check(av_frame_get_buffer(input, 0))
        let copyCount = frameCount * format.channelCount * MemoryLayout<Float>.stride
        samples.withUnsafeBytes { bytes in
            guard let source = bytes.baseAddress, let destination = input.pointee.data.0 else { return }
            UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: copyCount)
        }
        samplesPushed += Int64(frameCount)
        try FFmpegCall.check(spool_av_buffersrc_add_frame(filter(Self.sourceName), input))
        return try pull()
    }

    /// Ends the input and returns the graph's remaining output; the graph is spent after it.
    func finish() throws(FFmpegError) -> [Float] {
        try FFmpegCall.check(spool_av_buffersrc_add_frame(filter(Self.sourceName), nil))
        return try pull()
    }

    private func pull() throws(FFmpegError) -> [Float] {
        let sink = filter(Self.sinkName)
        var samples: [Float] = []
        while case .done = try FFmpegCall.progress(spool_av_buffersink_get_frame(sink, output)) {
            let count = Int(output.pointee.nb_samples) * format.channelCount
            if let data = output.pointee.data.0, count > 0 {
                data.withMemoryRebound(to: Float.self, capacity: count) {
                    samples.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                }
            }
            av_frame_unref(output)
        }
        return samples
    }

    private func filter(_ name: String) -> UnsafeMutableRawPointer? {
        spool_avfilter_graph_get_filter(graph, name)
    }

    /// FFmpeg's name of the default layout for `channels` ("mono", "stereo", "5.1").
    static func layoutName(channels: Int) -> String {
        var layout = AVChannelLayout()
        defer { av_channel_layout_uninit(&layout) }
        av_channel_layout_default(&layout, Int32(clamping: channels))
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            guard av_channel_layout_describe(&layout, buffer.baseAddress, 64) > 0, let base = buffer.baseAddress
            else { return "\(channels)c" }
            return String(cString: base)
        }
    }
}
