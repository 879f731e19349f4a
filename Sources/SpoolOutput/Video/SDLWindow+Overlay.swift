internal import CSDL
import SpoolCore

/// The overlay's texture: RGBA32, alpha-blended over the video. Owned by its `SDLWindow`,
/// which destroys it before the renderer it belongs to.
struct SDLOverlayTexture {
    let handle: OpaquePointer
    let width: Int
    let height: Int
    /// Where the uploaded overlay draws anything: the only parts blended (see
    /// `OverlayDrawnRegions`).
    var regions: [OverlayRegion] = []
    /// What the texture holds, so the next overlay uploads only the rows that changed.
    var pixels: [UInt8] = []

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
        // The controls redraw a few times a second and mostly change a label or the timeline:
        // only the rows between the first and the last that differ go to the texture again.
        guard let rows = OverlayChangedRows.rows(from: texture.pixels, to: overlay.pixels, width: overlay.width)
        else { return }
        let status = overlay.pixels.withUnsafeBytes { bytes in
            var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(overlay.width), h: Int32(rows.count))
            return SDL_UpdateTexture(
                texture.handle, &rect, bytes.baseAddress.map { $0 + rows.lowerBound * overlay.width * 4 },
                Int32(overlay.width * 4))
        }
        guard status == 0 else {
            overlayTexture?.pixels = []
            throw .presentFailed("cannot upload the overlay: \(SDLVideoSubsystem.lastError)")
        }
        overlayTexture?.pixels = overlay.pixels
        overlayTexture?.regions = OverlayDrawnRegions.regions(
            width: overlay.width, height: overlay.height, pixels: overlay.pixels)
    }

    /// Blends the overlay over the back buffer (after the video was drawn), stretched to it
    /// as a whole, but only where it draws anything: the transparent rest would change no pixel.
    func drawOverlay(output: (width: Int, height: Int)) throws(VideoOutputError) {
        guard let texture = overlayTexture, !texture.regions.isEmpty else { return }
        let scaleX = Double(output.width) / Double(texture.width)
        let scaleY = Double(output.height) / Double(texture.height)
        for region in texture.regions {
            var source = SDL_Rect(
                x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
            let left = (Double(region.x) * scaleX).rounded(.down)
            let top = (Double(region.y) * scaleY).rounded(.down)
            let right = (Double(region.x + region.width) * scaleX).rounded(.up)
            let bottom = (Double(region.y + region.height) * scaleY).rounded(.up)
            var destination = SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top))
            guard SDL_RenderCopy(renderer, texture.handle, &source, &destination) == 0 else {
                throw .presentFailed("cannot draw the overlay: \(SDLVideoSubsystem.lastError)")
            }
        }
    }

    /// Shows or hides the mouse pointer. SDL's cursor state is global, but only the main
    /// window's controls ever hide it, and it comes back whenever they show.
    func setPointerVisible(_ visible: Bool) {
        SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }
}
