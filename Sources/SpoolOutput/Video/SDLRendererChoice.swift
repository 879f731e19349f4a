internal import CSDL
import Foundation

/// Which of SDL's renderers a window draws with.
///
/// A GPU draws through SDL's accelerated (OpenGL) renderer. Where OpenGL can only be a CPU
/// rasteriser (Mesa's llvmpipe: Xvfb, VNC, virtual machines and boxes without a GPU driver,
/// as many kiosks and set-top boxes are), SDL's software renderer is used instead: drawing a
/// 1080p picture and the controls through llvmpipe's JIT-compiled shaders cost about five
/// times the CPU of SDL's own C blits straight into an X shared-memory image (`make bench-osc`,
/// docs/ARCHITECTURE.md). `SDL_RENDER_DRIVER` in the environment still decides when set.
enum SDLRendererChoice {
    /// A renderer for `window`, or `nil` with SDL's error set when none can be made.
    /// Call on the SDL thread.
    static func makeRenderer(for window: OpaquePointer) -> OpaquePointer? {
        if let named = SDL_GetHint(SDL_HINT_RENDER_DRIVER), named.pointee != 0 {
            return SDL_CreateRenderer(window, -1, 0)
        }
        if !openGLIsSoftware(for: window),
            let accelerated = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue)
        {
            return accelerated
        }
        return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }

    /// Whether OpenGL on `window`'s display would be a CPU rasteriser: Mesa told so
    /// (`LIBGL_ALWAYS_SOFTWARE`), or an X server without direct rendering (no DRI3 or DRI2).
    /// Found without loading OpenGL: an earlier version made a GL context on a probe window to
    /// read its renderer string, and unloading Mesa afterwards crashed `spool play` at exit
    /// once in a full test run (a call into the unloaded driver's code).
    private static func openGLIsSoftware(for window: OpaquePointer) -> Bool {
        if let forced = ProcessInfo.processInfo.environment["LIBGL_ALWAYS_SOFTWARE"], !forced.isEmpty, forced != "0" {
            return true
        }
        return csdl_x11_has_direct_rendering(window) == 0
    }
}
