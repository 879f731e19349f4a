/// Redundant copies of the same variant (RFC 8216 §6.2.2: the same attributes, another URI;
/// content steering's pathways, RFC 8216bis §7) and which copy to fetch from.
///
/// Variants whose attributes are equal but for URI and PATHWAY-ID form a *quality*; the
/// adaptive controller chooses among qualities (one representative each, the first listed),
/// and this type chooses the copy. Each copy is on a *pathway*: its PATHWAY-ID, or, for plain
/// redundant entries without one, its position among the copies (".", "..", … as hls.js
/// names them), so the first copies of every quality form one pathway, the second copies
/// another.
///
/// Guarantees:
/// - A copy that failed is not chosen until its exclusion ends; its pathway is excluded as
///   well (when there is another), so every quality moves to the same other pathway instead
///   of trying the failed server once per quality.
/// - The pathway in use is kept while it works (no switching back when an exclusion ends).
/// - A quality whose copies are all excluded has no copy: only then does the caller fail over
///   to another quality.
public struct RedundantVariants: Sendable, Equatable {
    /// The qualities: each a list of variant indices in playlist order, the first being the
    /// representative the adaptive controller knows.
    public let groups: [[Int]]
    /// Every pathway, in the order of first appearance (the preference order).
    public let pathways: [String]
    private let groupOfVariant: [Int: Int]
    private let pathwayOfVariant: [Int: String]
    private var copyExclusions = VariantExclusions()
    private var pathwayExclusions: [String: Duration] = [:]
    /// The pathway copies are taken from while it works.
    public private(set) var currentPathway: String?

    /// Groups `variants` (a multivariant playlist's, in order).
    public init(_ variants: [Variant]) {
        var keys: [RedundancyKey] = []
        var groups: [[Int]] = []
        var pathwayOfVariant: [Int: String] = [:]
        for (index, variant) in variants.enumerated() {
            let key = RedundancyKey(variant)
            let group: Int
            if let found = keys.firstIndex(of: key) {
                group = found
            } else {
                group = keys.count
                keys.append(key)
                groups.append([])
            }
            // Copies on the same PATHWAY-ID (usually "."): the n-th of them is on pathway "." × n.
            let samePathway = groups[group].filter { variants[$0].pathwayID == variant.pathwayID }.count
            pathwayOfVariant[index] =
                samePathway == 0 ? variant.pathwayID : variant.pathwayID + String(repeating: ".", count: samePathway)
            groups[group].append(index)
        }
        var pathways: [String] = []
        for index in variants.indices {
            let pathway = pathwayOfVariant[index]!
            if !pathways.contains(pathway) { pathways.append(pathway) }
        }
        self.groups = groups
        self.pathways = pathways
        self.pathwayOfVariant = pathwayOfVariant
        var groupOfVariant: [Int: Int] = [:]
        for (group, members) in groups.enumerated() { for member in members { groupOfVariant[member] = group } }
        self.groupOfVariant = groupOfVariant
        currentPathway = pathways.first
    }

    /// Whether any variant has a redundant copy.
    public var hasRedundancy: Bool { groups.contains { $0.count > 1 } }

    /// The representative (first copy) of the quality `variant` belongs to; `variant` itself
    /// for an index this type does not know.
    public func representative(of variant: Int) -> Int {
        groupOfVariant[variant].map { groups[$0][0] } ?? variant
    }

    /// The pathway `variant` is on.
    public func pathway(of variant: Int) -> String? { pathwayOfVariant[variant] }

    /// Makes `variant`'s pathway the current one (where playback started).
    public mutating func use(_ variant: Int) {
        if let pathway = pathwayOfVariant[variant] { currentPathway = pathway }
    }

    /// The copy to fetch for the quality of `variant` at `now`: the one on the current pathway
    /// if usable, else the first usable one on a pathway that is not excluded (which becomes
    /// the current pathway), else the first usable one; `nil` when every copy is excluded.
    /// `preferred` (a manual pin) wins when it is a usable copy.
    public mutating func copy(of variant: Int, at now: Duration, preferred: Int? = nil) -> Int? {
        guard let group = groupOfVariant[variant] else { return variant }
        let usable = groups[group].filter { !copyExclusions.isExcluded($0, at: now) }
        if let preferred, usable.contains(preferred) { return preferred }
        if let current = usable.first(where: { pathwayOfVariant[$0] == currentPathway }) { return current }
        let open = usable.filter { !isPathwayExcluded(pathwayOfVariant[$0] ?? "", at: now) }
        let ranked = open.sorted { pathwayRank($0) < pathwayRank($1) }
        if let choice = ranked.first {
            currentPathway = pathwayOfVariant[choice]
            return choice
        }
        return usable.first
    }

    /// Records that `variant` failed at `now`: the copy and (when there is another pathway)
    /// its pathway are excluded until `now + duration`. Returns whether its quality still has
    /// a usable copy.
    @discardableResult
    public mutating func recordFailure(of variant: Int, at now: Duration, excludingFor duration: Duration) -> Bool {
        copyExclusions.exclude(variant, until: now + duration)
        if pathways.count > 1, let pathway = pathwayOfVariant[variant] {
            pathwayExclusions[pathway] = max(pathwayExclusions[pathway] ?? .zero, now + duration)
            if currentPathway == pathway {
                currentPathway = pathways.first { !isPathwayExcluded($0, at: now) }
            }
        }
        guard let group = groupOfVariant[variant] else { return false }
        return groups[group].contains { !copyExclusions.isExcluded($0, at: now) }
    }

    /// Whether `pathway` is excluded at `now`.
    public func isPathwayExcluded(_ pathway: String, at now: Duration) -> Bool {
        guard let deadline = pathwayExclusions[pathway] else { return false }
        return now < deadline
    }

    private func pathwayRank(_ variant: Int) -> Int {
        pathways.firstIndex(of: pathwayOfVariant[variant] ?? "") ?? pathways.count
    }
}

/// What makes two variants copies of each other: every attribute but URI and PATHWAY-ID.
private struct RedundancyKey: Equatable {
    let bandwidth: Int
    let averageBandwidth: Int?
    let codecs: [String]
    let supplementalCodecs: [String]
    let resolution: Resolution?
    let frameRate: Double?
    let hdcpLevel: Variant.HDCPLevel?
    let videoRange: Variant.VideoRange?
    let audioGroupID: String?
    let videoGroupID: String?
    let subtitlesGroupID: String?
    let closedCaptions: Variant.ClosedCaptions?
    let stableVariantID: String?

    init(_ variant: Variant) {
        bandwidth = variant.bandwidth
        averageBandwidth = variant.averageBandwidth
        codecs = variant.codecs
        supplementalCodecs = variant.supplementalCodecs
        resolution = variant.resolution
        frameRate = variant.frameRate
        hdcpLevel = variant.hdcpLevel
        videoRange = variant.videoRange
        audioGroupID = variant.audioGroupID
        videoGroupID = variant.videoGroupID
        subtitlesGroupID = variant.subtitlesGroupID
        closedCaptions = variant.closedCaptions
        stableVariantID = variant.stableVariantID
    }
}
