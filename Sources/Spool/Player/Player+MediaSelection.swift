import Foundation
import SpoolHLS

extension Player {
    /// Sets what the user asked for in `characteristic` (`nil` removes it), like
    /// `AVPlayer.setMediaSelectionCriteria(_:forMediaCharacteristic:)`: the preferred
    /// languages choose a rendition whether or not it is AUTOSELECT; `.off` turns subtitles
    /// off. Applies to items that become current afterwards; an item's own
    /// `select(_:in:)` wins over it.
    public func setMediaSelectionCriteria(
        _ criteria: MediaSelectionCriteria?, forMediaCharacteristic characteristic: MediaCharacteristic
    ) {
        mediaSelectionCriteria[characteristic] = criteria
    }

    /// The criteria set for `characteristic`, if any.
    public func mediaSelectionCriteria(forMediaCharacteristic characteristic: MediaCharacteristic)
        -> MediaSelectionCriteria?
    {
        mediaSelectionCriteria[characteristic]
    }

    /// The languages of the process environment, best first.
    nonisolated static func environmentLanguages() -> [String] {
        LanguageTag.preferredLanguages(environment: ProcessInfo.processInfo.environment)
    }
}
