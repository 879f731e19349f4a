import SpoolCore
import SpoolMedia
import Testing

/// Bytes of SEI NAL units, built by hand (independently of the parser) for its tests.
enum SEIBytes {
    /// An ATSC A/53 caption message body (T.35): country, provider, "GA94", type code 3,
    /// process_cc_data_flag and the count, em_data, the triplets, the marker.
    static func a53(_ triplets: [UInt8], provider: [UInt8] = [0x00, 0x31], typeCode: UInt8 = 3, process: Bool = true)
        -> [UInt8]
    {
        [0xB5] + provider + Array("GA94".utf8) + [typeCode, (process ? 0x40 : 0) | UInt8(triplets.count / 3), 0xFF]
            + triplets + [0xFF]
    }

    /// An SEI RBSP of messages (type, body), with the trailing stop bit.
    static func rbsp(_ messages: [(type: Int, body: [UInt8])]) -> [UInt8] {
        messages.flatMap { coded($0.type) + coded($0.body.count) + $0.body } + [0x80]
    }

    /// A NAL unit: its header then `rbsp` with emulation-prevention bytes inserted.
    static func nal(header: [UInt8], rbsp: [UInt8]) -> [UInt8] {
        var out = header
        var zeros = 0
        for byte in rbsp {
            if zeros >= 2, byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    /// NAL units with 4-byte start codes.
    static func annexB(_ units: [[UInt8]]) -> [UInt8] { units.flatMap { [0, 0, 0, 1] + $0 } }

    /// NAL units each after a big-endian length of `size` bytes.
    static func lengthPrefixed(_ units: [[UInt8]], size: Int = 4) -> [UInt8] {
        units.flatMap { unit in (0..<size).reversed().map { UInt8(truncatingIfNeeded: unit.count >> (8 * $0)) } + unit }
    }

    private static func coded(_ value: Int) -> [UInt8] {
        Array(repeating: 0xFF, count: value / 255) + [UInt8(value % 255)]
    }

    /// A slice NAL (IDR) with a body of bytes that are not SEI.
    static let slice: [UInt8] = [0x65, 0x88, 0x84, 0x00, 0x21, 0xFF]
}

@Suite("CEA-608 caption data in H.264/HEVC SEI")
struct CaptionSEIParserTests {
    /// Two field-1 pairs and a field-2 pair; the second triplet holds 00 00 then 01, which the
    /// NAL unit must escape (00 00 03 01) — left escaped, the data would read 03.
    let triplets: [UInt8] = [0xFC, 0x94, 0x00, 0x00, 0x01, 0x02, 0xFD, 0x80, 0x80]

    @Test("AVCC (4-byte lengths): the triplets of the A/53 message, emulation prevention undone")
    func lengthPrefixedH264() {
        let sei = SEIBytes.nal(header: [0x06], rbsp: SEIBytes.rbsp([(4, SEIBytes.a53(triplets))]))
        #expect(sei.count > SEIBytes.rbsp([(4, SEIBytes.a53(triplets))]).count + 1)  // an 03 was inserted
        let packet = SEIBytes.lengthPrefixed([[0x09, 0xF0], sei, SEIBytes.slice])
        #expect(CaptionSEIParser.ccData(in: packet, framing: .lengthPrefixed(4), codec: .h264) == triplets)
    }

    @Test("AVCC with 2-byte lengths, as the avcC record states")
    func twoByteLengths() {
        let sei = SEIBytes.nal(header: [0x06], rbsp: SEIBytes.rbsp([(4, SEIBytes.a53(triplets))]))
        let packet = SEIBytes.lengthPrefixed([sei, SEIBytes.slice], size: 2)
        #expect(CaptionSEIParser.ccData(in: packet, framing: .lengthPrefixed(2), codec: .h264) == triplets)
        #expect(CaptionSEIParser.ccData(in: packet, framing: .lengthPrefixed(4), codec: .h264).isEmpty)
    }

    @Test("Annex B: start codes of 3 and 4 bytes, trailing zeros before the next start code")
    func annexB() {
        let sei = SEIBytes.nal(header: [0x06], rbsp: SEIBytes.rbsp([(4, SEIBytes.a53(triplets))]))
        let packet = [0, 0, 1, 0x09, 0xF0] + SEIBytes.annexB([sei]) + [0, 0] + SEIBytes.annexB([SEIBytes.slice])
        #expect(CaptionSEIParser.ccData(in: packet, framing: .annexB, codec: .h264) == triplets)
    }

    @Test("a caption message after another SEI message in the same NAL unit is found; two SEI units add up")
    func severalMessages() {
        let unregistered = (type: 5, body: Array(repeating: UInt8(0x47), count: 16) + Array("x264 core".utf8))
        let first = SEIBytes.nal(header: [0x06], rbsp: SEIBytes.rbsp([unregistered, (4, SEIBytes.a53(triplets))]))
        let second = SEIBytes.nal(header: [0x06], rbsp: SEIBytes.rbsp([(4, SEIBytes.a53([0xFC, 0x20, 0x20]))]))
        let packet = SEIBytes.annexB([first, second, SEIBytes.slice])
        #expect(CaptionSEIParser.ccData(in: packet, framing: .annexB, codec: .h264) == triplets + [0xFC, 0x20, 0x20])
    }

    @Test(
        "SEI that is not A/53 caption data is ignored: unregistered data, another provider, bar data, cc flag off",
        arguments: [
            [(type: 5, body: SEIBytes.a53([0xFC, 0x94, 0x20]))],
            [(type: 4, body: SEIBytes.a53([0xFC, 0x94, 0x20], provider: [0x00, 0x2F]))],
            [(type: 4, body: SEIBytes.a53([0xFC, 0x94, 0x20], typeCode: 6))],
            [(type: 4, body: SEIBytes.a53([0xFC, 0x94, 0x20], process: false))],
            [(type: 1, body: [0x10, 0x20])],
        ])
    func nonCaptionSEI(messages: [(type: Int, body: [UInt8])]) {
        let packet = SEIBytes.annexB([SEIBytes.nal(header: [0x06], rbsp: SEIBytes.rbsp(messages)), SEIBytes.slice])
        #expect(CaptionSEIParser.ccData(in: packet, framing: .annexB, codec: .h264).isEmpty)
    }

    @Test("caption bytes outside an SEI unit (a slice, an SEI of the other codec's numbering) are not read")
    func onlySEIUnits() {
        let rbsp = SEIBytes.rbsp([(4, SEIBytes.a53(triplets))])
        let inSlice = SEIBytes.annexB([SEIBytes.nal(header: [0x01], rbsp: rbsp)])
        #expect(CaptionSEIParser.ccData(in: inSlice, framing: .annexB, codec: .h264).isEmpty)
        // 0x06 read as an HEVC header is type 3 (a picture), not SEI.
        let h264SEI = SEIBytes.annexB([SEIBytes.nal(header: [0x06, 0x01], rbsp: rbsp)])
        #expect(CaptionSEIParser.ccData(in: h264SEI, framing: .annexB, codec: .hevc).isEmpty)
    }

    @Test("HEVC: prefix SEI (type 39, 2-byte header) in HVCC and Annex B; suffix SEI (40) is not read")
    func hevc() {
        let rbsp = SEIBytes.rbsp([(4, SEIBytes.a53(triplets))])
        let prefix = SEIBytes.nal(header: [39 << 1, 0x01], rbsp: rbsp)
        let suffix = SEIBytes.nal(header: [40 << 1, 0x01], rbsp: rbsp)
        let idr: [UInt8] = [19 << 1, 0x01, 0xAF, 0x00, 0x10]
        #expect(
            CaptionSEIParser.ccData(
                in: SEIBytes.lengthPrefixed([prefix, idr]), framing: .lengthPrefixed(4), codec: .hevc)
                == triplets)
        #expect(
            CaptionSEIParser.ccData(in: SEIBytes.annexB([prefix, idr]), framing: .annexB, codec: .hevc) == triplets)
        #expect(CaptionSEIParser.ccData(in: SEIBytes.annexB([idr, suffix]), framing: .annexB, codec: .hevc).isEmpty)
    }

