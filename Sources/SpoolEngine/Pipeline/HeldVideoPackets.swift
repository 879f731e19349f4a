import SpoolMedia

/// The video packets since the last keyframe: what the decoder needs to produce the picture
/// at any moment of the current GOP from scratch. Background playback keeps them while the
/// decoder idles, so when the video is seen again the picture comes back at the audio's
/// position at once instead of at the next keyframe (seconds later with long GOPs).
///
/// Kept (for outputs that can be hidden) during normal playback too, since the packets decoded
/// before the window was hidden are part of the GOP. The packets are reference-counted
/// buffers the demuxer already made, so holding them copies nothing. Bounded by `limit`
/// packets and `byteLimit` bytes (a very long GOP, or a stream without keyframes): past either,
/// the list is let go and decoding resumes at the next keyframe instead.
struct HeldVideoPackets {
    /// The most packets kept: a minute of 30 fps video between keyframes.
    static let limit = 1800
    /// The most bytes kept.
    static let byteLimit = 64 << 20

    private(set) var packets: [DemuxedPacket] = []
    private var byteCount = 0

    /// Records `packet`: a keyframe starts over; a packet before any keyframe (nothing could
    /// decode it) or past the limits clears the list.
    mutating func hold(_ packet: DemuxedPacket) {
        if packet.isKeyframe {
            packets = [packet]
            byteCount = packet.byteCount
        } else if !packets.isEmpty, packets.count < Self.limit, byteCount + packet.byteCount <= Self.byteLimit {
            packets.append(packet)
            byteCount += packet.byteCount
        } else {
            packets = []
            byteCount = 0
        }
    }
}
