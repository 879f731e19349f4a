import Foundation
import Spool

/// What the overlay shows about an item that the player does not hold as a property: its
/// title and its media-selection groups, loaded once from the asset.
struct ItemDetails {
    let title: String?
    let artist: String?
    let groups: [MediaSelectionGroup]
    /// The HLS variants (empty for anything else), for the quality menu.
    var variants: [StreamVariant] = []
    /// The asset's chapters (`chapterMetadataGroups`), drawn as timeline marks.
    var chapters: [TimedMetadataGroup] = []

    func group(_ characteristic: MediaCharacteristic) -> MediaSelectionGroup? {
        groups.first { $0.mediaCharacteristic == characteristic && !$0.options.isEmpty }
    }
}

/// Item details by item, for the items the controller has seen; each is loaded at most once.
struct ItemDetailsCache {
    private var loaded: [ItemID: ItemDetails] = [:]
    private var started: Set<ItemID> = []

    /// Whether loading `itemID` should start now (it has not before).
    mutating func startLoading(_ itemID: ItemID) -> Bool {
        started.insert(itemID).inserted
    }

    mutating func store(_ details: ItemDetails, for itemID: ItemID) {
        loaded[itemID] = details
    }

    subscript(itemID: ItemID) -> ItemDetails? { loaded[itemID] }
}
