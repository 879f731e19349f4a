import SpoolHLS
import SpoolMedia

extension AssetProperty where Value == String {
    /// The container format's name as FFmpeg reports it (`"matroska,webm"`).
    public static var formatName: AssetProperty<String> { .init("formatName") }
}

extension AssetProperty where Value == Int? {
    /// The overall bit rate in bits per second; `nil` when the container does not state it.
    public static var bitRate: AssetProperty<Int?> { .init("bitRate") }
}

extension URLAsset {
    /// The value of the property named `name` in a probe result; `nil` for unknown names.
    static func value(of name: String, in result: ProbeResult) -> (any Sendable)? {
        switch name {
        case AssetProperty<MediaTime>.duration.name: result.duration
        case AssetProperty<Bool>.isPlayable.name: result.isPlayable
        case AssetProperty<[AssetTrack]>.tracks.name: result.tracks
        case AssetProperty<AssetMetadata>.metadata.name: result.metadata
        case AssetProperty<String>.formatName.name: result.formatName
        case AssetProperty<Int?>.bitRate.name: result.bitRate
        case AssetProperty<[TimedMetadataGroup]>.chapterMetadataGroups.name:
            result.chapters.map(TimedMetadataGroup.init)
        case AssetProperty<[AttachedFont]>.attachedFonts.name: result.attachedFonts
        case AssetProperty<[MediaSelectionGroup]>.mediaSelectionGroups.name where result.formatName != "hls":
            MediaSelectionGroup.groups(ofTracks: result.tracks)
        default: nil
        }
    }

    /// The value of an HLS-only property; empty lists for an asset that is not HLS.
    static func value(of name: String, in presentation: HLSPresentation?) -> (any Sendable)? {
        switch name {
        case AssetProperty<[StreamVariant]>.variants.name: presentation?.streamVariants ?? []
        case AssetProperty<[StreamRendition]>.renditions.name: presentation?.streamRenditions ?? []
        case AssetProperty<[MediaSelectionGroup]>.mediaSelectionGroups.name:
            presentation.map(MediaSelectionGroup.groups(of:)) ?? []
        default: nil
        }
    }
}
