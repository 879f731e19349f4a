/// The options selected in an item's groups (AVMediaSelection's counterpart).
public struct MediaSelection: Sendable, Hashable {
    /// The audio rendition playing, when the asset has an audible group.
    public var audible: MediaSelectionOption?
    /// The subtitle rendition whose cues are delivered; `nil` when subtitles are off.
    public var legible: MediaSelectionOption?

    /// A selection of the given options.
    public init(audible: MediaSelectionOption? = nil, legible: MediaSelectionOption? = nil) {
        self.audible = audible
        self.legible = legible
    }

    /// The option selected in `group`; `nil` when none is.
    public func selectedMediaOption(in group: MediaSelectionGroup) -> MediaSelectionOption? {
        let option = group.mediaCharacteristic == .audible ? audible : legible
        return option.flatMap { group.options.contains($0) ? $0 : nil }
    }
}
