/// Where resume positions are persisted: a local database or a remote service.
///
/// Implementations are called by `ResumePositionStore`, at most one `save` at a time.
/// A `save` either stores the whole batch or throws; a throwing save must not have
/// stored part of the batch in a way that later reads would prefer over newer positions.
public protocol ProgressAPI: Sendable {
    /// Stores `batch` (seconds into each item). Throws when the batch was not stored.
    func save(_ batch: [ItemID: Double]) async throws

    /// The stored position of `itemID` in seconds, or `nil` when none is stored.
    func position(for itemID: ItemID) async throws -> Double?
}
