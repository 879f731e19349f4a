public import Foundation

/// An asset that finished loading: known to be playable, and known to be live or not.
public struct LoadedAsset<Asset: Sendable>: Sendable {
    /// The loaded asset; not mutated after loading.
    public let asset: Asset
    /// Whether the asset is a live stream (its duration is indefinite).
    public let isLive: Bool

    /// Wraps a loaded asset.
    public init(asset: Asset, isLive: Bool) {
        self.asset = asset
        self.isLive = isLive
    }
}

/// Loads an asset off the main actor and gives it back only if it is playable.
///
/// Implementations must honour cancellation for real: when the calling task is cancelled
/// the asset's I/O stops (no bytes of a superseded item keep downloading) and `load`
/// throws `CancellationError`.
public protocol AssetLoader: Sendable {
    /// The kind of asset this loader produces.
    associatedtype Asset: Sendable

    /// Loads the asset at `url`. Throws `CancellationError` when the calling task was
    /// cancelled, `AssetLoadError` for everything a user needs to see.
    @concurrent func load(url: URL) async throws -> LoadedAsset<Asset>
}

/// The seed's `AssetLoader`: loads `.isPlayable` and `.duration` together, rejects
/// unplayable assets, and calls `cancelLoading()` on the asset when the task is cancelled.
public struct PropertyAssetLoader<Asset: AsynchronousPropertyLoading>: AssetLoader {
    private let makeAsset: @Sendable (URL) -> Asset

    /// Creates a loader that builds each asset with `makeAsset` (for example `URLAsset.init(url:)`).
    public init(makeAsset: @escaping @Sendable (URL) -> Asset) {
        self.makeAsset = makeAsset
    }

    /// Loads `url`, running on the global executor (never on the caller's actor). When the
    /// task is cancelled, the asset's `cancelLoading()` runs at once and this throws
    /// `CancellationError`, whatever error the aborted I/O produced.
    @concurrent public func load(url: URL) async throws -> LoadedAsset<Asset> {
        let asset = makeAsset(url)
        return try await withTaskCancellationHandler {
            do {
                let (isPlayable, duration) = try await asset.load(.isPlayable, .duration)
                try Task.checkCancellation()
                guard isPlayable else { throw AssetLoadError.notPlayable }
                return LoadedAsset(asset: asset, isLive: duration.isIndefinite)
            } catch  where Task.isCancelled {
                throw CancellationError()  // an aborted load's I/O error is not the user's problem
            }
        } onCancel: {
            asset.cancelLoading()
        }
    }
}
