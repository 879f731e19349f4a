import Foundation
import SpoolCore
import SpoolHLS
import SpoolMedia

/// Frames of an HLS presentation, fetched by byte range through a fetcher of its own.
///
/// When the multivariant playlist lists an I-frame stream (EXT-X-I-FRAME-STREAM-INF) and a
/// request's tolerances admit one of its I-frames, only that I-frame's byte range (plus the
/// init section, once) is fetched and decoded. Otherwise — no I-frame stream, or an exact
/// request — the segment of the start variant containing the time is fetched and decoded
/// up to the frame, as for a file. Times are playlist times (0 is the first segment's start).
/// Encrypted media is not read (previews would need the keys the player fetches).
final class HLSFrameSource: ThumbnailFrameSource {
    let duration: MediaTime
    let canceller: @Sendable () -> Void
    private let fetcher: StandardResourceFetcher
    private let cancellation: HLSFrameCancellation
    private let segments: MediaPlaylist
    private let iFrames: MediaPlaylist?
    private var initSections: [String: Data] = [:]
    /// The I-frames fetched last (they are small): scrubbing back and forth fetches each once.
    private var recentIFrames: [(key: String, data: Data)] = []
    private static let recentIFrameCount = 32
    private let name: String

    /// The most bytes one fetch may bring: a segment of a very high bitrate stream fits.
    private static let maxBytes = 64 << 20

    /// Loads the playlists (blocks): those `asset` already loaded are reused, and the I-frame
    /// playlist closest to `maximumSize` is fetched when there is one.
    init(asset: URLAsset, maximumSize: PixelSize?) throws(ImageGenerationError) {
        name = asset.url.redactedForDisplay
        // The asset's fetcher, like its probe's and its playback's: one place decides how an
        // asset's HLS resources are fetched (a test's transport reaches the previews too).
        let fetcher = asset.makeResourceFetcher()
        self.fetcher = fetcher
        let cancellation = HLSFrameCancellation(fetcher: fetcher)
        self.cancellation = cancellation
        canceller = { cancellation.cancel() }
        let loader = PlaylistLoader(fetcher: fetcher)
        let pause: (Duration) -> Bool = { _ in !fetcher.isCancelled }
        let presentation: HLSPresentation
        if let loaded = asset.hlsPresentation {
            presentation = loaded
        } else {
            do throws(HLSError) {
                presentation = try loader.loadPresentation(
                    asset.url, order: { StartVariantOrder.order($0) }, pause: pause)
            } catch {
                throw error.isCancellation ? .cancelled : .cannotOpen(error.description)
            }
        }
        segments = presentation.initialPlaylist
        duration = presentation.duration
        var iFrames: MediaPlaylist?
        if let multivariant = presentation.multivariant,
            let variant = Self.iFrameVariant(multivariant.iFrameVariants, for: maximumSize)
        {
            do throws(HLSError) {
                let playlist = try loader.loadMedia(
                    variant.uri, importedDefinitions: multivariant.definitions, pause: pause)
                if playlist.isIFramesOnly, !playlist.segments.isEmpty { iFrames = playlist }
            } catch {
                // Without its I-frame playlist the presentation is still readable segment by segment.
                if error.isCancellation { throw .cancelled }
            }
        }
        self.iFrames = iFrames
    }

    func frame(for request: FrameRequest) throws(ImageGenerationError) -> FoundFrame {
        if let error = ImageGenerationError.checkRange(request.time, duration: duration) { throw error }
        if let iFrames, let segment = Self.iFrame(in: iFrames, for: request) {
            let frame = try decode(segment, threshold: nil, keepsBytes: true)
            return FoundFrame(frame: frame.frame, actualTime: segment.startTime)
        }
        guard
            let segment = segments.segment(containing: request.time)
                ?? (request.time >= segments.duration ? segments.segments.last : nil)
        else { throw .timeOutOfRange(request.time, duration: duration) }
        let offset = request.earliest.map { max($0 - segment.startTime, .zero) }
        let decoded = try decode(segment, threshold: offset)
        return FoundFrame(
            frame: decoded.frame, actualTime: segment.startTime + (decoded.frame.presentationTime - decoded.origin))
    }

