import SpoolHLS

/// What an item asked for, captured on the main actor when its pipeline is made and resolved
/// on the demux thread once the presentation is loaded.
package struct MediaSelectionRequest: Sendable {
    /// `PlayerItem.select(_:in:)` choices; a key present with `nil` selects nothing.
    var explicit: [MediaCharacteristic: MediaSelectionOption?]
    /// The player's criteria.
    var criteria: [MediaCharacteristic: MediaSelectionCriteria]
    /// The user's system languages.
    var environmentLanguages: [String]

    /// A request with these choices, criteria and languages.
    package init(
        explicit: [MediaCharacteristic: MediaSelectionOption?], criteria: [MediaCharacteristic: MediaSelectionCriteria],
        environmentLanguages: [String]
    ) {
        self.explicit = explicit
        self.criteria = criteria
        self.environmentLanguages = environmentLanguages
    }

    /// The rendition to play for `characteristic`: the explicit choice when it names one of
    /// the presentation's renditions, else `RenditionSelector`'s rules.
    func rendition(for characteristic: MediaCharacteristic, in presentation: HLSPresentation) -> Rendition? {
        let renditions = presentation.renditions(for: characteristic)
        if let choice = explicit[characteristic] {
            guard let option = choice else {
                return characteristic == .legible ? nil : automatic(renditions, characteristic)
            }
            if let match = renditions.first(where: option.names) { return match }
        }
        return automatic(renditions, characteristic)
    }

    /// `RenditionSelector`'s choice among the subtitle (or audio) renditions. Closed captions
    /// are never chosen automatically, only by hand or when the first criteria language names
    /// their channel (`--sub-lang cc1`).
    private func automatic(_ renditions: [Rendition], _ characteristic: MediaCharacteristic) -> Rendition? {
        let languages = criteria[characteristic]?.preferredLanguages
        if let first = languages?.first,
            let captions = renditions.first(where: {
                $0.type == .closedCaptions && first.caseInsensitiveCompare($0.instreamID ?? "") == .orderedSame
            })
        {
            return captions
        }
        return RenditionSelector.select(
            from: renditions.filter { $0.type != .closedCaptions }, explicitLanguages: languages,
            environmentLanguages: environmentLanguages)
    }
}
