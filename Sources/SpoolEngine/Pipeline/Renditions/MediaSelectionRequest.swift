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

    private func automatic(_ renditions: [Rendition], _ characteristic: MediaCharacteristic) -> Rendition? {
        RenditionSelector.select(
            from: renditions, explicitLanguages: criteria[characteristic]?.preferredLanguages,
            environmentLanguages: environmentLanguages)
    }
}
