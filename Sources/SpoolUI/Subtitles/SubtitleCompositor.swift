internal import CLibass

/// Blends libass's images (8-bit coverage masks, one colour each, in stacking order) and
/// bitmap subtitles' pictures (placed and scaled, under the text) into one straight-alpha RGBA
/// image covering their union.
///
/// Works premultiplied (so "over" needs no division per image) and converts to straight
/// alpha once at the end; only the union's pixels are touched, so a line of subtitles at
/// 1080p costs a few hundred thousand pixel operations, not two million.
struct SubtitleCompositor {
    /// A rectangle filled under everything (the caption window), or nil.
    var underlay: (rect: OverlayRect, color: OverlayColor)?

    /// The frame for `bitmaps` and the images of every list in `lists` (each a libass list,
    /// nil for none) over them, clipped to `frame`.
    func compose(
        _ lists: [UnsafeMutablePointer<ASS_Image>?], bitmaps: [BitmapSubtitlePlacement] = [], frame: OverlaySize
    ) -> SubtitleFrame {
        var union: OverlayRect?
        if let underlay { union = underlay.rect }
        for bitmap in bitmaps { union = union.map { Self.union($0, bitmap.rect) } ?? bitmap.rect }
        for list in lists {
            var image = list
            while let current = image {
                let item = current.pointee
                if item.w > 0, item.h > 0 {
                    let rect = OverlayRect(
                        x: Int(item.dst_x), y: Int(item.dst_y), width: Int(item.w), height: Int(item.h))
                    union = union.map { Self.union($0, rect) } ?? rect
                }
                image = item.next
            }
        }
        guard let box = union.map({ Self.clip($0, to: frame) }), !box.isEmpty else { return .empty(frame) }
        var pixels = [UInt8](repeating: 0, count: box.width * box.height * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for bitmap in bitmaps { bitmap.blend(into: buffer, box: box) }
            if let underlay { Self.fill(underlay.rect, underlay.color, into: buffer, box: box) }
            for list in lists {
                var image = list
                while let current = image {
                    Self.blend(current.pointee, into: buffer, box: box)
                    image = current.pointee.next
                }
            }
            Self.unpremultiply(buffer)
        }
        let image = OverlayImage(width: box.width, height: box.height, pixels: pixels)!
        // libass pads its bitmaps (for blur and subpixel shifts); trimming the transparent
        // border makes `bounds` the ink's box and the texture to upload smaller.
        guard let ink = Self.inkBox(pixels, width: box.width, height: box.height) else { return .empty(frame) }
        if ink == OverlayRect(x: 0, y: 0, width: box.width, height: box.height) {
            return SubtitleFrame(frameSize: frame, bounds: box, image: image)
        }
        return SubtitleFrame(
            frameSize: frame,
            bounds: OverlayRect(x: box.x + ink.x, y: box.y + ink.y, width: ink.width, height: ink.height),
            image: image.cropped(to: ink))
    }

    /// The box of the pixels with any alpha, in the image's own coordinates; nil if none.
    /// libass's padding is a few rows and columns at the edges, so the scan walks inwards
    /// from each edge and stops at the first ink instead of visiting every pixel.
    private static func inkBox(_ pixels: [UInt8], width: Int, height: Int) -> OverlayRect? {
        pixels.withUnsafeBytes { raw -> OverlayRect? in
            let words = raw.bindMemory(to: UInt32.self)
            let alphaMask = UInt32(0xFF00_0000).littleEndian
            func rowHasInk(_ y: Int) -> Bool {
                let start = y * width
                for x in 0..<width where words[start + x] & alphaMask != 0 { return true }
                return false
            }
            guard let top = (0..<height).first(where: rowHasInk) else { return nil }
            let bottom = (top..<height).reversed().first(where: rowHasInk) ?? top
            func columnHasInk(_ x: Int) -> Bool {
                for y in top...bottom where words[y * width + x] & alphaMask != 0 { return true }
                return false
            }
            let left = (0..<width).first(where: columnHasInk) ?? 0
            let right = (left..<width).reversed().first(where: columnHasInk) ?? left
            return OverlayRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        }
    }

    /// The four bytes of a pixel in 16-bit lanes, so one multiply scales all channels.
    @inline(__always)
    private static func spread(_ pixel: UInt32) -> UInt64 {
        let value = UInt64(pixel)
        return (value & 0xFF) | (value & 0xFF00) << 8 | (value & 0xFF_0000) << 16 | (value & 0xFF00_0000) << 24
    }

    @inline(__always)
    private static func pack(_ lanes: UInt64) -> UInt32 {
        UInt32(
            truncatingIfNeeded: (lanes & 0xFF) | (lanes >> 8) & 0xFF00 | (lanes >> 16) & 0xFF_0000 | (lanes >> 24)
                & 0xFF00_0000)
    }

