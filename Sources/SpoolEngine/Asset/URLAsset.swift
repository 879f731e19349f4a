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
    private let state = Locked<LoadState>(.idle)

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
            if case .loaded(_, let presentation) = state { return presentation }
            return nil
        }
    }

    /// An asset for `url`. Nothing is read until the first `load`. `byteSourceFactory`
    /// defaults to `ByteSources.makeForPlayback(for:)` (libcurl for http); tests pass a fake.
    public init(
        url: URL,
        byteSourceFactory: @escaping ByteSourceFactory = { url throws(ByteSourceError) in
            try ByteSources.makeForPlayback(for: url)
        }
    ) {
        self.url = url
        self.makeByteSource = byteSourceFactory
        self.makeResourceFetcher = { StandardResourceFetcher.makeForPlayback() }
    }

    /// An HLS asset for `url` whose every fetch goes through a fetcher `resourceFetcherFactory`
    /// makes (tests: an in-memory transport on a virtual clock).
    package init(url: URL, resourceFetcherFactory: @escaping @Sendable () -> StandardResourceFetcher) {
        self.url = url
        self.makeByteSource = { url throws(ByteSourceError) in try ByteSources.makeForPlayback(for: url) }
        self.makeResourceFetcher = resourceFetcherFactory
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
            guard case .probing(let probe) = state else { return nil }
            state = .idle
            return probe
        }
        probe?.cancel()
    }

    /// Whether the asset is a live stream (its duration is indefinite). Loads the duration.
    public var isLive: Bool {
        get async throws { try await load(.duration).isIndefinite }
    }

    /// What the engine needs to open the item — whether it plays, and its tracks — plus the
    /// container the probe left open for the demuxer when this call started the probe (one
    /// open per item); `nil` when the asset was loaded before, or the probe was already
    /// running, or the asset is HLS: the demuxer then opens the item itself.
    func loadForPlayback() async throws -> (isPlayable: Bool, tracks: [AssetTrack], container: OpenedContainer?) {
        let start = startOrJoinProbe(keepingContainerOpen: true)
        _ = try await probeResult(start)
        var container: OpenedContainer?
        if case .waiting(.media(let probe)) = start { container = probe.takeOpenedContainer() }
        let (isPlayable, tracks) = try await load(.isPlayable, .tracks)
        return (isPlayable, tracks, container)
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
        state.withLock { state in
            switch state {
            case .loaded(let result, _): return .ready(result)
            case .failed(let error): return .failed(error)
            case .probing(let probe): return .waiting(probe)
            case .idle:
                if isHLS {
                    let probe = Probe.hls(HLSAssetProbe(url: url, fetcher: makeResourceFetcher()))
                    state = .probing(probe)
                    return .waiting(probe)
                }
                do throws(ByteSourceError) {
                    let probe = Probe.media(
                        MediaProbe(
                            source: try makeByteSource(url), keepsContainerOpen: keepingContainerOpen,
                            captionScanSource: captionScanSource))
                    state = .probing(probe)
                    return .waiting(probe)
                } catch {
                    state = .failed(AssetLoadError(error))
                    return .failed(AssetLoadError(error))
                }
            }
        }
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
            guard case .probing(let current) = state, current.isSame(as: probe) else { return }
            state = outcome
        }
    }
}
