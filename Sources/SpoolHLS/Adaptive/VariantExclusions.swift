/// Variants taken out of selection for a while because their downloads kept failing.
///
/// An exclusion ends on its own at its deadline, so a variant whose server recovers comes
/// back without anyone clearing it.
public struct VariantExclusions: Sendable, Equatable {
    private var deadlines: [Int: Duration] = [:]

    /// No variant excluded.
    public init() {}

    /// Excludes the variant at `index` until `deadline`; an existing later deadline is kept.
    public mutating func exclude(_ index: Int, until deadline: Duration) {
        deadlines[index] = max(deadlines[index] ?? deadline, deadline)
    }

    /// Ends the exclusion of the variant at `index`, if any.
    public mutating func include(_ index: Int) {
        deadlines[index] = nil
    }

    /// Whether the variant at `index` is excluded at `now` (an exclusion ends at its
    /// deadline: at the deadline itself the variant is usable again).
    public func isExcluded(_ index: Int, at now: Duration) -> Bool {
        guard let deadline = deadlines[index] else { return false }
        return now < deadline
    }

    /// When the exclusion of the variant at `index` ends, or `nil` if it is not excluded at
    /// `now`.
    public func deadline(of index: Int, at now: Duration) -> Duration? {
        isExcluded(index, at: now) ? deadlines[index] : nil
    }
}
