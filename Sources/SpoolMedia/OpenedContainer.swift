import SpoolCore

/// A container a probe opened and read the stream info of, kept open so the demuxer can
/// start from it instead of opening the item a second time: one open per item, and no byte
/// read twice (the packets FFmpeg read for stream info stay buffered in the context and
/// come out of the demuxer's first reads).
///
/// Ownership: owns the open byte source, the I/O bridge and the format context from the
/// moment the probe finishes. `Demuxer.init(container:…)` takes all three over (after
/// which this object owns nothing); if no demuxer does, `deinit` closes the format
/// context and then the source, in that order.
///
/// Confinement: the parts are non-`Sendable` FFmpeg objects used by one thread at a time —
/// the probe thread until it publishes the container (through `MediaProbe`'s lock, which
/// orders the hand-over), then the one thread that takes it. Nothing here is touched
/// concurrently, which is what the `@unchecked Sendable` asserts.
public final class OpenedContainer: @unchecked Sendable {
    struct Parts {
        let source: any ByteSource
        let io: ByteSourceIOContext
        let input: InputFormatContext
    }

    private var parts: Parts?

    init(source: any ByteSource, io: ByteSourceIOContext, input: InputFormatContext) {
        parts = Parts(source: source, io: io, input: input)
    }

    deinit {
        guard let source = parts?.source else { return }
        // The format context reads through the source: it is freed first (these are the
        // last references to it and to the I/O bridge).
        parts = nil
        source.close()
    }

    /// Hands the parts over, once; `nil` if they were taken already.
    func take() -> Parts? {
        defer { parts = nil }
        return parts
    }
}
