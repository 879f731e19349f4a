import Foundation
import SpoolCore
import SpoolMedia

#if canImport(Glibc)
    import Glibc
#endif

/// The generator's thread: takes jobs in order and answers each from a frame source it owns.
///
/// The thread starts with the first job and ends after `idleTimeout` without one, releasing
/// the source (a later job opens it again). It runs at a low scheduling priority (nice 10),
/// so a preview never takes a core from the playing engine's threads. Cancelling the job in
/// progress cancels the source (its demuxer or downloads return at once); the source is then
/// thrown away and the next job opens a new one.
final class ThumbnailWorker: Sendable {
    typealias SourceFactory =
        @Sendable (_ maximumSize: PixelSize?) throws(ImageGenerationError) -> any ThumbnailFrameSource

    private struct State: Sendable {
        var jobs: [ThumbnailJob] = []
        var isRunning = false
        var current: ThumbnailJob?
        var cancelCurrent: (@Sendable () -> Void)?
    }

    private let state = ConditionLock(State())
    private let makeSource: SourceFactory
    private let idleTimeout: Duration

    init(idleTimeout: Duration = .seconds(10), makeSource: @escaping SourceFactory) {
        self.makeSource = makeSource
        self.idleTimeout = idleTimeout
    }

    /// Queues `job`, starting the thread when none runs.
    func submit(_ job: ThumbnailJob) {
        let start = state.update { state -> Bool in
            state.jobs.append(job)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        guard start else { return }
        SpoolThread.start("spool-thumbnails") { [self] in run() }
    }

    /// Answers `job` with `.cancelled` and stops its work if it is the one in progress.
    func cancel(_ job: ThumbnailJob) {
        guard job.finish(.failure(.cancelled)) else { return }
        let cancel = state.update { state -> (@Sendable () -> Void)? in
            state.jobs.removeAll { $0 === job }
            return state.current === job ? state.cancelCurrent : nil
        }
        cancel?()
    }

    /// Cancels every queued job and the one in progress.
    func cancelAll() {
        let (jobs, current, cancel) = state.update { state in
            defer { state.jobs.removeAll() }
            return (state.jobs, state.current, state.cancelCurrent)
        }
        for job in jobs { job.finish(.failure(.cancelled)) }
        if let current, current.finish(.failure(.cancelled)) { cancel?() }
    }

    private func run() {
        Self.lowerPriority()
        var source: (any ThumbnailFrameSource)?
        let converter = RGBAImageConverter()
        while let job = nextJob() {
            defer {
                state.update {
                    $0.current = nil; $0.cancelCurrent = nil
                }
            }
            if job.isFinished { continue }
            do throws(ImageGenerationError) {
                let opened: any ThumbnailFrameSource
                if let source {
                    opened = source
                } else {
                    opened = try makeSource(job.maximumSize)
                    source = opened
                }
                let cancelled = state.update { state -> Bool in
                    state.cancelCurrent = opened.canceller
                    return job.isFinished
                }
                if cancelled { throw .cancelled }
                let found = try opened.frame(for: job.request)
                job.finish(.success(try Self.image(found, for: job, converter: converter)))
            } catch {
                // A cancelled source cannot be used again; a failed open is retried next time.
                if error == .cancelled || job.isFinished { source = nil }
                job.finish(.failure(error))
            }
        }
    }

    /// The next job to work on, or `nil` (and the thread marked stopped) after the idle timeout.
    private func nextJob() -> ThumbnailJob? {
        let job = state.wait(timeout: idleTimeout) { state -> ThumbnailJob? in
            guard !state.jobs.isEmpty else { return nil }
            let job = state.jobs.removeFirst()
            state.current = job
            return job
        }
        if let job { return job }
        // Nothing came: stop, unless a job arrived between the timeout and taking the lock.
        return state.update { state -> ThumbnailJob? in
            guard !state.jobs.isEmpty else {
                state.isRunning = false
                return nil
            }
            let job = state.jobs.removeFirst()
            state.current = job
            return job
        }
    }

    private static func image(
        _ found: FoundFrame, for job: ThumbnailJob, converter: RGBAImageConverter
    ) throws(ImageGenerationError) -> GeneratedImage {
        let frame = try filtered(found.frame, through: job.videoFilterChain)
        let (width, height) = RGBAImageConverter.fittedSize(
            width: frame.width, height: frame.height, maximum: job.maximumSize.map { ($0.width, $0.height) })
        do {
            let converted = try converter.convert(frame, width: width, height: height)
            return GeneratedImage(
                width: converted.width, height: converted.height, rgba: converted.rgba, actualTime: found.actualTime,
                requestedTime: job.request.time)
        } catch {
            throw .decodingFailed("cannot convert the frame to RGBA: \(error)")
        }
    }

    /// `frame` through `chain` (itself without one): the last picture the chain gives for it,
    /// drained at once, so a filter that waits for the next frame still answers.
    private static func filtered(
        _ frame: DecodedVideoFrame, through chain: String?
    ) throws(ImageGenerationError) -> DecodedVideoFrame {
        guard let chain else { return frame }
        do {
            let filters = try VideoFilterChain(chain: chain, timeBase: Rational(numerator: 1, denominator: 1_000_000))
            let output = try filters.process(frame) + filters.drain()
            guard let last = output.last else { throw FFmpegError.invalidData }
            return last
        } catch {
            throw .decodingFailed("the video filters '\(chain)' failed: \(error)")
        }
    }

    /// Nice 10 for this thread only: Linux keeps the nice value per thread, and
    /// `setpriority(PRIO_PROCESS, 0, …)` applies to the calling one.
    private static func lowerPriority() {
        #if canImport(Glibc)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }
}
