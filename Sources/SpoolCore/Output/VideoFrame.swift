/// One decoded picture, owned by whoever produced it and immutable once handed out.
///
/// Frames cross from the decode thread to the render thread, hence `Sendable`; producers
/// guarantee that a frame's pixels never change after it is published. Pixel bytes are lent
/// only for the duration of `withPlane`, so no consumer can keep a pointer past the frame.
public protocol VideoFrame: AnyObject, Sendable {
    /// When the frame is due, on the item's media timeline.
    var presentationTime: MediaTime { get }
    /// How long the frame is shown at rate 1 (`invalid` when unknown).
    var duration: MediaTime { get }
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// The layout of the planes.
    var pixelFormat: PixelFormat { get }
    /// Number of planes (3 for yuv420p, 2 for nv12, 1 for packed RGB).
    var planeCount: Int { get }
    /// How the stored picture is shown: the pixel shape and the turn the container asks
    /// for. Outputs that show pictures apply it; frame hashes ignore it (the planes are
    /// always the stored, unturned picture). Defaults to `.identity`.
    var displayGeometry: VideoDisplayGeometry { get }

    /// Lends plane `index`'s bytes (its rows, `bytesPerRow` apart) to `body`. The bytes are
    /// valid only during the call.
    func withPlane<R>(_ index: Int, _ body: (_ bytes: RawSpan, _ bytesPerRow: Int) throws -> R) rethrows -> R
}

extension VideoFrame {
    /// Square pixels, not turned.
    public var displayGeometry: VideoDisplayGeometry { .identity }

    /// The size the picture is shown at (`displayGeometry` applied to `width`×`height`).
    public var displaySize: PixelSize { displayGeometry.displaySize(width: width, height: height) }
}

/// Where decoded video goes: an SDL window, a frame-hash file, or nowhere.
///
/// `present` is called by the engine's render thread only, in presentation order, when the
/// frame is due (or at once in untimed mode); it must not block for longer than a display
/// refresh. `stop` may be called from any thread.
public protocol VideoOutput: AnyObject, Sendable {
    /// A short name for logs and `--vo` ("sdl", "null", "framemd5").
    var name: String { get }

    /// The pixel formats the output takes as they are; `nil` means every format. The engine
    /// converts frames only when their format is not accepted.
    var acceptedPixelFormats: Set<PixelFormat>? { get }

    /// Shows `frame` now.
    func present(_ frame: any VideoFrame) throws(VideoOutputError)

    /// Releases the window or file. Idempotent.
    func stop()

    /// The area, in pixels, the output shows pictures in (a window's drawable size): an
    /// adaptive stream gains nothing from variants larger than it (the viewport cap).
    /// `nil` when the output sets no such limit (files, null outputs). Read from any thread,
    /// once per segment: it must be cheap and must not block. Defaults to `nil`.
    var viewportSize: PixelSize? { get }
}

extension VideoOutput {
    /// No viewport: files and null outputs do not limit the picture size.
    public var viewportSize: PixelSize? { nil }
}

/// Why a video output failed.
public enum VideoOutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No display or window system (for example `$DISPLAY` unset).
    case unavailable(String)
    /// The output cannot show this pixel format.
    case unsupportedPixelFormat(PixelFormat)
    /// Presenting or writing failed. The message says why.
    case presentFailed(String)
    /// The output was stopped.
    case stopped

    /// A one-line message.
    public var description: String {
        switch self {
        case .unavailable(let message): "video output unavailable: \(message)"
        case .unsupportedPixelFormat(let format): "video output cannot show \(format)"
        case .presentFailed(let message): "video output failed: \(message)"
        case .stopped: "video output stopped"
        }
    }
}
