public import Foundation

extension OverlayImage {
    /// The image as a PNG file (8-bit RGBA, no interlace), for screenshots and OCR. The
    /// pixel data is stored uncompressed inside zlib's framing: no zlib dependency, and these
    /// files are written by tests, not shipped.
    public func pngData() -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: pixels[(row * width * 4)..<((row + 1) * width * 4)])
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 6, 0, 0, 0])  // 8 bits, RGBA, deflate, no filter, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", PNGChecksums.storedZlib(raw))
        png.appendChunk("IEND", [])
        return Data(png)
    }
}

/// PNG's CRC-32 and zlib's stored (uncompressed) deflate blocks with their Adler-32.
enum PNGChecksums {
    static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        // 5552 bytes is the most that can be summed before the 32-bit sums must be reduced.
        var start = 0
        while start < bytes.count {
            let end = min(start + 5552, bytes.count)
            for index in start..<end {
                a &+= UInt32(bytes[index])
                b &+= a
            }
            a %= 65521
            b %= 65521
            start = end
        }
        return b << 16 | a
    }

    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let isLast = offset + length >= data.count
            out.append(isLast ? 1 : 0)
            out.append(UInt8(length & 0xFF))
            out.append(UInt8(length >> 8))
            out.append(UInt8(~length & 0xFF))
            out.append(UInt8((~length >> 8) & 0xFF))
            out.append(contentsOf: data[offset..<(offset + length)])
            offset += length
        } while offset < data.count
        out.appendBigEndian(adler32(data))
        return out
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }

    fileprivate mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        append(contentsOf: typed)
        appendBigEndian(PNGChecksums.crc32(typed))
    }
}
