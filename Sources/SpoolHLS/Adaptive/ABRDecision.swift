/// Which variant to fetch the next segment from, and why.
public struct ABRDecision: Sendable, Equatable {
    /// Why the controller chose the variant.
    public enum Reason: Sendable, Equatable {
        /// The first choice, from the estimate (or the default estimate) alone.
        case initial
        /// Throughput and buffer allow a higher variant.
        case up
        /// Throughput or a falling buffer call for a lower variant.
        case down
        /// The current variant still fits.
        case stay
        /// The manual pin.
        case pinned
        /// The caps changed and the current variant no longer passes them.
        case capped
        /// The current (or pinned) variant is excluded after failures; this is the best of
        /// the others.
        case failover
        /// The in-flight download would arrive after the buffer runs dry; fetch the same
        /// segment from this lower variant instead.
        case abandon
        /// Every variant is excluded. The variant named is the one whose exclusion ends first,
        /// at `until`; the caller waits for that or gives up.
        case allExcluded(until: Duration)
    }

    /// The variant's `VariantCandidate.index`.
    public let variantIndex: Int
    /// Why.
    public let reason: Reason

    /// A decision with explicit values.
    public init(variantIndex: Int, reason: Reason) {
        self.variantIndex = variantIndex
        self.reason = reason
    }
}