    /// The I-frame stream to use: the smallest covering `maximumSize`, else the largest.
    static func iFrameVariant(_ variants: [Variant], for maximumSize: PixelSize?) -> Variant? {
        let bySize = variants.sorted {
            ($0.resolution?.width ?? 0, $0.bandwidth) < ($1.resolution?.width ?? 0, $1.bandwidth)
        }
        guard let maximumSize else { return bySize.last }
        let covering = bySize.first { variant in
            guard let resolution = variant.resolution else { return false }
            return resolution.width >= maximumSize.width || resolution.height >= maximumSize.height
        }
        return covering ?? bySize.last
    }

    /// The I-frame within the request's tolerances nearest to its time (the earlier one on a
    /// tie); `nil` when none is within them.
    static func iFrame(in playlist: MediaPlaylist, for request: FrameRequest) -> MediaSegment? {
        let acceptable = playlist.segments.filter { segment in
            (request.earliest.map { segment.startTime >= $0 } ?? true)
                && (request.latest.map { segment.startTime <= $0 } ?? true)
        }
        return acceptable.min { a, b in
            let (distanceA, distanceB) = (
                abs((a.startTime - request.time).seconds), abs((b.startTime - request.time).seconds)
            )
            return distanceA != distanceB ? distanceA < distanceB : a.startTime < b.startTime
        }
    }

    /// Fetches `segment` (its init section first) and decodes it: its first frame, or the first
    /// at or after `threshold` counted from the segment's first timestamp.
    private func decode(
        _ segment: MediaSegment, threshold: MediaTime?, keepsBytes: Bool = false
    ) throws(ImageGenerationError) -> (frame: DecodedVideoFrame, origin: MediaTime) {
        if let key = segment.key {
            throw .decodingFailed("\(name): encrypted HLS media (\(key.method.rawValue)) has no previews")
        }
        var data = Data()
        if let map = segment.map { data.append(try initSection(map)) }
        data.append(keepsBytes ? try recentIFrame(segment) : try fetch(segment.uri, range: segment.byteRange))
        let hint = URL(fileURLWithPath: "/hls/" + segment.uri.lastPathComponent)
        let demuxer: Demuxer
        do {
            demuxer = try Demuxer(
                source: MemoryByteSource(data: data, url: hint), canceller: cancellation.nextDemuxerCanceller())
        } catch {
            if error == .exit { throw .cancelled }
            throw .decodingFailed("\(name): cannot read \(segment.uri.redactedForDisplay): \(error)")
        }
        guard let video = demuxer.video else { throw .noVideo(segment.uri) }
        let decoder: VideoDecoder
        do {
            decoder = try VideoDecoder(stream: video, threadCount: 1)
        } catch {
            throw .decodingFailed("\(name): cannot open the video decoder: \(error)")
        }
        let origin = demuxer.startTime.isNumeric ? demuxer.startTime : .zero
        guard
            let decoded = try FrameDecoding.decode(
                demuxer, decoder, threshold: threshold.map { video.roundedToTimeBase(origin + $0) },
                name: segment.uri.redactedForDisplay)
        else { throw .decodingFailed("\(segment.uri.redactedForDisplay): no video frame could be decoded") }
        return (decoded.frame, origin)
    }

    private func recentIFrame(_ segment: MediaSegment) throws(ImageGenerationError) -> Data {
        let key = "\(segment.uri.absoluteString)|\(segment.byteRange?.description ?? "")"
        if let index = recentIFrames.firstIndex(where: { $0.key == key }) {
            let entry = recentIFrames.remove(at: index)
            recentIFrames.append(entry)
            return entry.data
        }
        let data = try fetch(segment.uri, range: segment.byteRange)
        recentIFrames.append((key, data))
        if recentIFrames.count > Self.recentIFrameCount { recentIFrames.removeFirst() }
        return data
    }

    private func initSection(_ map: MediaInitializationSection) throws(ImageGenerationError) -> Data {
        let key = "\(map.uri.absoluteString)|\(map.byteRange?.description ?? "")"
        if let cached = initSections[key] { return cached }
        let data = try fetch(map.uri, range: map.byteRange)
        initSections[key] = data
        return data
    }

    private func fetch(_ url: URL, range: ByteRange?) throws(ImageGenerationError) -> Data {
        do {
            return try fetcher.fetch(ResourceRequest(url: url, byteRange: range, maxBytes: Self.maxBytes)).data
        } catch {
            if case .failed(.cancelled) = error { throw .cancelled }
            throw .cannotOpen(error.description)
        }
    }
}