    /// Each 16-bit lane divided by 255, rounded (lanes hold at most 255 × 255).
    @inline(__always)
    private static func divideLanesBy255(_ lanes: UInt64) -> UInt64 {
        let rounded = lanes &+ 0x0080_0080_0080_0080
        return ((rounded &+ ((rounded >> 8) & 0x00FF_00FF_00FF_00FF)) >> 8) & 0x00FF_00FF_00FF_00FF
    }

    private static func blend(_ image: ASS_Image, into buffer: UnsafeMutableBufferPointer<UInt8>, box: OverlayRect) {
        guard image.w > 0, image.h > 0, let bitmap = image.bitmap, let base = buffer.baseAddress else { return }
        // libass's colour is RRGGBBAA with AA the transparency; pixels are R, G, B, A in memory.
        let color = image.color
        let opacity = 255 - (color & 0xFF)
        guard opacity > 0 else { return }
        let sourcePixel =
            ((color >> 24) & 0xFF) | ((color >> 16) & 0xFF) << 8 | ((color >> 8) & 0xFF) << 16 | UInt32(0xFF) << 24
        let source = spread(UInt32(littleEndian: sourcePixel))
        let opaque = UInt32(littleEndian: sourcePixel)
        let rect = clip(
            OverlayRect(x: Int(image.dst_x), y: Int(image.dst_y), width: Int(image.w), height: Int(image.h)), to: box)
        guard !rect.isEmpty else { return }
        let stride = Int(image.stride)
        let pixels = UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt32.self)
        for y in rect.y..<rect.maxY {
            let sourceRow = bitmap + (y - Int(image.dst_y)) * stride + (rect.x - Int(image.dst_x))
            let targetRow = pixels + (y - box.y) * box.width + (rect.x - box.x)
            for column in 0..<rect.width {
                let coverage = UInt64(sourceRow[column])
                if coverage == 0 { continue }
                let k = opacity == 255 ? coverage : (coverage * UInt64(opacity) + 127) / 255
                if k == 255 {
                    targetRow[column] = opaque
                } else {
                    let below = spread(targetRow[column])
                    targetRow[column] = pack(divideLanesBy255(source &* k &+ below &* (255 - k)))
                }
            }
        }
    }

    /// `x * y / 255`, rounded, for bytes.
    @inline(__always)
    private static func multiply(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let product = x * y + 128
        return (product + (product >> 8)) >> 8
    }

    private static func fill(
        _ area: OverlayRect, _ color: OverlayColor, into buffer: UnsafeMutableBufferPointer<UInt8>, box: OverlayRect
    ) {
        let rect = clip(area, to: box)
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let alpha = UInt32(color.alpha)
        let premultiplied = [
            multiply(UInt32(color.red), alpha), multiply(UInt32(color.green), alpha),
            multiply(UInt32(color.blue), alpha), alpha,
        ].map { UInt8($0) }
        for y in rect.y..<rect.maxY {
            var target = ((y - box.y) * box.width + (rect.x - box.x)) * 4
            for _ in rect.x..<rect.maxX {
                for channel in 0..<4 { buffer[target + channel] = premultiplied[channel] }
                target += 4
            }
        }
    }

    /// 255 × 2¹⁶ / alpha, rounded: straight = premultiplied × this >> 16, with no division.
    private static let reciprocals: [UInt32] = (0...255).map { $0 == 0 ? 0 : (255 << 16 + UInt32($0) / 2) / UInt32($0) }

    private static func unpremultiply(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        Self.reciprocals.withUnsafeBufferPointer { reciprocals in
            var index = 0
            while index < buffer.count {
                let alpha = Int(buffer[index + 3])
                if alpha != 0, alpha != 255 {
                    let scale = reciprocals[alpha]
                    for channel in 0..<3 {
                        buffer[index + channel] = UInt8(
                            min((UInt32(buffer[index + channel]) * scale + 32768) >> 16, 255))
                    }
                }
                index += 4
            }
        }
    }

    static func union(_ a: OverlayRect, _ b: OverlayRect) -> OverlayRect {
        let x = min(a.x, b.x)
        let y = min(a.y, b.y)
        return OverlayRect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }

    static func clip(_ rect: OverlayRect, to frame: OverlaySize) -> OverlayRect {
        clip(rect, to: OverlayRect(x: 0, y: 0, width: frame.width, height: frame.height))
    }

    static func clip(_ rect: OverlayRect, to box: OverlayRect) -> OverlayRect {
        let x = max(rect.x, box.x)
        let y = max(rect.y, box.y)
        return OverlayRect(x: x, y: y, width: min(rect.maxX, box.maxX) - x, height: min(rect.maxY, box.maxY) - y)
    }
}
