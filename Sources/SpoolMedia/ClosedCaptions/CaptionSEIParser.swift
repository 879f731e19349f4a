/// Finds the CEA-608/708 caption data (ATSC A/53 `cc_data`) that H.264 and HEVC streams carry
/// in SEI messages, as broadcast and HLS streams do: SEI payload type 4
/// (user_data_registered_itu_t_t35) with country code 0xB5 (USA), provider code 0x0031
/// (ATSC), user identifier "GA94" and user_data_type_code 3. Other SEI messages (x264's
/// version string, picture timing…) and other registered user data are ignored.
///
/// Pure and `Sendable`: works on bytes only, so it is tested without FFmpeg.
public enum CaptionSEIParser {
    /// The `cc_data` triplets of a packet, concatenated in bitstream order: 3 bytes each
    /// (marker bits, cc_valid and cc_type; then the two data bytes), the form FFmpeg's
    /// `ccaption` decoder reads. Empty when the packet carries none.
    public static func ccData(in bytes: UnsafeRawBufferPointer, framing: NALFraming, codec: CaptionVideoCodec)
        -> [UInt8]
    {
        var triplets: [UInt8] = []
        for unit in NALUnitReader.units(in: bytes, framing: framing) where isSEI(unit, codec: codec) {
            let payload = NALUnitReader.rbsp(of: unit, headerSize: codec == .h264 ? 1 : 2)
            forEachMessage(in: payload) { type, message in
                if type == 4 { triplets += a53CCData(message) }
            }
        }
        return triplets
    }

    /// `ccData(in:framing:codec:)` for bytes in an array (tests, probes of copied data).
    public static func ccData(in bytes: [UInt8], framing: NALFraming, codec: CaptionVideoCodec) -> [UInt8] {
        bytes.withUnsafeBytes { ccData(in: $0, framing: framing, codec: codec) }
    }

    /// Whether `unit` is an SEI NAL unit: H.264 type 6; HEVC prefix SEI, type 39 (captions
    /// come before the picture, so suffix SEI, type 40, is not read).
    private static func isSEI(_ unit: UnsafeRawBufferPointer, codec: CaptionVideoCodec) -> Bool {
        switch codec {
        case .h264: unit.count > 1 && unit[0] & 0x1F == 6
        case .hevc: unit.count > 2 && (unit[0] >> 1) & 0x3F == 39
        }
    }

    /// Calls `body` with each SEI message's payload type and payload, stopping at the RBSP
    /// trailing bits or at a size that runs past the end.
    private static func forEachMessage(in payload: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Void) {
        var index = 0
        // Types and sizes are coded as a run of 0xFF bytes (255 each) plus a last byte.
        func codedValue() -> Int? {
            var value = 0
            while index < payload.count {
                let byte = payload[index]
                index += 1
                value += Int(byte)
                if byte != 0xFF { return value }
            }
            return nil
        }
        // A message needs at least two bytes; a lone 0x80 is the trailing stop bit.
        while payload.count - index >= 2 {
            guard let type = codedValue(), let size = codedValue(), size <= payload.count - index else { return }
            body(type, payload[index..<index + size])
            index += size
        }
    }

    /// The `cc_data` triplets of an ITU-T T.35 message, when it is ATSC A/53 caption data.
    private static func a53CCData(_ message: ArraySlice<UInt8>) -> [UInt8] {
        let bytes = Array(message)
        // country 0xB5, provider 0x0031, "GA94", user_data_type_code 3, then the cc header.
        let header: [UInt8] = [0xB5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34, 0x03]
        guard bytes.count >= header.count + 2, Array(bytes[0..<header.count]) == header else { return [] }
        let flags = bytes[header.count]
        // process_cc_data_flag: without it the triplets are to be ignored.
        guard flags & 0x40 != 0 else { return [] }
        let count = Int(flags & 0x1F)
        // After the flags byte comes em_data (reserved), then the triplets.
        let start = header.count + 2
        let end = min(start + count * 3, start + (bytes.count - start) / 3 * 3)
        return end > start ? Array(bytes[start..<end]) : []
    }
}
