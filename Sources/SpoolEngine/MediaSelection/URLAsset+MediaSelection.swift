extension AssetProperty where Value == [MediaSelectionGroup] {
    /// The asset's media selection groups: for an HLS presentation, its audio and subtitle
    /// renditions (one group per characteristic); empty for anything else.
    public static var mediaSelectionGroups: AssetProperty<[MediaSelectionGroup]> { .init("mediaSelectionGroups") }
}

extension URLAsset {
    /// The group of `characteristic`, loading the asset if needed; `nil` when there is none
    /// (AVAsset.loadMediaSelectionGroup(for:)'s counterpart).
    public func loadMediaSelectionGroup(for characteristic: MediaCharacteristic) async throws -> MediaSelectionGroup? {
        try await load(.mediaSelectionGroups).first { $0.mediaCharacteristic == characteristic }
    }
}
