import Spool

/// A bitmap cue's picture placed in a subtitle frame: the image and the rectangle it covers
/// once scaled from the cue's reference size to the frame (the video's rectangle), as mpv and
/// players do: a bitmap's position is its author's, so it scales with the picture and nothing
/// else (no caption style, no room made for controls).
struct BitmapSubtitlePlacement: Equatable {
    /// The picture, in its own pixels.
    let image: LegibleCue.Image
    /// Where it goes in the frame, scaled.
    let rect: OverlayRect

    /// `image` of a cue authored for `reference`, placed in a frame of `frame`; `nil` when a
    /// size is empty or the scaled picture covers no pixel.
    init?(_ image: LegibleCue.Image, reference: PixelSize, frame: OverlaySize) {
        guard reference.width > 0, reference.height > 0, frame.width > 0, frame.height > 0 else { return nil }
        let scaleX = Double(frame.width) / Double(reference.width)
        let scaleY = Double(frame.height) / Double(reference.height)
        let x0 = Int((Double(image.x) * scaleX).rounded())
        let y0 = Int((Double(image.y) * scaleY).rounded())
        let x1 = Int((Double(image.x + image.width) * scaleX).rounded())
        let y1 = Int((Double(image.y + image.height) * scaleY).rounded())
        guard x1 > x0, y1 > y0 else { return nil }
        self.image = image
        rect = OverlayRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The placements of every image of the cues in `cues` that have pictures.
    static func placements(of cues: [LegibleCue], in frame: OverlaySize) -> [BitmapSubtitlePlacement] {
        cues.flatMap { cue -> [BitmapSubtitlePlacement] in
            guard let bitmap = cue.bitmap else { return [] }
            return bitmap.images.compactMap { Self($0, reference: bitmap.referenceSize, frame: frame) }
        }
    }

    /// Blends the picture "over" a premultiplied RGBA buffer covering `box` of the frame,
    /// clipped to it; each target pixel takes its nearest source pixel (subtitle bitmaps are
    /// flat-coloured, so nearest keeps their edges and colours exact). Bitmap subtitles are
    /// mostly transparent or opaque pixels: those are a skip or a word copy (premultiplied and
    /// straight are the same when opaque); only the rest is blended channel by channel.
    func blend(into buffer: UnsafeMutableBufferPointer<UInt8>, box: OverlayRect) {
        let clipped = SubtitleCompositor.clip(rect, to: box)
        guard !clipped.isEmpty, let base = buffer.baseAddress else { return }
        let columns = (clipped.x..<clipped.maxX).map { x in
            min((x - rect.x) * image.width / rect.width, image.width - 1)
        }
        let words = UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt32.self)
        let opaque = UInt32(0xFF00_0000).littleEndian
        image.pixels.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            for y in clipped.y..<clipped.maxY {
                let sourceRow = min((y - rect.y) * image.height / rect.height, image.height - 1) * image.width
                let targetRow = words + (y - box.y) * box.width + (clipped.x - box.x)
                for (offset, column) in columns.enumerated() {
                    let pixel = source[sourceRow + column]
                    let alphaBits = pixel & opaque
                    if alphaBits == 0 { continue }
                    if alphaBits == opaque {
                        targetRow[offset] = pixel
                        continue
                    }
                    Self.blendChannels(pixel, into: targetRow + offset)
                }
            }
        }
    }

    /// "Over" for one partly transparent straight-alpha pixel onto a premultiplied one.
    private static func blendChannels(_ pixel: UInt32, into target: UnsafeMutablePointer<UInt32>) {
        withUnsafeBytes(of: pixel) { from in
            UnsafeMutableRawPointer(target).withMemoryRebound(to: UInt8.self, capacity: 4) { to in
                let alpha = Int(from[3])
                let keep = 255 - alpha
                for channel in 0..<3 {
                    let premultiplied = (Int(from[channel]) * alpha + 127) / 255
                    to[channel] = UInt8(premultiplied + (Int(to[channel]) * keep + 127) / 255)
                }
                to[3] = UInt8(alpha + (Int(to[3]) * keep + 127) / 255)
            }
        }
    }
}
