/// What a video window looks like now, and what happened to the frames given to it.
///
/// A snapshot: the output updates it from its window thread as things change.
public struct VideoWindowStatus: Sendable, Equatable {
    /// The window's width in screen coordinates (0 until the window exists).
    public internal(set) var width = 0
    /// The window's height in screen coordinates (0 until the window exists).
    public internal(set) var height = 0
    /// The size in pixels pictures can be shown at, for the viewport cap (0×0: unknown).
    /// Once the window's size was chosen — by the configuration, `setWindowSize`, the user
    /// resizing it, or fullscreen — its drawable size (the renderer's output, larger than
    /// `width`×`height` on HiDPI screens). While the window still sizes itself to the first
    /// frame, the largest size it may take (80% of the display): the first frame's size
    /// would otherwise hold an adaptive stream at whatever variant it started with.
    public internal(set) var viewportWidth = 0
    /// The height matching `viewportWidth`.
    public internal(set) var viewportHeight = 0
    /// Whether any of the window can be seen: shown, not minimised, not stopped. `false`
    /// until the first frame is shown, since the window is mapped only then.
    public internal(set) var isVisible = false
    /// Whether the window covers its display (desktop fullscreen).
    public internal(set) var isFullscreen = false
    /// Whether the video is in the floating Picture-in-Picture window (the main window is
    /// hidden meanwhile).
    public internal(set) var isPictureInPictureActive = false
    /// Whether presented frames can be seen: in the main window (or about to be, before the
    /// first frame maps it) or in Picture-in-Picture. `false` while the window is hidden or
    /// minimised without Picture-in-Picture, when the engine stops decoding video.
    public internal(set) var isShowingVideo = true
    /// Frames accepted by `present`.
    public internal(set) var framesReceived = 0
    /// Frames that reached the screen.
    public internal(set) var framesShown = 0
    /// Frames replaced by a newer one before they could be shown (latest frame wins), or
    /// that SDL failed to upload. Eventually `framesShown + framesDropped == framesReceived`.
    public internal(set) var framesDropped = 0
    /// The SDL renderer drawing the window ("opengl", "software", …; empty until it exists).
    public internal(set) var rendererName = ""
}

/// A read-back of what a video window shows: tightly packed rows of 8-bit RGBA, top row first.
public struct VideoSnapshot: Sendable {
    /// Width in pixels (the renderer's output, which may exceed the window's screen size).
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha per pixel.
    public let pixels: [UInt8]

    /// Wraps `pixels`, which must hold `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at (`x`, `y`), or `nil` outside the image.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }
}
