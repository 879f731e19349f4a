/// How a video packet's NAL units are delimited: by start codes (Annex B: MPEG-TS, raw
/// streams) or by a big-endian length before each (AVCC/HVCC: MP4, Matroska, FLV).
public enum NALFraming: Sendable, Hashable {
    /// `00 00 01` / `00 00 00 01` start codes.
    case annexB
    /// A length field of this many bytes (1, 2 or 4) before each NAL unit.
    case lengthPrefixed(Int)

    /// The framing a stream's extradata implies: an `avcC` (H.264) or `hvcC` (HEVC) record
    /// (its first byte, the configuration version, is 1) states the length size; anything
    /// else (no extradata, or Annex-B parameter sets) means start codes, as FFmpeg decides.
    public init(extradata: [UInt8], codec: CaptionVideoCodec) {
        guard extradata.first == 1 else {
            self = .annexB
            return
        }
        // avcC: lengthSizeMinusOne in byte 4; hvcC: in byte 21 (after the 22-byte profile block).
        let offset = codec == .h264 ? 4 : 21
        guard extradata.count > offset else {
            self = .annexB
            return
        }
        self = .lengthPrefixed(Int(extradata[offset] & 0x03) + 1)
    }
}

/// The video codecs whose SEI can carry closed captions.
public enum CaptionVideoCodec: Sendable, Hashable {
    /// H.264/AVC: SEI is NAL type 6, after a 1-byte header.
    case h264
    /// H.265/HEVC: prefix SEI is NAL type 39, after a 2-byte header.
    case hevc

    /// The codec FFmpeg names `name` (`"h264"`, `"hevc"`); `nil` for others.
    public init?(ffmpegName name: String) {
        switch name {
        case "h264": self = .h264
        case "hevc": self = .hevc
        default: return nil
        }
    }
}
