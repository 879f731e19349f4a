internal import CSDL
import SpoolCore

/// The window's state as SDL reports it.
struct SDLWindowState: Equatable {
    var width: Int
    var height: Int
    var isVisible: Bool
    var isFullscreen: Bool
}

/// Owns one SDL window, its renderer and the renderer's streaming textures (video, overlay).
///
/// Ownership: the three handles are created here and destroyed only by `destroy()` (or
/// `deinit`), child first — texture, renderer, window — so no handle outlives its parent and
/// none is freed twice. Confinement: not `Sendable`; `SDLRenderLoop` creates every `SDLWindow`
/// on the SDL thread and never lets one leave it, as SDL requires of windows and renderers.
final class SDLWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    /// SDL's id for the window, which its events carry.
    let windowID: UInt32
    /// "opengl", "software", …
    let rendererName: String
    /// The texture frames are uploaded to, recreated when the frame shape changes.
    var texture: SDLTexture?
    /// The overlay drawn over the video (controls, subtitles), when there is one.
    var overlayTexture: SDLOverlayTexture?
    private var isDestroyed = false

    /// What kind of window to make.
    enum Style {
        /// A resizable, decorated window centred on the first display.
        case main
        /// A borderless, always-on-top window kept out of the taskbar, at (`x`, `y`):
        /// Picture-in-Picture. `SDL_WINDOW_ALWAYS_ON_TOP` sets `_NET_WM_STATE_ABOVE` on X11.
        case floating(x: Int, y: Int)
    }

    /// A hidden window of `width`×`height` in `style`, with the renderer `SDLRendererChoice`
    /// picks: a GPU's if there is one, SDL's software renderer otherwise. No vsync: the engine decides when
    /// frames are due, and a present must not wait for a refresh. The window starts black.
    init(title: String, width: Int, height: Int, style: Style = .main) throws(VideoOutputError) {
        var flags = SDL_WINDOW_HIDDEN.rawValue
        var position = (x: csdl_windowpos_centered(), y: csdl_windowpos_centered())
        switch style {
        case .main:
            flags |= SDL_WINDOW_RESIZABLE.rawValue
        case .floating(let x, let y):
            flags |=
                SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue | SDL_WINDOW_SKIP_TASKBAR.rawValue
            position = (Int32(clamping: x), Int32(clamping: y))
        }
        guard
            let window = SDL_CreateWindow(title, position.x, position.y, Int32(width), Int32(height), flags)
        else {
            throw .unavailable("cannot create a window: \(SDLVideoSubsystem.lastError)")
        }
        guard let renderer = SDLRendererChoice.makeRenderer(for: window) else {
            let message = SDLVideoSubsystem.lastError
            SDL_DestroyWindow(window)
            throw .unavailable("cannot create a renderer: \(message)")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        self.window = window
        self.renderer = renderer
        self.windowID = SDL_GetWindowID(window)
        self.rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        // One present at the size the renderer was made for, before anything resizes the
        // window. Without it, both the GL (Mesa) and the software renderer draw the first
        // frame after a resize into a buffer of the creation size, and the screen shows it
        // shifted and cut off (found with an outside screenshot under Xvfb; SDL's own
        // read-back cannot see it). Resizes after a present are handled correctly.
        presentBlack()
    }

    deinit { destroy() }

    /// Frees texture, renderer and window, in that order. Idempotent.
    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        texture?.destroy()
        texture = nil
        overlayTexture?.destroy()
        overlayTexture = nil
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// Size, visibility and fullscreen as SDL sees them now.
    var state: SDLWindowState {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        let flags = SDL_GetWindowFlags(window)
        let shown = flags & SDL_WINDOW_SHOWN.rawValue != 0
        let hidden = flags & (SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_MINIMIZED.rawValue) != 0
        return SDLWindowState(
            width: Int(width), height: Int(height), isVisible: shown && !hidden,
            isFullscreen: flags & SDL_WINDOW_FULLSCREEN.rawValue != 0)
    }

    func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }

    func setSize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(clamping: width), Int32(clamping: height))
    }

    /// Desktop fullscreen (no mode switch) or back to the windowed size.
    func setFullscreen(_ fullscreen: Bool) {
        SDL_SetWindowFullscreen(window, fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
    }

    /// `fraction` of the usable area of the window's display, in screen coordinates: the
    /// largest size `showFitting` gives a window; `nil` when SDL cannot tell.
    func displayArea(fraction: Double) -> (width: Int, height: Int)? {
        var bounds = SDL_Rect()
        let display = max(0, SDL_GetWindowDisplayIndex(window))
        guard SDL_GetDisplayUsableBounds(display, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return nil }
        return (Int(Double(bounds.w) * fraction), Int(Double(bounds.h) * fraction))
    }

    /// Resizes to `width`×`height` scaled down (never up) to fit `fraction` of the usable
    /// area of the window's display, centres the window there and shows it.
    func showFitting(width: Int, height: Int, fraction: Double) {
        var bounds = SDL_Rect()
        let display = max(0, SDL_GetWindowDisplayIndex(window))
        if SDL_GetDisplayUsableBounds(display, &bounds) == 0, bounds.w > 0, bounds.h > 0 {
            let scale = min(
                1, fraction * Double(bounds.w) / Double(width), fraction * Double(bounds.h) / Double(height))
            setSize(
                width: max(1, Int((Double(width) * scale).rounded())),
                height: max(1, Int((Double(height) * scale).rounded())))
        } else {
            setSize(width: width, height: height)
        }
        let centred = csdl_windowpos_centered_display(display)
        SDL_SetWindowPosition(window, centred, centred)
        SDL_ShowWindow(window)
    }

    /// Shows the window at its current size and place.
    func show() {
        SDL_ShowWindow(window)
    }

    /// Hides the window (unmapped: X11 withdraws it, with or without a window manager).
    func hide() {
        SDL_HideWindow(window)
    }

    /// Asks the window manager to minimise the window (nothing happens without one).
    func minimize() {
        SDL_MinimizeWindow(window)
    }

    /// Shows the window, un-minimised and raised above the others.
    func showRestored() {
        SDL_ShowWindow(window)
        SDL_RestoreWindow(window)
        SDL_RaiseWindow(window)
    }

    /// The window's top-left corner in screen coordinates.
    var position: (x: Int, y: Int) {
        var x: Int32 = 0
        var y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return (Int(x), Int(y))
    }

    func setPosition(x: Int, y: Int) {
        SDL_SetWindowPosition(window, Int32(clamping: x), Int32(clamping: y))
    }

    /// The usable area (without panels) of the display the window is on, in screen
    /// coordinates; the whole display when SDL cannot tell.
    var usableDisplayBounds: PixelRect {
        var bounds = SDL_Rect()
        let display = max(0, SDL_GetWindowDisplayIndex(window))
        if SDL_GetDisplayUsableBounds(display, &bounds) == 0, bounds.w > 0, bounds.h > 0 {
            return PixelRect(x: Int(bounds.x), y: Int(bounds.y), width: Int(bounds.w), height: Int(bounds.h))
        }
        if SDL_GetDisplayBounds(display, &bounds) == 0, bounds.w > 0, bounds.h > 0 {
            return PixelRect(x: Int(bounds.x), y: Int(bounds.y), width: Int(bounds.w), height: Int(bounds.h))
        }
        return PixelRect(x: 0, y: 0, width: 1280, height: 720)
    }
}
