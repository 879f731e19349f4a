import SpoolHLS

/// The mutually exclusive choices for one characteristic of an asset
/// (AVMediaSelectionGroup's counterpart): the audio renditions, or the subtitle renditions, of
/// the group the HLS presentation's variants name; for a file, its audio tracks or its
/// subtitle tracks, in container order.
public struct MediaSelectionGroup: Sendable, Hashable {
    /// What the options are for.
    public let mediaCharacteristic: MediaCharacteristic
    /// The choices, in playlist order.
    public let options: [MediaSelectionOption]
    /// Whether selecting nothing is allowed: true for subtitles (off), false for audio.
    public var allowsEmptySelection: Bool { mediaCharacteristic == .legible }
    /// The option marked DEFAULT=YES, if any.
    public var defaultOption: MediaSelectionOption? { options.first(where: \.isDefault) }

    /// The options whose language matches `languages` best first, as
    /// `AVMediaSelectionGroup.mediaSelectionOptions(from:withLocale:)` narrows them: an exact
    /// tag before a shared primary language (`en` finds `en-GB`).
    public func options(matchingLanguages languages: [String]) -> [MediaSelectionOption] {
        var result: [MediaSelectionOption] = []
        for language in languages {
            for quality in [2, 1] {
                for option in options where !result.contains(option) {
                    let tag = option.extendedLanguageTag ?? ""
                    if LanguageTag.matchQuality(wanted: language, available: tag) == quality { result.append(option) }
                }
            }
        }
        return result
    }

    /// The groups of `presentation`: renditions of the group the start variant names
    /// (AUDIO=, SUBTITLES=); groups without options are left out.
    static func groups(of presentation: HLSPresentation) -> [MediaSelectionGroup] {
        MediaCharacteristic.allCases.compactMap { characteristic in
            let renditions = presentation.renditions(for: characteristic)
            guard !renditions.isEmpty else { return nil }
            return MediaSelectionGroup(
                mediaCharacteristic: characteristic, options: renditions.map(MediaSelectionOption.init))
        }
    }
}

extension MediaSelectionGroup {
    /// The groups of a file with `tracks`: its audio tracks that have channels, and its
    /// subtitle tracks followed by the closed captions its video carries ("CC1"), in container
    /// order; groups without options are left out.
    static func groups(ofTracks tracks: [AssetTrack]) -> [MediaSelectionGroup] {
        let audible = tracks.filter { $0.kind == .audio && $0.streamIndex != nil && ($0.channels ?? 0) > 0 }
            .map(MediaSelectionOption.init(track:))
        let legible =
            tracks.filter { $0.kind == .subtitle && $0.streamIndex != nil }.map(MediaSelectionOption.init(track:))
            + tracks.filter { $0.kind == .video && $0.hasClosedCaptions && $0.streamIndex != nil }
            .map(MediaSelectionOption.init(closedCaptionsOf:))
        return [(MediaCharacteristic.audible, audible), (.legible, legible)].compactMap { characteristic, options in
            options.isEmpty ? nil : MediaSelectionGroup(mediaCharacteristic: characteristic, options: options)
        }
    }
}

extension HLSPresentation {
    /// The renditions of `characteristic` that the start variant can play with: for
    /// `.legible`, its subtitle renditions, then its CLOSED-CAPTIONS rendition for CC1.
    func renditions(for characteristic: MediaCharacteristic) -> [Rendition] {
        guard let multivariant, let variant = initialVariant else { return [] }
        switch characteristic {
        case .audible:
            return variant.audioGroupID.map { multivariant.renditions(ofType: .audio, inGroup: $0) } ?? []
        case .legible:
            let subtitles =
                variant.subtitlesGroupID.map { multivariant.renditions(ofType: .subtitles, inGroup: $0) } ?? []
            // Closed captions inside the variant's video: CEA-608 channel 1 is the one read.
            guard case .group(let captions)? = variant.closedCaptions else { return subtitles }
            return subtitles
                + multivariant.renditions(ofType: .closedCaptions, inGroup: captions).filter { $0.instreamID == "CC1" }
        }
    }
}
