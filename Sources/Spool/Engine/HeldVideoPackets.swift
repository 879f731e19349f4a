import SpoolMedia

/// Background playback's memory of the video: while nothing shows the video, the decoder is
/// idle and packets are dropped as the clock passes them, except those since the last
/// keyframe — exactly what the decoder needs to produce the picture at the clock at once
/// when the video is seen again.
///
/// Bounded by `limit` packets (a very long GOP, or a stream with no keyframes): past it the
/// packets are let go, and decoding resumes at the next keyframe instead.
struct HeldVideoPackets {
    /// The most packets kept; a minute of 30 fps video between keyframes.
    static let limit = 1800

    private(set) var packets: [DemuxedPacket] = []

    /// Keeps `packet`: a keyframe starts over; a packet before any keyframe (nothing could
    /// decode it) or past the limit clears the list.
    mutating func hold(_ packet: DemuxedPacket) {
        if packet.isKeyframe {
            packets = [packet]
        } else if !packets.isEmpty, packets.count < Self.limit {
            packets.append(packet)
        } else {
            packets = []
        }
    }

    /// The held packets, oldest first; the list is empty afterwards.
    mutating func take() -> [DemuxedPacket] {
        defer { packets = [] }
        return packets
    }
}
