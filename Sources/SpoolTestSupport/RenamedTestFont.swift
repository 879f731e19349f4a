public import Foundation

/// An installed TrueType font under a family name no system has, for tests of fonts a file
/// carries itself (Matroska attachments): a renderer that draws text in that family uses the
/// attached copy, and one that ignores attachments falls back to another font.
///
/// Made by replacing the font's `name` table (a copy of DejaVu Sans Mono, from Debian's
/// fonts-dejavu-core, which scripts/bootstrap installs) rather than by drawing glyphs: its
/// fixed-width "i" is more than twice as wide as the fallback's (DejaVu Sans), which a test
/// can measure. Checksums are left stale; FreeType does not verify them.
public enum RenamedTestFont {
    /// The family every test font is renamed to.
    public static let family = "Spool Attached Mono"
    /// The installed font the copy is made of.
    public static let source = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")

    /// The bytes of `source` with its names replaced by `family`.
    public static func data() throws -> Data {
        try renamed(Data(contentsOf: source), family: family)
    }

    /// The bytes of `source` written into the test-media directory as `fileName`.
    public static func file(named fileName: String = "spool-attached-mono.ttf") throws -> URL {
        try TestMedia.file(named: fileName, contents: data())
    }

    /// `font` (an sfnt: TrueType or OpenType) with a new `name` table naming `family`: the
    /// table is appended and the directory entry pointed at it.
    static func renamed(_ font: Data, family: String) throws -> Data {
        var bytes = [UInt8](font)
        guard bytes.count >= 12 else { throw FontError.notAFont }
        let tableCount = Int(read16(bytes, 4))
        guard bytes.count >= 12 + tableCount * 16 else { throw FontError.notAFont }
        guard
            let entry = (0..<tableCount).map({ 12 + $0 * 16 }).first(where: {
                bytes[$0..<$0 + 4].elementsEqual("name".utf8)
            })
        else { throw FontError.noNameTable }
        while bytes.count % 4 != 0 { bytes.append(0) }
        let table = nameTable(family: family)
        write32(&bytes, entry + 8, UInt32(bytes.count))
        write32(&bytes, entry + 12, UInt32(table.count))
        bytes += table
        while bytes.count % 4 != 0 { bytes.append(0) }
        return Data(bytes)
    }

    /// A format-0 `name` table with Windows (platform 3, Unicode BMP, en-US) records for the
    /// family (1), subfamily (2), full name (4) and PostScript name (6) — the records libass
    /// and fontconfig match families by.
    static func nameTable(family: String) -> [UInt8] {
        let postScript = family.replacingOccurrences(of: " ", with: "")
        let names: [(id: UInt16, text: String)] = [(1, family), (2, "Regular"), (4, family), (6, postScript)]
        var records: [UInt8] = []
        var storage: [UInt8] = []
        for name in names {
            let utf16 = name.text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            for field in [3, 1, 0x409, name.id, UInt16(utf16.count), UInt16(storage.count)] as [UInt16] {
                records += [UInt8(field >> 8), UInt8(field & 0xFF)]
            }
            storage += utf16
        }
        let header = [0, UInt16(names.count), UInt16(6 + records.count)].flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return header + records + storage
    }

    /// Why a font could not be renamed.
    public enum FontError: Error {
        /// Too short for an sfnt table directory.
        case notAFont
        /// The font has no `name` table to replace.
        case noNameTable
    }

    private static func read16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func write32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        for index in 0..<4 { bytes[offset + index] = UInt8((value >> (24 - 8 * UInt32(index))) & 0xFF) }
    }
}
