internal import CSDL
import SpoolCore

extension SDLWindow {
    /// The renderer's output size in pixels (larger than the window's size on HiDPI screens).
    var outputSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        return (Int(width), Int(height))
    }

    /// Draws black, then the texture placed by `gravity`, then the overlay (if any), into the
    /// back buffer. Nothing reaches the screen until `present()`.
    func draw(gravity: VideoGravity) throws(VideoOutputError) {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        guard SDL_RenderClear(renderer) == 0 else {
            throw .presentFailed("cannot clear the window: \(SDLVideoSubsystem.lastError)")
        }
        let output = outputSize
        if let texture { try drawVideo(texture, gravity: gravity, output: output) }
        try drawOverlay(output: output)
    }

    private func drawVideo(
        _ texture: SDLTexture, gravity: VideoGravity, output: (width: Int, height: Int)
    ) throws(VideoOutputError) {
        let placement = gravity.placement(
            textureWidth: texture.width, textureHeight: texture.height, geometry: texture.displayGeometry,
            boundsWidth: output.width, boundsHeight: output.height)
        var source = SDL_Rect(placement.source)
        let box = placement.destination
        var destination = SDL_FRect(x: Float(box.x), y: Float(box.y), w: Float(box.width), h: Float(box.height))
        let orientation = placement.orientation
        texture.applyYUVConversionMode()
        // SDL mirrors first, then turns clockwise about the destination's centre: the order
        // `VideoOrientation` is defined in. An upright picture keeps the plain copy.
        let status =
            orientation == .identity
            ? SDL_RenderCopyF(renderer, texture.handle, &source, &destination)
            : SDL_RenderCopyExF(
                renderer, texture.handle, &source, &destination, Double(orientation.degrees), nil,
                orientation.isMirrored ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE)
        guard status == 0 else {
            throw .presentFailed("cannot draw the frame: \(SDLVideoSubsystem.lastError)")
        }
    }

    /// Clears to black and shows it at once.
    func presentBlack() {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        SDL_RenderPresent(renderer)
    }

    /// Shows the back buffer. Returns without waiting for a display refresh (no vsync).
    func present() {
        SDL_RenderPresent(renderer)
    }

    /// The back buffer's pixels as RGBA. Call after `draw` and before `present`: after a
    /// present the back buffer's contents are undefined for some renderers.
    func readPixels() throws(VideoOutputError) -> VideoSnapshot {
        let (width, height) = outputSize
        guard width > 0, height > 0 else { return VideoSnapshot(width: 0, height: 0, pixels: []) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(
                renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard status == 0 else {
            throw .presentFailed("cannot read the window's pixels: \(SDLVideoSubsystem.lastError)")
        }
        // Opaque regardless of what the renderer left in the alpha channel.
        for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        return VideoSnapshot(width: width, height: height, pixels: pixels)
    }
}

extension SDL_Rect {
    fileprivate init(_ rect: PixelRect) {
        self.init(
            x: Int32(clamping: rect.x), y: Int32(clamping: rect.y), w: Int32(clamping: rect.width),
            h: Int32(clamping: rect.height))
    }
}
