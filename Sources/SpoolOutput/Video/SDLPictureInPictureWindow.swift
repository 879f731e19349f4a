internal import CSDL
import SpoolCore

/// The Picture-in-Picture window: a borderless, always-on-top `SDLWindow` in the bottom-right
/// corner of the display (see `PictureInPictureLayout`), showing the video with restore and
/// close buttons drawn over it, and moved by dragging it with the mouse.
///
/// SDL-thread only, like every `SDLWindow`: its `SDLWindowSession` creates, uses and destroys it.
final class SDLPictureInPictureWindow {
    let window: SDLWindow
    private(set) var layout: PictureInPictureLayout
    /// Where the pointer grabbed the window, in window coordinates, while a drag is going on.
    private var grab: (x: Int, y: Int)?
    /// Whether the user moved the window: then a new picture shape keeps its place.
    private var wasMoved = false
    private var contentSize: (width: Int, height: Int)

    /// Creates the window for a picture shown at `contentWidth`×`contentHeight`, hidden, on
    /// the display of `display`.
    init(title: String, contentWidth: Int, contentHeight: Int, display: PixelRect) throws(VideoOutputError) {
        layout = PictureInPictureLayout(contentWidth: contentWidth, contentHeight: contentHeight, bounds: display)
        contentSize = (contentWidth, contentHeight)
        let frame = layout.frame
        window = try SDLWindow(
            title: title, width: frame.width, height: frame.height, style: .floating(x: frame.x, y: frame.y))
    }

    /// Uploads `frame`; a picture of another shown shape re-fits the window to its aspect ratio.
    func upload(_ frame: any VideoFrame) throws(VideoOutputError) {
        try window.upload(frame)
        // The shown shape (turned, square pixels) is what the window fits.
        let shown = frame.displaySize
        guard shown.width != contentSize.width || shown.height != contentSize.height else { return }
        contentSize = (shown.width, shown.height)
        let position = window.position
        layout = PictureInPictureLayout(
            contentWidth: shown.width, contentHeight: shown.height, bounds: window.usableDisplayBounds)
        window.setSize(width: layout.frame.width, height: layout.frame.height)
        if wasMoved {
            window.setPosition(x: position.x, y: position.y)
        } else {
            window.setPosition(x: layout.frame.x, y: layout.frame.y)
        }
    }

    /// Maps the window at its place (X11 without a window manager keeps the requested one).
    func show() {
        let frame = layout.frame
        window.setPosition(x: frame.x, y: frame.y)
        window.show()
    }

    /// Draws the picture (aspect kept) and the buttons, and presents.
    func drawAndPresent() throws(VideoOutputError) {
        try window.draw(gravity: .resizeAspect)
        drawButtons()
        window.present()
    }

    /// What a press of the primary button at (`x`, `y`) in window coordinates means; a press
    /// outside the buttons starts a drag.
    func press(x: Int, y: Int) -> PictureInPictureLayout.Hit {
        let hit = layout.hit(x: x, y: y)
        if hit == .body { grab = (x, y) }
        return hit
    }

    /// Follows the pointer at (`x`, `y`) in window coordinates during a drag: the window moves
    /// so that the grabbed point stays under the pointer.
    func pointerMoved(x: Int, y: Int) {
        guard let grab else { return }
        let position = window.position
        let (dx, dy) = (x - grab.x, y - grab.y)
        guard dx != 0 || dy != 0 else { return }
        wasMoved = true
        window.setPosition(x: position.x + dx, y: position.y + dy)
    }

    /// Ends a drag.
    func release() {
        grab = nil
    }

    func destroy() {
        window.destroy()
    }

    /// Two translucent squares in the top corners: a window outline (restore) and a cross
    /// (close), scaled to the renderer's pixels.
    private func drawButtons() {
        let renderer = window.renderer
        let windowWidth = window.state.width
        let scale = windowWidth > 0 ? Double(window.outputSize.width) / Double(windowWidth) : 1
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        for button in [layout.restoreButton, layout.closeButton] {
            var square = SDL_Rect(button.scaled(by: scale))
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 160)
            SDL_RenderFillRect(renderer, &square)
        }
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255)
        // Restore: a window outline with a title bar.
        let restore = layout.restoreButton.scaled(by: scale)
        let inset = max(1, restore.width / 4)
        var outline = SDL_Rect(
            x: Int32(restore.x + inset), y: Int32(restore.y + inset), w: Int32(restore.width - 2 * inset),
            h: Int32(restore.height - 2 * inset))
        SDL_RenderDrawRect(renderer, &outline)
        var titleBar = SDL_Rect(x: outline.x, y: outline.y, w: outline.w, h: max(2, outline.h / 4))
        SDL_RenderFillRect(renderer, &titleBar)
        // Close: a cross, two pixels thick.
        let close = layout.closeButton.scaled(by: scale)
        let (left, top) = (Int32(close.x + inset), Int32(close.y + inset))
        let (right, bottom) = (Int32(close.x + close.width - inset), Int32(close.y + close.height - inset))
        for offset: Int32 in [0, 1] {
            SDL_RenderDrawLine(renderer, left + offset, top, right + offset, bottom)
            SDL_RenderDrawLine(renderer, right + offset, top, left + offset, bottom)
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
    }
}

extension SDL_Rect {
    fileprivate init(_ rect: PixelRect) {
        self.init(
            x: Int32(clamping: rect.x), y: Int32(clamping: rect.y), w: Int32(clamping: rect.width),
            h: Int32(clamping: rect.height))
    }
}
