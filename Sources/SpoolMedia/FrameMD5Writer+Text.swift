internal import CFFmpeg
import SpoolCore

extension FrameMD5Writer {
    /// The header `framemd5` writes (libavformat's hashenc.c and framehash.c) for one
    /// rawvideo stream, as the `ffmpeg` CLI sets it up.
    static func header(for frame: any VideoFrame, sar: Rational, timeBase: Rational) -> String {
        var numerator: Int32 = 0
        var denominator: Int32 = 0
        // The filter graph passes the aspect ratio through an option parser that reduces it.
        av_reduce(&numerator, &denominator, Int64(sar.numerator), Int64(max(sar.denominator, 1)), Int64(Int32.max))
        if numerator == 0 { denominator = 1 }
        let version = avformat_version()
        // LIBAVFORMAT_IDENT, which the CLI prints unless told to be bit-exact.
        let software = "Lavf\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"
        return """
            #format: frame checksums
            #version: 2
            #hash: MD5
            #software: \(software)
            #tb 0: \(timeBase.numerator)/\(timeBase.denominator)
            #media_type 0: video
            #codec_id 0: rawvideo
            #dimensions 0: \(frame.width)x\(frame.height)
            #sar 0: \(numerator)/\(denominator)
            #stream#, dts,        pts, duration,     size, hash

            """
    }

    /// Appends `0, %10d, %10d, %8d, %8d, <md5>\n` (dts = pts, duration one tick), the
    /// line `framemd5` prints per packet, without allocating.
    static func appendLine(tick: Int64, byteCount: Int, digest: PackedImageMD5.Digest, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "0"))
        appendField(tick, width: 10, to: &text)
        appendField(tick, width: 10, to: &text)
        appendField(1, width: 8, to: &text)
        appendField(Int64(byteCount), width: 8, to: &text)
        text.append(contentsOf: ", ".utf8)
        withUnsafeBytes(of: digest) { bytes in
            for byte in bytes {
                text.append(hexDigit(byte >> 4))
                text.append(hexDigit(byte & 0xF))
            }
        }
        text.append(UInt8(ascii: "\n"))
    }

    /// `, ` and `value` right-aligned in `width` columns, like printf's `, %<width>d`.
    private static func appendField(_ value: Int64, width: Int, to text: inout [UInt8]) {
        text.append(contentsOf: ", ".utf8)
        // A String of up to 15 bytes lives inline: no allocation.
        let digits = String(value).utf8
        if digits.count < width {
            text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - digits.count))
        }
        text.append(contentsOf: digits)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
