internal import CFFmpeg
public import SpoolCore

/// A decoded (or converted) picture that owns FFmpeg's frame: the pixels are the decoder's
/// own buffers, never copied on the way to an output.
///
/// Pointer ownership: owns one `AVFrame` (moved out of the decoder with
/// `av_frame_move_ref`, or made by `PixelConverter`), freed in `deinit`. Its pixel buffers
/// are reference-counted by FFmpeg, so they stay valid even after the decoder is closed.
///
/// Sendable because it is immutable after `init`: frames go from the decode thread to the
/// render thread, nothing ever writes to the `AVFrame` or its pixels again, and lending
/// read-only bytes to any number of threads at once is safe.
public final class DecodedVideoFrame: VideoFrame, @unchecked Sendable {
    /// The frame's time on the demuxer's timeline (the stream's `best_effort_timestamp`).
    /// For a frame the decoder gave no timestamp at all, the time following the previous
    /// frame (or the stream start) is used, so the timeline never has holes.
    public let presentationTime: MediaTime
    /// The packet's duration, else one frame at the stream's frame rate; `invalid` if neither is known.
    public let duration: MediaTime
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// FFmpeg's pixel format of the planes.
    public let pixelFormat: PixelFormat
    /// Number of planes.
    public let planeCount: Int
    /// Whether the decoder marked the picture as a keyframe.
    public let isKeyframe: Bool
    /// The sample aspect ratio the bitstream states; `0/1` when unknown.
    public let sampleAspectRatio: Rational
    /// Whether the decoder reported the picture damaged (concealed errors): what makes the
    /// `ffmpeg` CLI print "corrupt decoded frame". At the very end of a stream it means the
    /// last packet was cut off.
    public let isCorrupt: Bool
    /// How the picture is shown: the stream's (or the frame's own) display matrix and the
    /// pixel shape. The planes always hold the stored, unturned picture.
    public let displayGeometry: VideoDisplayGeometry

    /// The packet duration exactly as the decoder reported it (`invalid` for 0): what the
    /// `ffmpeg` CLI's timestamp logic uses, kept apart from the filled-in `duration`.
    let packetDuration: MediaTime

    private let frame: UnsafeMutablePointer<AVFrame>
    private let chromaRowShift: Int32
    private let hasPalette: Bool

    /// Takes ownership of `frame`, whose strides must not be negative.
    init(
        owning frame: UnsafeMutablePointer<AVFrame>, presentationTime: MediaTime, duration: MediaTime,
        packetDuration: MediaTime, displayGeometry: VideoDisplayGeometry
    ) {
        self.frame = frame
        self.displayGeometry = displayGeometry
        let value = frame.pointee
        let format = AVPixelFormat(rawValue: value.format)
        self.presentationTime = presentationTime
        self.duration = duration
        self.packetDuration = packetDuration
        width = Int(value.width)
        height = Int(value.height)
        pixelFormat = PixelFormat(rawValue: av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "none")
        planeCount = max(Int(av_pix_fmt_count_planes(format)), 0)
        isKeyframe = value.key_frame != 0
        sampleAspectRatio = Rational(value.sample_aspect_ratio)
        isCorrupt = value.decode_error_flags != 0 || value.flags & AV_FRAME_FLAG_CORRUPT != 0
        let descriptor = av_pix_fmt_desc_get(format)
        chromaRowShift = Int32(descriptor?.pointee.log2_chroma_h ?? 0)
        hasPalette = (descriptor?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&owned)
    }

    /// Lends plane `index`: its rows, `bytesPerRow` apart (FFmpeg's `linesize`, which may
    /// exceed the visible width). A palette plane is 1024 bytes of 32-bit entries. An index
    /// outside `0..<planeCount` lends an empty span.
    public func withPlane<R>(_ index: Int, _ body: (_ bytes: RawSpan, _ bytesPerRow: Int) throws -> R) rethrows -> R {
        guard index >= 0, index < planeCount, let base = plane(index) else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0).bytes, 0)
        }
        let stride = Int(lineSize(index))
        let byteCount = hasPalette && index == 1 ? 256 * 4 : stride * rows(inPlane: index)
        return try body(UnsafeRawBufferPointer(start: base, count: byteCount).bytes, stride)
    }

    /// Rows in plane `index`: the chroma planes of subsampled formats have fewer.
    func rows(inPlane index: Int) -> Int {
        let shift = index == 1 || index == 2 ? chromaRowShift : 0
        return (height + (1 << shift) - 1) >> shift
    }

    /// Lends the frame, read-only, for the duration of `body`.
    func withFrame<Result, Failure: Error>(_ body: (UnsafePointer<AVFrame>) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        try body(frame)
    }

    private func plane(_ index: Int) -> UnsafeRawPointer? {
        withUnsafeBytes(of: frame.pointee.data) { pointers in
            pointers.load(fromByteOffset: index * MemoryLayout<UnsafeRawPointer?>.stride, as: UnsafeRawPointer?.self)
        }
    }

    private func lineSize(_ index: Int) -> Int32 {
        withUnsafeBytes(of: frame.pointee.linesize) { sizes in
            sizes.load(fromByteOffset: index * MemoryLayout<Int32>.stride, as: Int32.self)
        }
    }
}
