import Testing

@testable import SpoolOutput

/// Which rows of an overlay a window uploads again: only those between the first and the last
/// that changed, none when nothing did.
@Suite("Changed overlay rows")
struct OverlayChangedRowsTests {
    @Test("changed rows: none for equal overlays, the span from first to last change, all for a new size")
    func changedRows() {
        let width = 4
        let old = [UInt8](repeating: 0, count: width * 10 * 4)
        var new = old
        #expect(OverlayChangedRows.rows(from: old, to: new, width: width) == nil)
        new[(3 * width + 1) * 4 + 3] = 255
        new[(6 * width + 2) * 4] = 9
        #expect(OverlayChangedRows.rows(from: old, to: new, width: width) == 3..<7)
        #expect(OverlayChangedRows.rows(from: [], to: new, width: width) == 0..<10)
    }
}
