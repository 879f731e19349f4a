internal import CLibass

/// Blends libass's images (8-bit coverage masks, one colour each, in stacking order) into
/// one straight-alpha RGBA image covering their union.
///
/// Works premultiplied (so "over" needs no division per image) and converts to straight
/// alpha once at the end; only the union's pixels are touched, so a line of subtitles at
/// 1080p costs a few hundred thousand pixel operations, not two million.
struct SubtitleCompositor {
    /// A rectangle filled under everything (the caption window), or nil.
    var underlay: (rect: OverlayRect, color: OverlayColor)?

    /// The frame for the images of every list in `lists` (each a libass list, nil for none),
    /// clipped to `frame`.
    func compose(_ lists: [UnsafeMutablePointer<ASS_Image>?], frame: OverlaySize) -> SubtitleFrame {
        var union: OverlayRect?
        if let underlay { union = underlay.rect }
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
    private static func inkBox(_ pixels: [UInt8], width: Int, height: Int) -> OverlayRect? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        pixels.withUnsafeBufferPointer { buffer in
            for y in 0..<height {
                var index = y * width * 4 + 3
                for x in 0..<width {
                    if buffer[index] != 0 {
                        if x < minX { minX = x }
                        if x > maxX { maxX = x }
                        if y < minY { minY = y }
                        maxY = y
                    }
                    index += 4
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return OverlayRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// `x * y / 255`, rounded, for bytes.
    @inline(__always)
    private static func multiply(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let product = x * y + 128
        return (product + (product >> 8)) >> 8
    }

    private static func blend(_ image: ASS_Image, into buffer: UnsafeMutableBufferPointer<UInt8>, box: OverlayRect) {
        guard image.w > 0, image.h > 0, let bitmap = image.bitmap else { return }
        // libass's colour is RRGGBBAA with AA the transparency.
        let color = image.color
        let red = (color >> 24) & 0xFF
        let green = (color >> 16) & 0xFF
        let blue = (color >> 8) & 0xFF
        let opacity = 255 - (color & 0xFF)
        guard opacity > 0 else { return }
        let rect = clip(
            OverlayRect(x: Int(image.dst_x), y: Int(image.dst_y), width: Int(image.w), height: Int(image.h)), to: box)
        guard !rect.isEmpty else { return }
        let stride = Int(image.stride)
        for y in rect.y..<rect.maxY {
            let sourceRow = bitmap + (y - Int(image.dst_y)) * stride
            let firstColumn = Int(image.dst_x)
            var target = ((y - box.y) * box.width + (rect.x - box.x)) * 4
            for x in rect.x..<rect.maxX {
                let coverage = UInt32(sourceRow[x - firstColumn])
                if coverage != 0 {
                    let k = multiply(coverage, opacity)
                    let keep = 255 - k
                    buffer[target] = UInt8(multiply(red, k) + multiply(UInt32(buffer[target]), keep))
                    buffer[target + 1] = UInt8(multiply(green, k) + multiply(UInt32(buffer[target + 1]), keep))
                    buffer[target + 2] = UInt8(multiply(blue, k) + multiply(UInt32(buffer[target + 2]), keep))
                    buffer[target + 3] = UInt8(k + multiply(UInt32(buffer[target + 3]), keep))
                }
                target += 4
            }
        }
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

    private static func unpremultiply(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        var index = 0
        while index < buffer.count {
            let alpha = UInt32(buffer[index + 3])
            if alpha != 0, alpha != 255 {
                for channel in 0..<3 {
                    buffer[index + channel] = UInt8(
                        min((UInt32(buffer[index + channel]) * 255 + alpha / 2) / alpha, 255))
                }
            }
            index += 4
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
