internal import CSDL
import SpoolCore

/// The overlay a window draws over its video: the newest `VideoOverlay`'s pixels, where they
/// draw, and (when the renderer blends it) its RGBA32 texture. Owned by its `SDLWindow`, which
/// destroys the texture before the renderer it belongs to.
struct SDLOverlayTexture {
    let width: Int
    let height: Int
    /// Where the overlay draws anything: the only parts blended (see `OverlayDrawnRegions`).
    var regions: [OverlayRegion] = []
    /// The overlay's RGBA bytes, so the next overlay uploads only the rows that changed, and
    /// the software path blends from them directly.
    var pixels: [UInt8] = []
    /// The texture, made when the renderer first needs it: with the software renderer only a
    /// window whose size differs from the overlay's (mid-resize) stretches it through SDL.
    var handle: OpaquePointer?
    /// Whether `handle` holds `pixels`; the software path leaves it stale until needed.
    var isUploaded = false

    func destroy() {
        if let handle { SDL_DestroyTexture(handle) }
    }
}

extension SDLWindow {
    /// Takes `overlay` as the one drawn over the video from now on, or drops it for `nil`, so
    /// that without an overlay a frame is drawn exactly as before.
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
        var texture = overlayTexture ?? SDLOverlayTexture(width: overlay.width, height: overlay.height)
        let upload: Range<Int>?
        if blendsOverlayInSoftware {
            // Nothing to upload: the blend reads the pixels as they are.
            upload = nil
        } else {
            // The controls redraw a few times a second and mostly change a label or the
            // timeline: only the rows between the first and the last that differ go to the
            // texture again.
            guard let rows = OverlayChangedRows.rows(from: texture.pixels, to: overlay.pixels, width: overlay.width)
            else { return }
            upload = texture.isUploaded ? rows : 0..<overlay.height
        }
        texture.pixels = overlay.pixels
        texture.regions = OverlayDrawnRegions.regions(
            width: overlay.width, height: overlay.height, pixels: overlay.pixels)
        texture.isUploaded = false
        overlayTexture = texture
        if let upload { try uploadOverlay(rows: upload) }
    }

    /// Blends the overlay over the back buffer (after the video was drawn), stretched to it
    /// as a whole, but only where it draws anything: the transparent rest would change no pixel.
    func drawOverlay(output: (width: Int, height: Int)) throws(VideoOutputError) {
        guard let overlay = overlayTexture, !overlay.regions.isEmpty else { return }
        if blendsOverlayInSoftware, overlay.width == output.width, overlay.height == output.height,
            blendIntoWindowSurface(overlay)
        {
            return
        }
        if !overlay.isUploaded { try uploadOverlay(rows: 0..<overlay.height) }
        guard let handle = overlayTexture?.handle else { return }
        let scaleX = Double(output.width) / Double(overlay.width)
        let scaleY = Double(output.height) / Double(overlay.height)
        for region in overlay.regions {
            var source = SDL_Rect(
                x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
            let left = (Double(region.x) * scaleX).rounded(.down)
            let top = (Double(region.y) * scaleY).rounded(.down)
            let right = (Double(region.x + region.width) * scaleX).rounded(.up)
            let bottom = (Double(region.y + region.height) * scaleY).rounded(.up)
            var destination = SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top))
            guard SDL_RenderCopy(renderer, handle, &source, &destination) == 0 else {
                throw .presentFailed("cannot draw the overlay: \(SDLVideoSubsystem.lastError)")
            }
        }
    }

    /// Whether the overlay is blended by `blendIntoWindowSurface` rather than by the renderer:
    /// SDL's software renderer blends one pixel at a time, about 2.8 ns each, which at 1080p
    /// and 30 frames a second made the controls cost a fifth of the whole player's CPU.
    private var blendsOverlayInSoftware: Bool { rendererName == "software" }

    /// Blends the overlay's drawn regions straight into the window surface the software
    /// renderer draws into, after the queued video copy has run; `false` (nothing done) when
    /// the surface is not the 32-bit XRGB layout the blend writes or not the overlay's size.
    private func blendIntoWindowSurface(_ overlay: SDLOverlayTexture) -> Bool {
        // The software renderer queues its drawing until a present; run it so the video is
        // in the surface before the overlay goes over it.
        SDL_RenderFlush(renderer)
        guard let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format,
            format.pointee.BytesPerPixel == 4, format.pointee.Rmask == 0x00ff_0000,
            format.pointee.Gmask == 0x0000_ff00, format.pointee.Bmask == 0x0000_00ff,
            Int(surface.pointee.w) == overlay.width, Int(surface.pointee.h) == overlay.height
        else { return false }
        let mustLock = surface.pointee.flags & UInt32(SDL_RLEACCEL) != 0
        if mustLock, SDL_LockSurface(surface) != 0 { return false }
        defer { if mustLock { SDL_UnlockSurface(surface) } }
        guard let pixels = surface.pointee.pixels else { return false }
        let pitch = Int(surface.pointee.pitch)
        overlay.pixels.withUnsafeBufferPointer { source in
            guard let source = source.baseAddress else { return }
            for region in overlay.regions {
                for row in region.y..<(region.y + region.height) {
                    let destination = (pixels + row * pitch + region.x * 4).assumingMemoryBound(to: UInt32.self)
                    OverlayPixelBlend.blend(
                        rgba: source + (row * overlay.width + region.x) * 4, over: destination, count: region.width)
                }
            }
        }
        return true
    }

    /// Sends `rows` of the overlay's pixels to its texture, making the texture first.
    private func uploadOverlay(rows: Range<Int>) throws(VideoOutputError) {
        guard var overlay = overlayTexture else { return }
        if overlay.handle == nil {
            guard
                let handle = SDL_CreateTexture(
                    renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                    Int32(overlay.width), Int32(overlay.height))
            else {
                throw .presentFailed("cannot create the overlay texture: \(SDLVideoSubsystem.lastError)")
            }
            SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
            overlay.handle = handle
            overlayTexture = overlay
        }
        guard let handle = overlay.handle, !rows.isEmpty else { return }
        let status = overlay.pixels.withUnsafeBytes { bytes in
            var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(overlay.width), h: Int32(rows.count))
            return SDL_UpdateTexture(
                handle, &rect, bytes.baseAddress.map { $0 + rows.lowerBound * overlay.width * 4 },
                Int32(overlay.width * 4))
        }
        guard status == 0 else {
            throw .presentFailed("cannot upload the overlay: \(SDLVideoSubsystem.lastError)")
        }
        overlayTexture?.isUploaded = true
    }

    /// Shows or hides the mouse pointer. SDL's cursor state is global, but only the main
    /// window's controls ever hide it, and it comes back whenever they show.
    func setPointerVisible(_ visible: Bool) {
        SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }
}
