import Foundation
import Spool
import SpoolTestSupport
import Testing

/// A Matroska file's font attachments reach the asset (`.attachedFonts`), byte for byte, and
/// nothing else does: a text attachment is left out, and files without fonts have none.
@Suite("attached fonts: Matroska font attachments on the asset (integration)")
struct AttachedFontsIntegrationTests {
    @Test("the font attachment is loaded with its name and bytes; the text attachment is not")
    func fontLoaded() async throws {
        let url = try await AttachedFontTestMedia.mkv(withFont: true)
        let fonts = try await URLAsset(url: url).load(.attachedFonts)
        let font = try RenamedTestFont.data()
        #expect(fonts.map(\.name) == [AttachedFontTestMedia.fontFileName])
        #expect(fonts.first?.data == font, "the attachment's bytes differ from the font file's")
    }

    @Test("a Matroska file with only a text attachment, and an MP4, have no attached fonts")
    func noFonts() async throws {
        let withoutFont = try await AttachedFontTestMedia.mkv(withFont: false)
        #expect(try await URLAsset(url: withoutFont).load(.attachedFonts).isEmpty)
        let mp4 = try await TestMedia.url(for: .h264AACMP4)
        #expect(try await URLAsset(url: mp4).load(.attachedFonts).isEmpty)
    }
}
