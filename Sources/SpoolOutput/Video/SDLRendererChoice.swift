internal import CSDL
import Synchronization

/// Which of SDL's renderers a window draws with.
///
/// A GPU draws through SDL's accelerated (OpenGL) renderer. When that OpenGL is a CPU
/// rasteriser (Mesa's llvmpipe: Xvfb, virtual machines, servers without a GPU, the kiosks and
/// set-top boxes many of which lack working 3D drivers), SDL's software renderer is used
/// instead: drawing a 1080p picture and the controls through llvmpipe's JIT-compiled shaders
/// cost about 40 % more CPU than SDL's own C blits straight into an X shared-memory image
/// (`make bench-osc`, numbers in docs/ARCHITECTURE.md). `SDL_RENDER_DRIVER` in the environment
/// still decides when set.
enum SDLRendererChoice {
    /// Whether OpenGL here is a CPU rasteriser; `nil` until the first window asks. Checked once
    /// a process: the answer depends on the display and its drivers, not on the window.
    private static let openGLIsSoftware = Mutex<Bool?>(nil)

    /// A renderer for `window`, or `nil` with SDL's error set when none can be made.
    /// Call on the SDL thread.
    static func makeRenderer(for window: OpaquePointer) -> OpaquePointer? {
        if let named = SDL_GetHint(SDL_HINT_RENDER_DRIVER), named.pointee != 0 {
            return SDL_CreateRenderer(window, -1, 0)
        }
        if !isOpenGLSoftware(), let accelerated = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue) {
            return accelerated
        }
        return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }

    /// Asks OpenGL's renderer string once, on a hidden 1×1 window of its own, so the window
    /// that shows video never had a GL context made and dropped on it.
    private static func isOpenGLSoftware() -> Bool {
        if let known = openGLIsSoftware.withLock({ $0 }) { return known }
        var software = false
        if let probe = SDL_CreateWindow(
            "", csdl_windowpos_undefined(), csdl_windowpos_undefined(), 1, 1, SDL_WINDOW_HIDDEN.rawValue)
        {
            if let renderer = SDL_CreateRenderer(probe, -1, SDL_RENDERER_ACCELERATED.rawValue) {
                software = csdl_renderer_is_software_gl(renderer) != 0
                SDL_DestroyRenderer(renderer)
            }
            SDL_DestroyWindow(probe)
        }
        openGLIsSoftware.withLock { $0 = software }
        return software
    }
}
