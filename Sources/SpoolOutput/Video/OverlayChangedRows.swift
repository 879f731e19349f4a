import Foundation

/// Which rows of an RGBA overlay differ from the one already uploaded, so a window sends only
/// those to its texture.
enum OverlayChangedRows {
    /// The rows from the first to the last that differ between `old` and `new` (both `width`
    /// pixels wide); every row when `old` is not the same size (nothing uploaded yet); `nil`
    /// when the two are equal.
    static func rows(from old: [UInt8], to new: [UInt8], width: Int) -> Range<Int>? {
        let rowBytes = width * 4
        guard rowBytes > 0, !new.isEmpty else { return nil }
        let rowCount = new.count / rowBytes
        guard old.count == new.count else { return 0..<rowCount }
        return old.withUnsafeBufferPointer { before in
            new.withUnsafeBufferPointer { after in
                guard let before = before.baseAddress, let after = after.baseAddress else { return nil }
                func differs(_ row: Int) -> Bool {
                    memcmp(before + row * rowBytes, after + row * rowBytes, rowBytes) != 0
                }
                guard let first = (0..<rowCount).first(where: differs) else { return nil }
                let last = (first..<rowCount).reversed().first(where: differs) ?? first
                return first..<last + 1
            }
        }
    }
}
