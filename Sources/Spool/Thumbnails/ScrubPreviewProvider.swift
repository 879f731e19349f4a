public import SpoolCore

/// Preview images for a timeline being hovered or scrubbed: keyframe-fast, latest request
/// wins, a few kept.
///
/// Guarantees:
/// - A preview is the keyframe nearest before the time (for HLS with an I-frame playlist,
///   the nearest I-frame, fetched by byte range), from the provider's own
///   `AssetImageGenerator`: a separate demuxer and decoder on a low-priority thread, never
///   the playing engine's.
/// - A new request cancels the one still in flight, which returns `nil`: scrubbing never
///   queues up work behind the pointer.
/// - The last `cacheCapacity` previews are kept, by requested time (to 1/10 s) and size;
///   a request for a kept one is answered at once, without decoding.
public final class ScrubPreviewProvider: Sendable {
    /// The generator the previews come from (its tolerances are infinite).
    public let generator: AssetImageGenerator
    /// How many previews are kept.
    public let cacheCapacity: Int

    private struct Key: Hashable {
        let tenths: Int64
        let size: PixelSize
    }

    private struct State {
        var inFlight: Task<GeneratedImage?, Never>?
        var cache: [(key: Key, image: GeneratedImage)] = []
    }

    private let state = Locked(State())

    /// A provider for `asset` keeping `cacheCapacity` previews.
    public init(asset: URLAsset, cacheCapacity: Int = 16) {
        generator = AssetImageGenerator(asset: asset)
        generator.requestedTimeToleranceBefore = .positiveInfinity
        generator.requestedTimeToleranceAfter = .positiveInfinity
        self.cacheCapacity = max(cacheCapacity, 1)
    }

    /// The preview near `seconds`, at most `maximumSize`; `nil` when a newer request
    /// superseded this one, the task was cancelled, or there is no picture there.
    public func preview(near seconds: Double, maximumSize: PixelSize) async -> GeneratedImage? {
        guard seconds.isFinite else { return nil }
        let key = Key(tenths: Int64((max(seconds, 0) * 10).rounded()), size: maximumSize)
        if let cached = cached(key) { return cached }
        let generator = generator
        let task = Task<GeneratedImage?, Never> {
            let time = MediaTime(seconds: max(seconds, 0), preferredTimescale: 1000)
            // The generator's settings are shared; this provider is their only writer.
            generator.maximumSize = maximumSize
            return try? await generator.image(at: time)
        }
        let previous = state.withLock { state in
            defer { state.inFlight = task }
            return state.inFlight
        }
        previous?.cancel()
        let image = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        state.withLock { state in
            if let image { Self.insert(image, for: key, into: &state.cache, capacity: cacheCapacity) }
            if state.inFlight == task { state.inFlight = nil }
        }
        return image
    }

    /// Cancels the request in flight.
    public func cancel() {
        state.withLock { state in
            defer { state.inFlight = nil }
            return state.inFlight
        }?.cancel()
    }

    private func cached(_ key: Key) -> GeneratedImage? {
        state.withLock { state in
            guard let index = state.cache.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = state.cache.remove(at: index)
            state.cache.append(entry)
            return entry.image
        }
    }

    private static func insert(
        _ image: GeneratedImage, for key: Key, into cache: inout [(key: Key, image: GeneratedImage)], capacity: Int
    ) {
        cache.removeAll { $0.key == key }
        cache.append((key, image))
        if cache.count > capacity { cache.removeFirst(cache.count - capacity) }
    }
}
