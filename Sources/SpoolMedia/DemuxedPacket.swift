internal import CFFmpeg
public import SpoolCore

/// One compressed packet of a selected stream, as the demuxer read it.
///
/// Pointer ownership: owns its `AVPacket` (allocated by the demuxer, freed in `deinit`);
/// the payload is reference-counted by FFmpeg, so a decoder that keeps it takes its own
/// reference and never copies it.
///
/// Sendable because it is immutable after `init`: packets go from the demux thread to the
/// decode threads, and FFmpeg only reads them (`avcodec_send_packet` takes the packet
/// `const`; taking a reference to its payload is atomic), so concurrent readers are safe.
public final class DemuxedPacket: @unchecked Sendable {
    /// The stream's index in the container.
    public let streamIndex: Int
    /// `.video` or `.audio`.
    public let kind: AssetTrack.MediaKind
    /// The presentation time; `invalid` when the container gives none (`AV_NOPTS_VALUE`).
    public let presentationTime: MediaTime
    /// The decoding time; `invalid` when the container gives none.
    public let decodeTime: MediaTime
    /// How long the packet's content lasts; `invalid` when unknown (0 in FFmpeg).
    public let duration: MediaTime
    /// Whether decoding can start at this packet.
    public let isKeyframe: Bool
    /// The payload size in bytes.
    public let byteCount: Int
    /// Where in the input the packet starts (FFmpeg's `pos`; for a transport stream, the
    /// transport packet its payload starts in), or `nil` when the demuxer does not say.
    public let bytePosition: Int64?

    private let packet: UnsafeMutablePointer<AVPacket>

    /// Takes ownership of `packet`, read from `stream`.
    init(owning packet: UnsafeMutablePointer<AVPacket>, stream: MediaStreamInfo) {
        self.packet = packet
        let value = packet.pointee
        streamIndex = stream.index
        kind = stream.kind
        presentationTime = MediaTime(ticks: value.pts, timeBase: stream.timeBase)
        decodeTime = MediaTime(ticks: value.dts, timeBase: stream.timeBase)
        duration = value.duration > 0 ? MediaTime(ticks: value.duration, timeBase: stream.timeBase) : .invalid
        isKeyframe = value.flags & AV_PKT_FLAG_KEY != 0
        byteCount = Int(value.size)
        bytePosition = value.pos >= 0 ? value.pos : nil
    }

    deinit {
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&owned)
    }

    /// Lends the packet, read-only, for the duration of `body`.
    func withPacket<Result>(_ body: (UnsafePointer<AVPacket>) -> Result) -> Result {
        body(packet)
    }
}
