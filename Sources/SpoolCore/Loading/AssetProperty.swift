/// A property of an asset that is loaded asynchronously, named like AVFoundation's
/// `AVAsyncProperty`: `try await asset.load(.duration)`.
///
/// The value type is part of the key, so `load(.isPlayable, .duration)` returns a typed
/// `(Bool, MediaTime)` tuple. Concrete asset types declare further keys in extensions.
public struct AssetProperty<Value: Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The property's name, as in AVFoundation (`"duration"`, `"isPlayable"`).
    public let name: String

    /// Declares a property key. Names must be unique per value type.
    public init(_ name: String) { self.name = name }

    /// The property's name.
    public var description: String { name }
}

extension AssetProperty where Value == MediaTime {
    /// The asset's duration; `MediaTime.indefinite` for live streams.
    public static var duration: AssetProperty<MediaTime> { .init("duration") }
}

extension AssetProperty where Value == Bool {
    /// Whether the asset has at least one audio or video track Spool can decode.
    public static var isPlayable: AssetProperty<Bool> { .init("isPlayable") }
}

/// An asset whose properties load asynchronously and whose loading can be cancelled:
/// the contract `AssetLoader` relies on.
public protocol AsynchronousPropertyLoading: Sendable {
    /// Loads one property. Implementations share work between properties (one probe
    /// answers them all) and throw `AssetLoadError`.
    func load<Value>(_ property: AssetProperty<Value>) async throws -> Value

    /// Aborts in-flight loading at once from any thread: the pending `load` calls throw
    /// `AssetLoadError.cancelled` and the underlying I/O stops.
    func cancelLoading()
}

extension AsynchronousPropertyLoading {
    /// Loads several properties in one call: `let (ok, d) = try await asset.load(.isPlayable, .duration)`.
    public func load<each Value>(
        _ properties: repeat AssetProperty<each Value>
    ) async throws -> (repeat each Value) {
        (repeat try await load(each properties))
    }
}
