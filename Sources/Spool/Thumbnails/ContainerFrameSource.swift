import Foundation
import SpoolCore
import SpoolMedia

/// Frames of a file or an HTTP resource: one `Demuxer` and `VideoDecoder`, kept open between
/// requests so a batch costs one open.
///
/// Timeline: request times count from the container's start (`Demuxer.startTime`), as
/// `ffmpeg -ss` does, so 0 is the first frame of an MPEG-TS that starts at 1.4 s.
final class ContainerFrameSource: ThumbnailFrameSource {
    let duration: MediaTime
    let canceller: @Sendable () -> Void
    private let demuxer: Demuxer
    private let decoder: VideoDecoder
    private let video: MediaStreamInfo
    private let origin: MediaTime
    private let name: String

    /// Opens `url` (blocks). Decodes on one thread: previews must not compete with playback
    /// for the cores.
    init(url: URL) throws(ImageGenerationError) {
        name = url.redactedForDisplay
        let cancel = Demuxer.Canceller()
        canceller = { cancel.cancel() }
        // The demuxer reports a source that fails to open only as an I/O error.
        if url.isFileURL, !FileManager.default.fileExists(atPath: url.path) {
            throw .cannotOpen(ByteSourceError.notFound(url).description)
        }
        do {
            demuxer = try Demuxer(source: try ByteSources.makeForPlayback(for: url), canceller: cancel)
        } catch let error as ByteSourceError {
            throw error == .cancelled ? .cancelled : .cannotOpen(error.description)
        } catch {
            throw cancel.isCancelled ? .cancelled : .cannotOpen("\(url.redactedForDisplay): cannot open: \(error)")
        }
        guard let video = demuxer.video else { throw .noVideo(url) }
        self.video = video
        do {
            decoder = try VideoDecoder(stream: video, threadCount: 1)
        } catch {
            throw .decodingFailed("\(url.redactedForDisplay): cannot open the video decoder: \(error)")
        }
        origin = demuxer.startTime.isNumeric ? demuxer.startTime : .zero
        duration = demuxer.duration
    }

    func frame(for request: FrameRequest) throws(ImageGenerationError) -> FoundFrame {
        if let error = ImageGenerationError.checkRange(request.time, duration: duration) { throw error }
        let target = origin + request.time
        let threshold = request.earliest.map { video.roundedToTimeBase(origin + $0) }
        // A seek may land after the target (MPEG-TS seeks by bytes; so does `ffmpeg -ss`
        // there): then seek again further back, until decoding starts at or before it.
        var backoff = MediaTime.zero
        while true {
            try seek(to: max(target - backoff, origin))
            let decoded = try FrameDecoding.decode(demuxer, decoder, threshold: threshold, name: name)
            // Nothing decoded: the seek landed past the last keyframe before the end.
            let overshot =
                decoded.map { decoded in
                    threshold.map { decoded.firstTime.isNumeric && decoded.firstTime > $0 } ?? false
                } ?? true
            if !overshot || target - backoff <= origin || backoff > MediaTime(value: 64, timescale: 1) {
                guard let decoded else { throw .decodingFailed("\(name): no video frame could be decoded there") }
                return FoundFrame(frame: decoded.frame, actualTime: decoded.frame.presentationTime - origin)
            }
            backoff = backoff == .zero ? MediaTime(value: 1, timescale: 1) : backoff + backoff
        }
    }

    private func seek(to time: MediaTime) throws(ImageGenerationError) {
        do {
            try demuxer.seek(to: time)
        } catch {
            if error == .exit { throw .cancelled }
            throw .decodingFailed("\(name): cannot seek: \(error)")
        }
        decoder.flush()
    }
}
