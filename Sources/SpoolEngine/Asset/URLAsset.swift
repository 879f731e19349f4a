public import Foundation
import SpoolCore
package import SpoolHLS
import SpoolMedia

/// A media file or stream at a URL whose properties load asynchronously, like
/// `AVURLAsset`: `let (playable, duration) = try await asset.load(.isPlayable, .duration)`.
///
/// Guarantees:
/// - One probe answers every property: concurrent loads await the same in-flight probe,
///   a successful result is cached, and a failed probe's error is returned to every
///   caller, now and later.
/// - The probe reads bytes only through the byte source the factory makes, on a thread
///   of its own, so loading never blocks the caller's actor or the cooperative pool.
/// - `cancelLoading()` aborts at once: pending loads throw `AssetLoadError.cancelled`,
///   FFmpeg is interrupted and the byte source cancelled. A later load starts afresh.
/// - Loads throw only `AssetLoadError`.
public final class URLAsset: AsynchronousPropertyLoading {
    /// Makes the (unopened) byte source for a URL; the asset calls it once per probe.
    public typealias ByteSourceFactory = @Sendable (URL) throws(ByteSourceError) -> any ByteSource

    /// The asset's location.
    public let url: URL

    /// Where the asset's bytes come from: its probes, and the pipeline when no probe left a
    /// container open.
    package let makeByteSource: ByteSourceFactory
    /// Where an HLS asset's playlists, keys and segments come from: its probe, and every
    /// fetcher its pipeline makes (the variant's stream, each rendition's). The product's is
    /// `StandardResourceFetcher.makeForPlayback()`; tests pass one over an in-memory transport
    /// on a virtual clock.
    package let makeResourceFetcher: @Sendable () -> StandardResourceFetcher
    private let state = Locked(AssetState())
    /// Where the asset registers a container parked for playback (`ParkedContainers`).
    private let parking: ParkedContainers

    private struct AssetState {
        var load = LoadState.idle
        /// How many player items hold the asset for playback (`holdForPlayback()`).
        var playbackHolds = 0
        /// The media probe whose container waits for the playback to take it.
        var parked: MediaProbe?
    }

    private enum LoadState {
        case idle
        case probing(Probe)
        case loaded(ProbeResult, HLSPresentation?)
        case failed(AssetLoadError)
    }

    private enum Start {
        case ready(ProbeResult)
        case failed(AssetLoadError)
        case waiting(Probe)
    }

    /// A container probe by FFmpeg, or an HLS playlist load.
    private enum Probe: Sendable {
        case media(MediaProbe)
        case hls(HLSAssetProbe)

        func result() async throws(AssetLoadError) -> ProbeResult {
            switch self {
            case .media(let probe): try await probe.result()
            case .hls(let probe): try await probe.result()
            }
        }

        func cancel() {
            switch self {
            case .media(let probe): probe.cancel()
            case .hls(let probe): probe.cancel()
            }
        }

        var presentation: HLSPresentation? {
            if case .hls(let probe) = self { probe.presentation } else { nil }
        }

        func isSame(as other: Probe) -> Bool {
            switch (self, other) {
            case (.media(let a), .media(let b)): a === b
            case (.hls(let a), .hls(let b)): a === b
            default: false
            }
        }
    }

    /// Whether the URL names an HLS playlist (by its extension, as players commonly decide).
    package var isHLS: Bool {
        ["m3u8", "m3u"].contains(url.pathExtension.lowercased())
    }

    /// The loaded HLS presentation (multivariant and first media playlist), once a load of an
    /// HLS asset has succeeded: the engine starts from it without fetching them again.
    package var hlsPresentation: HLSPresentation? {
        state.withLock { state in
            if case .loaded(_, let presentation) = state.load { return presentation }
            return nil
        }
    }

    /// An asset for `url`, read through `ByteSources.makeForPlayback(for:)` (libcurl for
    /// http). Nothing is read until the first `load`. A one-argument initialiser of its own,
    /// so that `URLAsset.init(url:)` is a function value (`PropertyAssetLoader(makeAsset:)`).
    public convenience init(url: URL) {
        self.init(url: url, parking: .shared) { url throws(ByteSourceError) in
            try ByteSources.makeForPlayback(for: url)
        }
    }

    /// An asset for `url` whose bytes come from sources `byteSourceFactory` makes (tests pass
    /// a fake). Nothing is read until the first `load`.
    public convenience init(url: URL, byteSourceFactory: @escaping ByteSourceFactory) {
        self.init(url: url, parking: .shared, byteSourceFactory: byteSourceFactory)
    }

