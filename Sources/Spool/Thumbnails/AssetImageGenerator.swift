public import SpoolCore

/// Makes still images of an asset's video at given times: AVAssetImageGenerator's
/// counterpart.
///
/// ```swift
/// let generator = AssetImageGenerator(asset: URLAsset(path: "film.mp4"))
/// generator.maximumSize = PixelSize(width: 320, height: 180)
/// generator.requestedTimeToleranceBefore = .zero   // the exact frame, as `ffmpeg -ss T` picks it
/// let image = try await generator.image(at: MediaTime(seconds: 12.5, preferredTimescale: 1000))
/// ```
///
/// Guarantees:
/// - Decoding runs on a thread of the generator's own at a low priority, with a demuxer and
///   decoder of its own (one decoding thread): never the main actor, the cooperative pool or
///   the playing engine's threads, so previews do not slow playback.
/// - Times are on the asset's timeline: 0 is its first frame (for a file, the container's
///   start, as `ffmpeg -ss` counts; for HLS, the playlist's start).
/// - With `requestedTimeToleranceBefore` zero the image is the frame `ffmpeg -ss T -i IN
///   -frames:v 1` gives: the first frame whose timestamp is not before T (rounded to the
///   stream's ticks), decoded from the keyframe before it; after the last frame, the last
///   frame. With an infinite tolerance it is the keyframe at or before T, decoded alone (for
///   HLS with an I-frame playlist, the I-frame nearest to T within the tolerances, fetched
///   by byte range). A tolerance in between accepts the first frame not before T − tolerance.
/// - Requests are answered in the order they were made; cancelling a task that awaits
///   `image(at:)`, or `cancelAllImageGeneration()`, ends the work promptly with
///   `ImageGenerationError.cancelled`.
/// - Images are scaled down to fit inside `maximumSize` keeping the aspect ratio (bicubic,
///   as the `ffmpeg` CLI scales), never up.
public final class AssetImageGenerator: Sendable {
    /// The asset the images come from.
    public let asset: URLAsset

    private struct Settings: Sendable {
        var maximumSize: PixelSize?
        var toleranceBefore = MediaTime.positiveInfinity
        var toleranceAfter = MediaTime.positiveInfinity
        var videoFilterChain: String?
        /// Counts `cancelAllImageGeneration()` calls, so a batch knows to stop.
        var cancellations = 0
    }

    private let settings = Locked(Settings())
    private let worker: ThumbnailWorker

    /// A generator for `asset`. Nothing is read until the first request.
    public init(asset: URLAsset) {
        self.asset = asset
        worker = ThumbnailWorker { [asset] maximumSize throws(ImageGenerationError) in
            if asset.isHLS { return try HLSFrameSource(asset: asset, maximumSize: maximumSize) }
            return try ContainerFrameSource(url: asset.url)
        }
    }

    /// The largest image wanted; `nil` (the default) for the video's own size. A side of 0
    /// leaves that side unbounded. Applies to requests made after it is set.
    public var maximumSize: PixelSize? {
        get { settings.withLock { $0.maximumSize } }
        set { settings.withLock { $0.maximumSize = newValue } }
    }

    /// A libavfilter chain each picture passes through before it is scaled (`spool thumbnail
    /// --vf`), or `nil` (the default) for none. A chain that keeps back frames (bwdif) gives the
    /// found frame's own output, drained at once. A chain libavfilter refuses fails the request
    /// with `.decodingFailed`. Applies to requests made after it is set.
    public var videoFilterChain: String? {
        get { settings.withLock { $0.videoFilterChain } }
        set { settings.withLock { $0.videoFilterChain = newValue } }
    }

    /// How much earlier than the requested time the frame may be: `.zero` for the exact
    /// frame, `.positiveInfinity` (the default, as in AVFoundation) for the keyframe before.
    public var requestedTimeToleranceBefore: MediaTime {
        get { settings.withLock { $0.toleranceBefore } }
        set { settings.withLock { $0.toleranceBefore = newValue } }
    }

    /// How much later than the requested time the frame may be (used where later keyframes
    /// are known: HLS I-frame playlists). Default `.positiveInfinity`.
    public var requestedTimeToleranceAfter: MediaTime {
        get { settings.withLock { $0.toleranceAfter } }
        set { settings.withLock { $0.toleranceAfter = newValue } }
    }

    /// The image at `time`. Throws `ImageGenerationError`: `.timeOutOfRange` for a time
    /// outside the media, `.noVideo`, `.cannotOpen`, `.decodingFailed`, or `.cancelled` when
    /// the calling task or `cancelAllImageGeneration()` cancelled it.
    public func image(at time: MediaTime) async throws(ImageGenerationError) -> GeneratedImage {
        let current = settings.withLock { $0 }
        let request = FrameRequest(
            time: time, toleranceBefore: current.toleranceBefore, toleranceAfter: current.toleranceAfter)
        let holder = JobHolder()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<GeneratedImage, ImageGenerationError>, Never>) in
                let job = ThumbnailJob(
                    request: request, maximumSize: current.maximumSize, videoFilterChain: current.videoFilterChain
                ) { result in
                    continuation.resume(returning: result)
                }
                holder.set(job)
                worker.submit(job)
                if Task.isCancelled { worker.cancel(job) }
            }
        } onCancel: { [worker] in
            if let job = holder.job { worker.cancel(job) }
        }
        return try result.get()
    }

    /// Images at each of `times`, in that order, one result each (a failure ends only its
    /// own entry). Ending the iteration early, or `cancelAllImageGeneration()`, cancels the
    /// rest.
    public func images(for times: [MediaTime]) -> AsyncStream<ImageGenerationResult> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ImageGenerationResult.self, bufferingPolicy: .unbounded)
        let cancellations = settings.withLock { $0.cancellations }
        let task = Task { [self] in
            for time in times {
                let result: Result<GeneratedImage, ImageGenerationError>
                do throws(ImageGenerationError) {
                    if settings.withLock({ $0.cancellations }) != cancellations { throw .cancelled }
                    result = .success(try await image(at: time))
                } catch {
                    result = .failure(error)
                }
                continuation.yield(ImageGenerationResult(requestedTime: time, result: result))
                if Task.isCancelled { break }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Cancels every request made so far: each throws (or yields) `.cancelled` promptly.
    public func cancelAllImageGeneration() {
        settings.withLock { $0.cancellations += 1 }
        worker.cancelAll()
    }
}

/// Carries the job from the continuation to the cancellation handler, which may run first.
private final class JobHolder: Sendable {
    private let state = Locked<ThumbnailJob?>(nil)

    var job: ThumbnailJob? { state.withLock { $0 } }

    func set(_ job: ThumbnailJob) { state.withLock { $0 = job } }
}
