import Foundation
import Spool
import SpoolTestSupport
import SpoolUI
import Testing

/// An ASS style that names a font only the file carries is drawn in that font once the
/// renderer has the file's attachments, and in the fallback without them: the attached
/// fixed-width font draws "iiii…" more than twice as wide as the proportional fallback.
@Suite("Subtitle rendering with attached fonts (libass)")
struct AttachedFontRenderingTests {
    static let frame = OverlaySize(width: 640, height: 360)

    /// The width of the white text the attached-font script shows at 5 s, drawn with `fonts`.
    static func textWidth(fonts: [AttachedFont], renderer: SubtitleRenderer? = nil) throws -> Int {
        let renderer = try renderer ?? SubtitleRenderer(frameSize: frame)
        try renderer.setAttachedFonts(fonts)
        try renderer.setASSTrack(
            ASSSubtitleTrack(
                header: AttachedFontTestMedia.script.components(separatedBy: "Dialogue:").first ?? "",
                events: [
                    ASSSubtitleEvent(
                        start: MediaTime(seconds: AttachedFontTestMedia.cueStart, preferredTimescale: 1000),
                        end: MediaTime(seconds: AttachedFontTestMedia.cueEnd, preferredTimescale: 1000),
                        line: "0,0,Attached,,0,0,0,,\(AttachedFontTestMedia.text)")
                ]))
        let image = renderer.render(at: MediaTime(seconds: 5, preferredTimescale: 1000)).frame.fullFrame
        return try #require(Ink.box(of: image, where: Ink.isWhite), "no text drawn").width
    }

    @Test("the attached family draws the line more than 1.6x as wide as the fallback")
    func attachedFontUsed() throws {
        let font = AttachedFont(name: "spool-attached-mono.ttf", data: try RenamedTestFont.data())
        let fallback = try Self.textWidth(fonts: [])
        let attached = try Self.textWidth(fonts: [font])
        #expect(Double(attached) > 1.6 * Double(fallback), "attached \(attached) px, fallback \(fallback) px")
    }

    @Test("fonts replaced by none: the same renderer falls back again")
    func fontsReplaced() throws {
        let font = AttachedFont(name: "spool-attached-mono.ttf", data: try RenamedTestFont.data())
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        let attached = try Self.textWidth(fonts: [font], renderer: renderer)
        let fallback = try Self.textWidth(fonts: [], renderer: renderer)
        #expect(Double(attached) > 1.6 * Double(fallback), "attached \(attached) px, then \(fallback) px")
    }
}