    /// An asset like `init(url:byteSourceFactory:)` whose containers park in `parking`
    /// instead of the process-wide registry (tests, which run many players at once).
    init(url: URL, parking: ParkedContainers, byteSourceFactory: @escaping ByteSourceFactory) {
        self.url = url
        self.makeByteSource = byteSourceFactory
        self.makeResourceFetcher = { StandardResourceFetcher.makeForPlayback() }
        self.parking = parking
    }

    /// An HLS asset for `url` whose every fetch goes through a fetcher `resourceFetcherFactory`
    /// makes (tests: an in-memory transport on a virtual clock).
    package init(url: URL, resourceFetcherFactory: @escaping @Sendable () -> StandardResourceFetcher) {
        self.url = url
        self.makeByteSource = { url throws(ByteSourceError) in try ByteSources.makeForPlayback(for: url) }
        self.makeResourceFetcher = resourceFetcherFactory
        self.parking = .shared
    }

    /// An asset for a local file path (relative paths resolve against the current directory).
    public convenience init(path: String) {
        self.init(url: URL(fileURLWithPath: path))
    }

    /// Loads one property, probing the asset if no probe has run yet. Throws
    /// `AssetLoadError`, including `.unsupportedFormat` for a property key `URLAsset`
    /// does not know.
    public func load<Value>(_ property: AssetProperty<Value>) async throws -> Value {
        let result = try await probeResult()
        let known = Self.value(of: property.name, in: result) ?? Self.value(of: property.name, in: hlsPresentation)
        guard let value = known as? Value else {
            throw AssetLoadError.unsupportedFormat("URLAsset has no property '\(property.name)' of type \(Value.self)")
        }
        return value
    }

    /// Aborts the in-flight probe from any thread; its pending loads throw `.cancelled`.
    /// Results already loaded stay loaded.
    public func cancelLoading() {
        let probe = state.withLock { state -> Probe? in
            guard case .probing(let probe) = state.load else { return nil }
            state.load = .idle
            if case .media(let media) = probe, media === state.parked { state.parked = nil }
            return probe
        }
        if case .media(let media)? = probe { parking.unpark(media) }
        probe?.cancel()
    }

    /// Whether the asset is a live stream (its duration is indefinite). Loads the duration.
    public var isLive: Bool {
        get async throws { try await load(.duration).isIndefinite }
    }

    /// What the engine needs to open the item — whether it plays, and its tracks — plus the
    /// container the probe left open for the demuxer (one open per item), whoever started
    /// that probe: this call, or any load while a player item held the asset
    /// (`holdForPlayback()`). `nil` when the asset was probed before with no item holding it,
    /// when another playback took the container, or for HLS: the demuxer then opens the item
    /// itself.
    func loadForPlayback() async throws -> (isPlayable: Bool, tracks: [AssetTrack], container: OpenedContainer?) {
        _ = try await probeResult(startOrJoinProbe(keepingContainerOpen: true))
        let container = takeParkedContainer()
        let (isPlayable, tracks) = try await load(.isPlayable, .tracks)
        return (isPlayable, tracks, container)
    }

    /// Marks the asset as one a player item will play (`PlayerItem` calls this when it is
    /// made): from now on any media probe, whoever starts it, keeps its container for
    /// `loadForPlayback()` — a view's metadata load or a chapter list may start the probe
    /// first, and the item must still be opened once. Balanced by `releasePlaybackHold()`.
    package func holdForPlayback() {
        let probe = state.withLock { state -> MediaProbe? in
            state.playbackHolds += 1
            guard case .probing(.media(let probe)) = state.load, state.parked == nil else { return nil }
            state.parked = probe
            return probe
        }
        guard let probe else { return }
        probe.keepContainer()
        parking.park(probe)
    }

    /// Ends one `holdForPlayback()`; when none is left, a container no playback took is freed.
    package func releasePlaybackHold() {
        let probe = state.withLock { state -> MediaProbe? in
            state.playbackHolds = max(state.playbackHolds - 1, 0)
            guard state.playbackHolds == 0 else { return nil }
            defer { state.parked = nil }
            return state.parked
        }
        if let probe { discardParked(probe) }
    }

    deinit {
        // Nothing can take the container any more. (A probe still running frees its own.)
        if let probe = state.withLock({ $0.parked }) { discardParked(probe) }
    }

