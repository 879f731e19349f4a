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
/// A request with a lower bound counts it on the presentation's own timeline, from the first
/// segment's first timestamp, as the player's exact seek and `ffmpeg -ss T -i VARIANT` do:
/// EXTINF durations are rounded and a segment's first timestamp need not be where the playlist
/// puts it, so the frame may lie in the segment before or after the one the playlist names
/// (only a playlist with a discontinuity, whose timestamps restart, counts from each segment's
/// own start). Encrypted media is not read (previews would need the keys the player fetches).
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
    /// The first segment's first timestamp, once read (`.some(nil)`: the playlist has a
    /// discontinuity, so there is no one timeline).
    private var timelineOrigin: MediaTime??

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
        if let earliest = request.earliest, let origin = try presentationOrigin() {
            return try frame(from: segment, atOrAfter: origin + earliest, origin: origin)
        }
        let offset = request.earliest.map { max($0 - segment.startTime, .zero) }
        let decoded = try decode(segment, threshold: offset)
        return FoundFrame(
            frame: decoded.frame, actualTime: segment.startTime + (decoded.frame.presentationTime - decoded.origin))
    }

    /// The first frame not before `threshold` (a timestamp), looked for in `segment` and, when
    /// its timestamps end before `threshold` or start after it, in its neighbour; its time
    /// counted from `origin`.
    private func frame(
        from segment: MediaSegment, atOrAfter threshold: MediaTime, origin: MediaTime
    ) throws(ImageGenerationError) -> FoundFrame {
        let all = segments.segments
        let index = all.firstIndex { $0.mediaSequence == segment.mediaSequence } ?? 0
        var found = try decode(segment, threshold: threshold, isAbsolute: true)
        // The threshold as the decode compared it: rounded to the stream's ticks.
        let rounded = found.threshold ?? threshold
        let time = found.frame.presentationTime
        if time.isNumeric, time < rounded, index + 1 < all.count {
            // Every frame of this segment is earlier: the frame opens the next one.
            found = try decode(all[index + 1], threshold: threshold, isAbsolute: true)
        } else if found.firstTime.isNumeric, found.firstTime > rounded, index > 0 {
            // This segment starts after the threshold: the previous one may end with the frame.
            let previous = try decode(all[index - 1], threshold: threshold, isAbsolute: true)
            if previous.frame.presentationTime.isNumeric, previous.frame.presentationTime >= rounded {
                found = previous
            }
        }
        return FoundFrame(frame: found.frame, actualTime: found.frame.presentationTime - origin)
    }

    /// The first segment's first timestamp (read once: its bytes are fetched and probed); `nil`
    /// when a discontinuity restarts the timestamps or the first segment is encrypted.
    private func presentationOrigin() throws(ImageGenerationError) -> MediaTime? {
        if let timelineOrigin { return timelineOrigin }
        let all = segments.segments
        guard let first = all.first, first.key == nil,
            all.allSatisfy({ $0.discontinuitySequence == first.discontinuitySequence })
        else {
            timelineOrigin = .some(nil)
            return nil
        }
        let start = try open(first).demuxer.startTime
        timelineOrigin = .some(start.isNumeric ? start : nil)
        return timelineOrigin ?? nil
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
    /// at or after `threshold` counted from the segment's first timestamp (with `isAbsolute`, a
    /// timestamp); also the segment's first timestamp and the first decoded frame's.
    private func decode(
        _ segment: MediaSegment, threshold: MediaTime?, isAbsolute: Bool = false, keepsBytes: Bool = false
    ) throws(ImageGenerationError) -> (
        frame: DecodedVideoFrame, origin: MediaTime, firstTime: MediaTime, threshold: MediaTime?
    ) {
        let (demuxer, video) = try open(segment, keepsBytes: keepsBytes)
        let decoder: VideoDecoder
        do {
            decoder = try VideoDecoder(stream: video, threadCount: 1)
        } catch {
            throw .decodingFailed("\(name): cannot open the video decoder: \(error)")
        }
        let origin = demuxer.startTime.isNumeric ? demuxer.startTime : .zero
        let rounded = threshold.map { video.roundedToTimeBase(isAbsolute ? $0 : origin + $0) }
        guard
            let decoded = try FrameDecoding.decode(
                demuxer, decoder, threshold: rounded, name: segment.uri.redactedForDisplay)
        else { throw .decodingFailed("\(segment.uri.redactedForDisplay): no video frame could be decoded") }
        return (decoded.frame, origin, decoded.firstTime, rounded)
    }

    /// Fetches `segment` (its init section first) and opens a demuxer on its bytes.
    private func open(
        _ segment: MediaSegment, keepsBytes: Bool = false
    ) throws(ImageGenerationError) -> (demuxer: Demuxer, video: MediaStreamInfo) {
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
        return (demuxer, video)
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
