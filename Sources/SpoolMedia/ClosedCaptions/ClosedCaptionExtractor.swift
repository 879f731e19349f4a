internal import CFFmpeg

/// Reads the `cc_data` a video stream's packets carry in their SEI (`CaptionSEIParser`),
/// without decoding the pictures: how closed captions are taken from H.264 and HEVC streams
/// whose decoder is not run for them (the caption feed's own demuxer, the probe's scan).
public struct ClosedCaptionExtractor: Sendable {
    /// The stream's codec.
    public let codec: CaptionVideoCodec
    /// How its packets delimit NAL units (from its extradata).
    public let framing: NALFraming

    /// The extractor for `stream`; `nil` when its codec cannot carry SEI captions.
    public init?(stream: MediaStreamInfo) {
        guard let codec = CaptionVideoCodec(ffmpegName: stream.codecName) else { return nil }
        self.init(codec: codec, extradata: stream.codecParameters.extradata)
    }

    /// The extractor for a stream of `codec` with `extradata`.
    init(codec: CaptionVideoCodec, extradata: [UInt8]) {
        self.codec = codec
        framing = NALFraming(extradata: extradata, codec: codec)
    }

    /// The packet's `cc_data` triplets; empty when it carries none.
    public func ccData(in packet: DemuxedPacket) -> [UInt8] {
        packet.withPacket { packet in
            guard let data = packet.pointee.data, packet.pointee.size > 0 else { return [] }
            return CaptionSEIParser.ccData(
                in: UnsafeRawBufferPointer(start: data, count: Int(packet.pointee.size)), framing: framing, codec: codec
            )
        }
    }
}

extension CodecParameters {
    /// A copy of the out-of-band codec configuration (avcC, hvcC, AudioSpecificConfig);
    /// empty when there is none.
    var extradata: [UInt8] {
        withParametersUnchecked { parameters in
            guard let bytes = parameters.pointee.extradata, parameters.pointee.extradata_size > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: bytes, count: Int(parameters.pointee.extradata_size)))
        }
    }
}