    /// Frees the container of `probe`, parked here and now taken out of the registry.
    private func discardParked(_ probe: MediaProbe) {
        parking.unpark(probe)
        probe.discardContainer()
    }

    /// Whether a probe's container is parked for playback (tests).
    var hasParkedProbe: Bool { state.withLock { $0.parked != nil } }

    /// The parked container, once.
    private func takeParkedContainer() -> OpenedContainer? {
        let probe = state.withLock { state -> MediaProbe? in
            defer { state.parked = nil }
            return state.parked
        }
        guard let probe else { return nil }
        parking.unpark(probe)
        return probe.takeOpenedContainer()
    }

    private func probeResult(_ start: Start? = nil) async throws(AssetLoadError) -> ProbeResult {
        let probe: Probe
        switch start ?? startOrJoinProbe(keepingContainerOpen: false) {
        case .ready(let result): return result
        case .failed(let error): throw error
        case .waiting(let inFlight): probe = inFlight
        }
        do {
            let result = try await probe.result()
            settle(probe, as: .loaded(result, probe.presentation))
            return result
        } catch .cancelled {
            // Only this caller's task was cancelled: the probe goes on for the others.
            // Otherwise the probe itself was cancelled, and a later load may start afresh.
            if !Task.isCancelled { settle(probe, as: .idle) }
            throw .cancelled
        } catch {
            settle(probe, as: .failed(error))
            throw error
        }
    }

    private func startOrJoinProbe(keepingContainerOpen: Bool) -> Start {
        // A container kept for a playback that waits on it is claimed: only one kept while no
        // playback waits (a metadata load while an item holds the asset) is parked in the
        // registry, where it may be evicted.
        let (start, speculative, claimed) = state.withLock { state -> (Start, MediaProbe?, MediaProbe?) in
            let keeps = keepingContainerOpen || state.playbackHolds > 0
            switch state.load {
            case .loaded(let result, _):
                return (.ready(result), nil, keepingContainerOpen ? state.parked : nil)
            case .failed(let error): return (.failed(error), nil, nil)
            case .probing(let probe):
                // Joined by a playback (or while an item holds the asset): the probe somebody
                // else started keeps its container for it.
                guard keeps, case .media(let media) = probe else { return (.waiting(probe), nil, nil) }
                if state.parked == nil {
                    media.keepContainer()
                    state.parked = media
                    if !keepingContainerOpen { return (.waiting(probe), media, nil) }
                }
                return (.waiting(probe), nil, keepingContainerOpen ? state.parked : nil)
            case .idle:
                if isHLS {
                    let probe = Probe.hls(HLSAssetProbe(url: url, fetcher: makeResourceFetcher()))
                    state.load = .probing(probe)
                    return (.waiting(probe), nil, nil)
                }
                do throws(ByteSourceError) {
                    let media = MediaProbe(
                        source: try makeByteSource(url), keepsContainerOpen: keeps,
                        captionScanSource: captionScanSource)
                    state.load = .probing(.media(media))
                    if keeps { state.parked = media }
                    return (.waiting(.media(media)), keeps && !keepingContainerOpen ? media : nil, nil)
                } catch {
                    state.load = .failed(AssetLoadError(error))
                    return (.failed(AssetLoadError(error)), nil, nil)
                }
            }
        }
        if let speculative { parking.park(speculative) }
        if let claimed { parking.unpark(claimed) }
        return start
    }

    /// What the probe reads a video's first seconds through to find closed captions: a
    /// second source of a local file only (a network file would pay a second connection and
    /// its bytes; standard input cannot be read twice), so `nil` for anything else.
    /// It opens the file itself, not through the asset's factory: the scan starts beside the
    /// probe before anyone knows whether there is a video track, and a factory may hand out
    /// sources that are meant for the probe and the demuxer alone (a test's scripted fakes).
    private var captionScanSource: (@Sendable () -> (any ByteSource)?)? {
        guard url.isFileURL, url != ByteSources.standardInputURL else { return nil }
        let url = url
        return { FileManager.default.fileExists(atPath: url.path) ? try? ByteSources.make(for: url) : nil }
    }

    /// Records the outcome of `probe` unless a newer probe or a cancellation replaced it.
    private func settle(_ probe: Probe, as outcome: LoadState) {
        state.withLock { state in
            guard case .probing(let current) = state.load, current.isSame(as: probe) else { return }
            state.load = outcome
        }
    }
}
