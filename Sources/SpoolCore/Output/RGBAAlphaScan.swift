/// Whether a run of RGBA pixels (straight alpha, R G B A bytes) draws anything: shared by the
/// overlay's drawing (a fill over nothing yet is one run of stores) and the output's region
/// scan (which rows an overlay draws in), both of which read whole windows several times a
/// second.
package enum RGBAAlphaScan {
    /// Whether any of the `count` pixels at `start` has an alpha other than 0. Reads two
    /// pixels a 64-bit load; `start` need not be aligned.
    package static func hasDrawnPixel(_ start: UnsafeRawPointer, count: Int) -> Bool {
        let alphas = UInt64(0xff00_0000_ff00_0000).littleEndian
        var index = 0
        while index + 2 <= count {
            if start.loadUnaligned(fromByteOffset: index * 4, as: UInt64.self) & alphas != 0 { return true }
            index += 2
        }
        return index < count && start.load(fromByteOffset: index * 4 + 3, as: UInt8.self) != 0
    }
}
