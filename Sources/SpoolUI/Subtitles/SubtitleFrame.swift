/// The subtitles showing at one moment: an RGBA image (straight alpha, like the controls
/// overlay and SDL's `SDL_BLENDMODE_BLEND`) covering only the pixels subtitles touch,
/// placed at `bounds` in a frame of `frameSize`.
///
/// Empty (`bounds` empty, a 0×0 image) when no subtitle is showing. A window uploads `image`
/// and draws it at `bounds` over the video; `drawn(onto:)` composes it into a frame-sized
/// overlay instead.
public struct SubtitleFrame: Sendable, Equatable {
    /// The frame the subtitles were laid out in.
    public let frameSize: OverlaySize
    /// Where `image` goes in the frame; every pixel outside it is transparent.
    public let bounds: OverlayRect
    /// The pixels inside `bounds`, `bounds.width × bounds.height`.
    public let image: OverlayImage

    /// Nothing showing in a frame of `frameSize`.
    public static func empty(_ frameSize: OverlaySize) -> SubtitleFrame {
        SubtitleFrame(
            frameSize: frameSize, bounds: OverlayRect(x: 0, y: 0, width: 0, height: 0),
            image: .init(width: 0, height: 0))
    }

    init(frameSize: OverlaySize, bounds: OverlayRect, image: OverlayImage) {
        self.frameSize = frameSize
        self.bounds = bounds
        self.image = image
    }

    /// Whether no subtitle pixel is showing.
    public var isEmpty: Bool { bounds.isEmpty }

    /// The subtitles as a whole frame: transparent except inside `bounds`.
    public var fullFrame: OverlayImage {
        drawn(onto: OverlayImage(width: frameSize.width, height: frameSize.height))
    }

    /// `overlay` with the subtitles composed over it ("over", straight alpha), `bounds`
    /// taken in the overlay's pixels (clipped to it).
    public func drawn(onto overlay: OverlayImage) -> OverlayImage {
        var result = overlay
        guard !isEmpty else { return result }
        let (x0, y0) = (max(bounds.x, 0), max(bounds.y, 0))
        let (x1, y1) = (min(bounds.maxX, overlay.width), min(bounds.maxY, overlay.height))
        guard x0 < x1, y0 < y1 else { return result }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let source = ((y - bounds.y) * image.width + (x - bounds.x)) * 4
                let alpha = Int(image.pixels[source + 3])
                guard alpha > 0 else { continue }
                let target = (y * overlay.width + x) * 4
                let below = Int(result.pixels[target + 3]) * (255 - alpha) / 255
                let out = alpha + below
                for channel in 0..<3 {
                    let value =
                        Int(image.pixels[source + channel]) * alpha + Int(result.pixels[target + channel]) * below
                    result.pixels[target + channel] = UInt8(min(value / max(out, 1), 255))
                }
                result.pixels[target + 3] = UInt8(min(out, 255))
            }
        }
        return result
    }
}
