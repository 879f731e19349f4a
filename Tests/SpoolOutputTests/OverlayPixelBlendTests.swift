import Testing

@testable import SpoolOutput

/// The software renderer's overlay blend, against the exact formula per channel.
@Suite("Overlay pixel blend")
struct OverlayPixelBlendTests {
    /// round((s·a + d·(255 − a)) / 255), the blend every channel must give.
    static func expected(_ source: UInt8, _ destination: UInt8, alpha: UInt8) -> UInt32 {
        let sum = Double(source) * Double(alpha) + Double(destination) * Double(255 - Int(alpha))
        return UInt32((sum / 255).rounded())
    }

    /// Blends `source` (RGBA bytes) over `destination` (XRGB words) through the tested entry,
    /// from `offset` bytes into a larger buffer so the pointers are not 4-aligned.
    static func blended(_ source: [UInt8], over destination: [UInt32], offset: Int = 0) -> [UInt32] {
        let padded = [UInt8](repeating: 0xee, count: offset) + source
        var result = destination
        padded.withUnsafeBufferPointer { bytes in
            result.withUnsafeMutableBufferPointer { words in
                OverlayPixelBlend.blend(rgba: bytes.baseAddress! + offset, over: words.baseAddress!, count: words.count)
            }
        }
        return result
    }

    @Test("every alpha: red and blue change places, each channel is the rounded blend, the result is opaque")
    func everyAlpha() {
        let values: [UInt8] = [0, 1, 77, 128, 200, 254, 255]
        var source: [UInt8] = []
        var destination: [UInt32] = []
        var want: [UInt32] = []
        for alpha in 0...255 {
            for s in values {
                for d in values {
                    // Red s, green d, blue 255 − s over red d, green s, blue 255 − d.
                    source += [s, d, 255 - s, UInt8(alpha)]
                    destination.append(UInt32(d) << 16 | UInt32(s) << 8 | UInt32(255 - d))
                    let red = Self.expected(s, d, alpha: UInt8(alpha))
                    let green = Self.expected(d, s, alpha: UInt8(alpha))
                    let blue = Self.expected(255 - s, 255 - d, alpha: UInt8(alpha))
                    want.append(0xff00_0000 | red << 16 | green << 8 | blue)
                }
            }
        }
        let got = Self.blended(source, over: destination)
        let firstWrong = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstWrong == nil, "pixel \(firstWrong?.offset ?? -1) of \(want.count)")
    }

    @Test("odd lengths and unaligned rows: each pixel blended once, none outside the count")
    func lengthsAndAlignment() {
        for count in [1, 3, 7, 8, 9, 31, 33] {
            for offset in [0, 1, 3] {
                let source = (0..<count).flatMap { i -> [UInt8] in [UInt8(truncatingIfNeeded: i * 7), 0, 0, 128] }
                var destination = [UInt32](repeating: 0x0000_00ff, count: count)
                destination = Self.blended(source, over: destination, offset: offset)
                for (i, pixel) in destination.enumerated() {
                    let red = Self.expected(UInt8(truncatingIfNeeded: i * 7), 0, alpha: 128)
                    let blue = Self.expected(0, 255, alpha: 128)
                    #expect(pixel == 0xff00_0000 | red << 16 | blue, "count \(count), offset \(offset), pixel \(i)")
                }
            }
        }
    }
}
