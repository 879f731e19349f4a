internal import CFFmpeg
import SpoolCore

extension SubtitleBitmap {
    /// The RGBA copy of a bitmap rectangle as FFmpeg 5.1 gives it: `data[0]` holds one palette
    /// index per pixel, rows `linesize[0]` bytes apart; `data[1]` holds `nb_colors` palette
    /// entries, each a native-endian `UInt32` 0xAARRGGBB. `nil` for a text rectangle, an
    /// empty one, or one whose data is missing. Reads `rect` only while called (the caller owns
    /// it: the `AVSubtitle` it belongs to is freed after decoding).
    init?(rect: UnsafePointer<AVSubtitleRect>) {
        let item = rect.pointee
        guard item.type == SUBTITLE_BITMAP, item.w > 0, item.h > 0, item.linesize.0 >= item.w,
            let indices = item.data.0, let paletteBytes = item.data.1
        else { return nil }
        let (width, height, stride) = (Int(item.w), Int(item.h), Int(item.linesize.0))
        // Entries past `nb_colors` are transparent (FFmpeg's palettes are zeroed to 256).
        let colorCount = Int(min(max(item.nb_colors, 0), 256))
        var palette = [UInt8](repeating: 0, count: 256 * 4)
        paletteBytes.withMemoryRebound(to: UInt32.self, capacity: colorCount) { entries in
            for index in 0..<colorCount {
                let argb = entries[index]
                palette[index * 4] = UInt8(truncatingIfNeeded: argb >> 16)
                palette[index * 4 + 1] = UInt8(truncatingIfNeeded: argb >> 8)
                palette[index * 4 + 2] = UInt8(truncatingIfNeeded: argb)
                palette[index * 4 + 3] = UInt8(truncatingIfNeeded: argb >> 24)
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { target in
            for row in 0..<height {
                let source = indices + row * stride
                var out = row * width * 4
                for column in 0..<width {
                    let entry = Int(source[column]) * 4
                    target[out] = palette[entry]
                    target[out + 1] = palette[entry + 1]
                    target[out + 2] = palette[entry + 2]
                    target[out + 3] = palette[entry + 3]
                    out += 4
                }
            }
        }
        self.init(x: Int(item.x), y: Int(item.y), width: width, height: height, pixels: pixels)
    }
}
