/// The order variants are tried in at start-up: the one the adaptive controller starts with
/// (its default estimate, within the caps), then its redundant copies (same quality, other URI
/// or pathway), then the others from the least demanding up, so a failing start falls back to
/// safer variants first.
public enum StartVariantOrder {
    /// Indices of `variants` in start-up order; empty when there are none.
    public static func order(_ variants: [Variant], caps: AdaptiveCaps = .none, pinned: Int? = nil) -> [Int] {
        let redundancy = RedundantVariants(variants)
        // One candidate per quality, so the first copy listed is the one started with.
        let candidates = redundancy.groups.map { VariantCandidate(variants[$0[0]], index: $0[0]) }
        guard var controller = AdaptiveBitrateController(variants: candidates) else { return [] }
        let chosen = controller.selectVariant(
            at: .zero, bufferedAhead: .zero, segmentDuration: .seconds(6), estimate: nil, caps: caps,
            pinnedIndex: pinned.map { redundancy.representative(of: $0) }
        ).variantIndex
        let first = pinned.flatMap { variants.indices.contains($0) ? $0 : nil } ?? chosen
        let copies = redundancy.groups.first { $0.contains(first) } ?? [first]
        let leading = [first] + copies.filter { $0 != first }
        let byRate = variants.indices.sorted {
            let (a, b) = (VariantCandidate(variants[$0], index: $0), VariantCandidate(variants[$1], index: $1))
            return (a.downloadRate, a.bandwidth, a.index) < (b.downloadRate, b.bandwidth, b.index)
        }
        return leading + byRate.filter { !leading.contains($0) }
    }
}