    @Test("a truncated packet gives what is complete and never reads past the end")
    func truncated() {
        let sei = SEIBytes.nal(header: [0x06], rbsp: SEIBytes.rbsp([(4, SEIBytes.a53(triplets))]))
        let packet = SEIBytes.lengthPrefixed([sei, SEIBytes.slice])
        for length in 0..<packet.count {
            let data = CaptionSEIParser.ccData(
                in: Array(packet.prefix(length)), framing: .lengthPrefixed(4), codec: .h264)
            #expect(data.isEmpty || data == triplets)
        }
    }

    @Test("the framing comes from the extradata: avcC/hvcC length sizes, Annex-B parameter sets, none")
    func framingFromExtradata() {
        let avcC: [UInt8] = [0x01, 0x64, 0x00, 0x1F, 0xFD, 0xE1, 0x00, 0x00]
        #expect(NALFraming(extradata: avcC, codec: .h264) == .lengthPrefixed(2))
        #expect(NALFraming(extradata: [0x01, 0x64, 0x00, 0x1F, 0xFF], codec: .h264) == .lengthPrefixed(4))
        var hvcC = [UInt8](repeating: 0, count: 23)
        hvcC[0] = 1
        hvcC[21] = 0x0F
        #expect(NALFraming(extradata: hvcC, codec: .hevc) == .lengthPrefixed(4))
        #expect(NALFraming(extradata: [0, 0, 0, 1, 0x67, 0x64], codec: .h264) == .annexB)
        #expect(NALFraming(extradata: [], codec: .hevc) == .annexB)
    }
}

