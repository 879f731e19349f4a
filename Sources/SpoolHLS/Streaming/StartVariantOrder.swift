/// The order variants are tried in at start-up: the one the adaptive controller starts with
/// (its default estimate, within the caps), then the others from the least demanding up, so a
/// failing start falls back to safer variants first.
public enum StartVariantOrder {
    /// Indices of `variants` in start-up order; empty when there are none.
    public static func order(_ variants: [Variant], caps: AdaptiveCaps = .none, pinned: Int? = nil) -> [Int] {
        let candidates = variants.enumerated().map { VariantCandidate($0.element, index: $0.offset) }
        guard var controller = AdaptiveBitrateController(variants: candidates) else { return [] }
        let first = controller.selectVariant(
            at: .zero, bufferedAhead: .zero, segmentDuration: .seconds(6), estimate: nil, caps: caps,
            pinnedIndex: pinned
        ).variantIndex
        let byRate = controller.variants.map(\.index)
        return [first] + byRate.filter { $0 != first }
    }
}
