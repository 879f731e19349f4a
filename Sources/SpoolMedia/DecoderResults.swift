/// What a decoder did with a packet offered to it. Full and finished are states the feed
/// loop steers by, so they are values, not errors.
public enum DecoderInput: Sendable, Equatable {
    /// The decoder took the packet.
    case accepted
    /// The decoder has output waiting and took nothing (`AVERROR(EAGAIN)`): receive frames,
    /// then offer the same packet again.
    case full
    /// End of stream was already sent (`AVERROR_EOF`); `flush()` makes it accept input again.
    case endOfStream
}

/// What a decoder produced when asked for a frame.
public enum DecoderOutput<Frame: Sendable>: Sendable {
    /// The next frame in presentation order.
    case frame(Frame)
    /// Nothing yet (`AVERROR(EAGAIN)`): send the next packet first.
    case needsInput
    /// Every frame has been returned since end of stream was sent (`AVERROR_EOF`).
    case endOfStream
}
