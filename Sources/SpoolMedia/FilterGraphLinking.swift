internal import CAVFilterLoader
internal import CFFmpeg

/// Parses a libavfilter chain into a graph between a source and a sink that are already in
/// it: the one place that hands `AVFilterInOut` lists to `avfilter_graph_parse_ptr`, shared by
/// the audio and video graphs.
///
/// Pointer ownership: borrows `graph`, `source` and `sink` (owned by the caller's graph). The
/// two `AVFilterInOut` ends are made and freed here: `parse_ptr` consumes the ends it links
/// and leaves the rest, which are freed before returning.
enum FilterGraphLinking {
    /// Links `chain` (libavfilter syntax) from `source`'s output to `sink`'s input and
    /// configures the graph. Throws FFmpeg's error for a chain it cannot parse or configure.
    static func link(
        _ chain: String, graph: UnsafeMutablePointer<AVFilterGraph>, source: UnsafeMutableRawPointer?,
        sink: UnsafeMutableRawPointer?
    ) throws(FFmpegError) {
        var sourceEnd = spool_avfilter_inout_alloc()
        var sinkEnd = spool_avfilter_inout_alloc()
        defer {
            spool_avfilter_inout_free(&sourceEnd)
            spool_avfilter_inout_free(&sinkEnd)
        }
        guard let sourceNode = sourceEnd?.assumingMemoryBound(to: AVFilterInOut.self),
            let sinkNode = sinkEnd?.assumingMemoryBound(to: AVFilterInOut.self)
        else { throw .outOfMemory }
        // The chain's open ends: its input ("in") is fed by the source, its output ("out")
        // feeds the sink.
        sourceNode.pointee.name = av_strdup("in")
        sourceNode.pointee.filter_ctx = source?.assumingMemoryBound(to: AVFilterContext.self)
        sinkNode.pointee.name = av_strdup("out")
        sinkNode.pointee.filter_ctx = sink?.assumingMemoryBound(to: AVFilterContext.self)
        try FFmpegCall.check(spool_avfilter_graph_parse_ptr(graph, chain, &sinkEnd, &sourceEnd))
        try FFmpegCall.check(spool_avfilter_graph_config(graph))
    }
}
