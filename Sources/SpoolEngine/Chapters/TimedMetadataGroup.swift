/// One metadata item of a timed group, like `AVMetadataItem`: a key from the common key
/// space and its value as text.
public struct MetadataItem: Sendable, Hashable {
    /// The keys Spool fills, named as AVFoundation's common keys (`AVMetadataKey.commonKeyTitle`).
    public enum CommonKey: String, Sendable, Hashable {
        /// The title (`"title"`).
        case title
    }

    /// What the item is.
    public let commonKey: CommonKey
    /// Its value as text; `nil` when the container gives the key with no value.
    public let stringValue: String?

    /// An item `commonKey` = `stringValue`.
    public init(commonKey: CommonKey, stringValue: String?) {
        self.commonKey = commonKey
        self.stringValue = stringValue
    }
}

/// Metadata that applies to a stretch of the asset's timeline, like `AVTimedMetadataGroup`:
/// a chapter is one, its title a `.title` item.
public struct TimedMetadataGroup: Sendable, Hashable {
    /// Where the group applies (a chapter's start and length).
    public let timeRange: TimeRange
    /// The group's items, in the container's order.
    public let items: [MetadataItem]

    /// A group of `items` over `timeRange`.
    public init(timeRange: TimeRange, items: [MetadataItem]) {
        self.timeRange = timeRange
        self.items = items
    }

    /// The text of the first `.title` item; `nil` when there is none.
    public var title: String? {
        items.first { $0.commonKey == .title }?.stringValue
    }
}
