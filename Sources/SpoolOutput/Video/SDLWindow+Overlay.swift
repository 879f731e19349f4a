internal import CSDL
import SpoolCore

/// The overlay's texture: RGBA32, alpha-blended over the video. Owned by its `SDLWindow`,
/// which destroys it before the renderer it belongs to.
struct SDLOverlayTexture {
    let handle: OpaquePointer
    let width: Int
    let height: Int

    func destroy() {
        SDL_DestroyTexture(handle)
    }
}

extension SDLWindow {
    /// Uploads `overlay` to the overlay texture (recreated when the size changes), or drops
    /// the texture for `nil`, so that without an overlay a frame is drawn exactly as before.
    func setOverlay(_ overlay: VideoOverlay?) throws(VideoOutputError) {
        guard let overlay else {
            overlayTexture?.destroy()
            overlayTexture = nil
            return
        }
        if let existing = overlayTexture, existing.width != overlay.width || existing.height != overlay.height {
            existing.destroy()
            overlayTexture = nil
        }
        if overlayTexture == nil {
            guard
                let handle = SDL_CreateTexture(
                    renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                    Int32(overlay.width), Int32(overlay.height))
            else {
                throw .presentFailed("cannot create the overlay texture: \(SDLVideoSubsystem.lastError)")
            }
            SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
            overlayTexture = SDLOverlayTexture(handle: handle, width: overlay.width, height: overlay.height)
        }
        guard let texture = overlayTexture else { return }
        let status = overlay.pixels.withUnsafeBytes { bytes in
            SDL_UpdateTexture(texture.handle, nil, bytes.baseAddress, Int32(overlay.width * 4))
        }
        guard status == 0 else {
            throw .presentFailed("cannot upload the overlay: \(SDLVideoSubsystem.lastError)")
        }
    }

    /// Blends the overlay over the whole back buffer (after the video was drawn).
    func drawOverlay() throws(VideoOutputError) {
        guard let texture = overlayTexture else { return }
        guard SDL_RenderCopy(renderer, texture.handle, nil, nil) == 0 else {
            throw .presentFailed("cannot draw the overlay: \(SDLVideoSubsystem.lastError)")
        }
    }

    /// Shows or hides the mouse pointer. SDL's cursor state is global, but only the main
    /// window's controls ever hide it, and it comes back whenever they show.
    func setPointerVisible(_ visible: Bool) {
        SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }
}
