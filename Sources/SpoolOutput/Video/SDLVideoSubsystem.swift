internal import CSDL
import Foundation
import SpoolCore

/// SDL's video subsystem, initialised while at least one window (or a probe) needs it.
///
/// Used only on the SDL thread (`SDLRenderLoop` owns the one instance), because SDL must be
/// initialised, used and shut down on the same thread.
struct SDLVideoSubsystem {
    private var users = 0

    /// Initialises SDL video for the first user; later users share it.
    /// Throws `.unavailable` with SDL's reason when there is no display to open.
    mutating func acquire() throws(VideoOutputError) {
        if users == 0 {
            Self.configureHints()
            SDL_SetMainReady()
            guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
                throw .unavailable(Self.unavailableMessage())
            }
        }
        users += 1
    }

    /// Gives back one use; the last one quits the subsystem (after its windows are destroyed).
    mutating func release() {
        guard users > 0 else { return }
        users -= 1
        if users == 0 { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
    }

    /// SDL's message for the last failure on this thread.
    static var lastError: String { String(cString: SDL_GetError()) }

    /// Hints are process-wide; set them before SDL reads them at initialisation. A hint set
    /// here at normal priority still yields to the same variable in the environment, so a
    /// user's `SDL_VIDEODRIVER=wayland` wins.
    private static func configureHints() {
        // A library must not take over SIGINT/SIGTERM: the program decides what they mean.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // Only window systems: without a display SDL would otherwise try KMS/DRM on a
        // console and take the whole screen. Wayland only where a compositor advertises itself
        // (trying it elsewhere just prints libwayland's complaints).
        let environment = ProcessInfo.processInfo.environment
        SDL_SetHint(SDL_HINT_VIDEODRIVER, environment["WAYLAND_DISPLAY"] == nil ? "x11" : "x11,wayland")
        // A video window is not a game: keep the compositor (no tearing, no desktop flicker).
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // The software renderer (see SDLRendererChoice) draws into the window's own framebuffer,
        // put on screen with XShm. SDL's default on X11 puts that framebuffer on screen through
        // an OpenGL texture, which is llvmpipe again exactly where the software renderer is
        // chosen. Only SDL's window-surface path reads this; a GL renderer never uses it.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }

    private static func unavailableMessage() -> String {
        let environment = ProcessInfo.processInfo.environment
        let display = environment["DISPLAY"].map { "DISPLAY=\($0)" } ?? "DISPLAY is not set"
        return "cannot open a display (\(display)): \(lastError)"
    }
}
