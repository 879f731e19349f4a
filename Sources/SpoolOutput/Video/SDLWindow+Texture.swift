internal import CSDL
import SpoolCore

/// A streaming texture and the frame shape it was made for. Owned by its `SDLWindow`, which
/// destroys it before the renderer it belongs to.
struct SDLTexture {
    let handle: OpaquePointer
    let pixelFormat: PixelFormat
    let width: Int
    let height: Int
    /// How the picture now in the texture is shown (the newest upload's).
    var displayGeometry: VideoDisplayGeometry = .identity

    func destroy() {
        SDL_DestroyTexture(handle)
    }

    /// SDL's YUV→RGB matrix for this texture. SDL keeps one process-wide setting, read when
    /// textures are created, updated and drawn; every one of those happens on the SDL
    /// thread, right after this is applied, so windows showing different formats coexist.
    func applyYUVConversionMode() {
        Self.applyYUVConversionMode(for: pixelFormat)
    }

    /// Full-range (JPEG) for yuvj420p; otherwise SDL's automatic choice: BT.601 for standard
    /// definition, BT.709 above, as players assume for streams without colour tags.
    static func applyYUVConversionMode(for format: PixelFormat) {
        SDL_SetYUVConversionMode(format == .yuvj420p ? SDL_YUV_CONVERSION_JPEG : SDL_YUV_CONVERSION_AUTOMATIC)
    }

    /// SDL's format for `format`: the planar and semi-planar YUV layouts go to the GPU as
    /// they are (SDL converts while drawing), packed RGB as bytes in memory order.
    static func sdlFormat(for format: PixelFormat) -> UInt32? {
        switch format {
        case .yuv420p, .yuvj420p: SDL_PIXELFORMAT_IYUV.rawValue
        case .nv12: SDL_PIXELFORMAT_NV12.rawValue
        case .rgba: SDL_PIXELFORMAT_RGBA32.rawValue
        case .bgra: SDL_PIXELFORMAT_BGRA32.rawValue
        default: nil
        }
    }
}

extension SDLWindow {
    /// Copies `frame`'s planes into the texture, straight from the frame's memory (no
    /// conversion), recreating the texture first if the frame's format or size changed.
    /// The frame must have passed `VideoFramePlanes.validate`.
    func upload(_ frame: any VideoFrame) throws(VideoOutputError) {
        let texture = try texture(for: frame)
        self.texture?.displayGeometry = frame.displayGeometry
        texture.applyYUVConversionMode()
        let status: Int32
        switch frame.pixelFormat {
        case .yuv420p, .yuvj420p: status = Self.updatePlanar(texture.handle, frame)
        case .nv12: status = Self.updateSemiPlanar(texture.handle, frame)
        default: status = Self.updatePacked(texture.handle, frame)
        }
        guard status == 0 else {
            throw .presentFailed("cannot upload a \(frame.pixelFormat) frame: \(SDLVideoSubsystem.lastError)")
        }
    }

    private func texture(for frame: any VideoFrame) throws(VideoOutputError) -> SDLTexture {
        if let texture, texture.pixelFormat == frame.pixelFormat, texture.width == frame.width,
            texture.height == frame.height
        {
            return texture
        }
        texture?.destroy()
        texture = nil
        guard let format = SDLTexture.sdlFormat(for: frame.pixelFormat) else {
            throw .unsupportedPixelFormat(frame.pixelFormat)
        }
        SDLTexture.applyYUVConversionMode(for: frame.pixelFormat)
        guard
            let handle = SDL_CreateTexture(
                renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(frame.width), Int32(frame.height))
        else {
            throw .presentFailed(
                "cannot create a \(frame.width)x\(frame.height) \(frame.pixelFormat) texture: "
                    + SDLVideoSubsystem.lastError)
        }
        // Video is opaque: an alpha channel in RGBA frames must not blend with the black
        // behind it. Linear filtering keeps scaled video smooth.
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        let texture = SDLTexture(
            handle: handle, pixelFormat: frame.pixelFormat, width: frame.width, height: frame.height)
        self.texture = texture
        return texture
    }

    private static func updatePlanar(_ texture: OpaquePointer, _ frame: any VideoFrame) -> Int32 {
        frame.withPlane(0) { luma, lumaPitch in
            luma.withUnsafeBytes { luma in
                frame.withPlane(1) { blue, bluePitch in
                    blue.withUnsafeBytes { blue in
                        frame.withPlane(2) { red, redPitch in
                            red.withUnsafeBytes { red in
                                SDL_UpdateYUVTexture(
                                    texture, nil, luma.bytePointer, Int32(lumaPitch), blue.bytePointer,
                                    Int32(bluePitch), red.bytePointer, Int32(redPitch))
                            }
                        }
                    }
                }
            }
        }
    }

    private static func updateSemiPlanar(_ texture: OpaquePointer, _ frame: any VideoFrame) -> Int32 {
        frame.withPlane(0) { luma, lumaPitch in
            luma.withUnsafeBytes { luma in
                frame.withPlane(1) { chroma, chromaPitch in
                    chroma.withUnsafeBytes { chroma in
                        SDL_UpdateNVTexture(
                            texture, nil, luma.bytePointer, Int32(lumaPitch), chroma.bytePointer, Int32(chromaPitch))
                    }
                }
            }
        }
    }

    private static func updatePacked(_ texture: OpaquePointer, _ frame: any VideoFrame) -> Int32 {
        frame.withPlane(0) { pixels, pitch in
            pixels.withUnsafeBytes { pixels in SDL_UpdateTexture(texture, nil, pixels.baseAddress, Int32(pitch)) }
        }
    }
}

extension UnsafeRawBufferPointer {
    /// The first byte, typed as SDL's `const Uint8 *` plane pointers want it.
    fileprivate var bytePointer: UnsafePointer<UInt8>? {
        baseAddress?.assumingMemoryBound(to: UInt8.self)
    }
}
