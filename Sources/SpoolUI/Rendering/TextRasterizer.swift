internal import CSDL
import SpoolCore

/// Why text cannot be drawn.
public struct OverlayTextError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}

/// Rasterises lines of text with SDL2_ttf (FreeType) into coverage masks, one font file at
/// the pixel sizes asked for (each opened once).
///
/// SDL_ttf shares one FreeType library between all its fonts, and FreeType's library is not
/// thread-safe: two renderers on two threads crashed in it. So every call into SDL_ttf in the
/// process takes one lock, and SDL_ttf is started once and never stopped (a renderer created
/// later would otherwise race a `TTF_Quit`).
final class TextRasterizer {
    private static let library = Locked<Bool>(false)

    private let path: String
    private var fonts: [Int: OpaquePointer] = [:]

    /// A rasteriser for the font at `path`; fails when SDL_ttf cannot start or read it.
    init(path: String) throws(OverlayTextError) {
        self.path = path
        let started = Self.library.withLock { started in
            if !started { started = TTF_WasInit() != 0 || TTF_Init() == 0 }
            return started
        }
        guard started else {
            throw OverlayTextError(description: "SDL_ttf could not start: \(String(cString: SDL_GetError()))")
        }
        _ = try font(size: 16)
    }

    deinit {
        let fonts = self.fonts
        Self.library.withLock { _ in for font in fonts.values { TTF_CloseFont(font) } }
    }

    private func font(size: Int) throws(OverlayTextError) -> OpaquePointer {
        if let font = fonts[size] { return font }
        let opened = Self.library.withLock { _ -> OpaquePointer? in
            guard let font = TTF_OpenFont(path, Int32(size)) else { return nil }
            TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
            return font
        }
        guard let opened else {
            throw OverlayTextError(description: "cannot open font \(path): \(String(cString: SDL_GetError()))")
        }
        fonts[size] = opened
        return opened
    }

    /// The width and height `text` takes at `size` pixels; zero for empty text.
    func measure(_ text: String, size: Int) -> (width: Int, height: Int) {
        guard !text.isEmpty, let font = try? font(size: size) else { return (0, 0) }
        let measured = Self.library.withLock { _ -> (Int32, Int32)? in
            var (width, height): (Int32, Int32) = (0, 0)
            return TTF_SizeUTF8(font, text, &width, &height) == 0 ? (width, height) : nil
        }
        guard let measured else { return (0, 0) }
        return (Int(measured.0), Int(measured.1))
    }

    /// `text` at `size` pixels as coverage (antialiased).
    func mask(_ text: String, size: Int) -> TextMask {
        guard !text.isEmpty, let font = try? font(size: size) else { return .empty }
        return Self.library.withLock { _ in Self.render(text, with: font) }
    }

    /// Renders with SDL_ttf and copies the coverage out; called with the library locked.
    private static func render(_ text: String, with font: OpaquePointer) -> TextMask {
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let rendered = TTF_RenderUTF8_Blended(font, text, white) else { return .empty }
        defer { SDL_FreeSurface(rendered) }
        // Blended output is 32-bit ARGB; converting to RGBA32 fixes the byte order we read.
        guard let surface = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            return .empty
        }
        defer { SDL_FreeSurface(surface) }
        let (width, height, pitch) = (Int(surface.pointee.w), Int(surface.pointee.h), Int(surface.pointee.pitch))
        guard let base = surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return .empty }
        var coverage = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width { coverage[row * width + column] = base[row * pitch + column * 4 + 3] }
        }
        return TextMask(width: width, height: height, coverage: coverage)
    }

    /// `text` shortened with "…" until it is at most `width` pixels wide at `size`.
    func truncated(_ text: String, size: Int, toWidth width: Int) -> String {
        guard measure(text, size: size).width > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            let candidate = String(characters).trimmingTrailingSpaces() + "…"
            if measure(candidate, size: size).width <= width { return candidate }
        }
        return ""
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