@Suite("caption data back in presentation order")
struct CaptionReorderBufferTests {
    @Test("decode order I P B B with decode times comes out in presentation order, each as soon as final")
    func withDecodeTimes() {
        var buffer = CaptionReorderBuffer()
        // (pts, dts) in frames, decode order: I0 P3 B1 B2 P6 B4 B5, dts from −1.
        let packets = [(0, -1), (3, 0), (1, 1), (2, 2), (6, 3), (4, 4), (5, 5)]
        var released: [[Int]] = []
        for (pts, dts) in packets {
            let out = buffer.add([UInt8(pts)], time: frames(pts), decodeTime: frames(dts))
            released.append(out.map { Int($0.data[0]) })
        }
        released.append(buffer.drain().map { Int($0.data[0]) })
        #expect(released == [[], [0], [1], [2], [3], [4], [5], [6]])
    }

    @Test("without decode times it holds `depth` entries, releasing the earliest")
    func withoutDecodeTimes() {
        var buffer = CaptionReorderBuffer(depth: 2)
        var out: [Int] = []
        for pts in [0, 3, 1, 2, 6, 4, 5] {
            out += buffer.add([UInt8(pts)], time: frames(pts), decodeTime: .invalid).map { Int($0.data[0]) }
        }
        out += buffer.drain().map { Int($0.data[0]) }
        #expect(out == [0, 1, 2, 3, 4, 5, 6])
    }

    @Test("frames without caption data are not held; reset forgets what is held")
    func emptyAndReset() {
        var buffer = CaptionReorderBuffer()
        #expect(buffer.add([], time: frames(0), decodeTime: frames(0)).isEmpty)
        _ = buffer.add([1], time: frames(5), decodeTime: frames(1))
        buffer.reset()
        #expect(buffer.drain().isEmpty)
    }
}

/// The time of `frame` at 25 fps.
private func frames(_ frame: Int) -> MediaTime { MediaTime(value: Int64(frame) * 40, timescale: 1000) }
