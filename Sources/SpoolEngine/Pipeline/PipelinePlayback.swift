import Foundation
import SpoolCore
import SpoolHLS
import SpoolMedia

/// The real engine for one item: a demux thread, a video decode thread, a render thread and
/// an audio thread around FFmpeg, connected by duration-bounded queues (§3 of the design).
///
/// Threads, not tasks: every stage blocks (I/O, decoding, device writes), and blocking the
/// cooperative pool would starve every task in the process. The threads share one
/// `PipelineControl`; commands from the main actor change it and return at once.
package final class PipelinePlayback: ItemPlayback {
    package let events: AsyncStream<ItemPlaybackEvent>
    let continuation: AsyncStream<ItemPlaybackEvent>.Continuation
    let asset: URLAsset
    let configuration: PlayerConfiguration
    let forwardBufferMicroseconds: Int64
    let hlsConfiguration: HLSStreamConfiguration
    /// The item's key provider for AES-128 segments; `nil` fetches the key URIs.
    let contentKeyProvider: (any ContentKeyProvider)?
    let itemName: String
    /// `PlayerItem.forwardPlaybackEndTime` and the interstitial cut, resolved once the source is open.
    let forwardPlaybackEndTime: MediaTime
    let interstitialCut: InterstitialCut?
    /// `PlayerItem.failsOnEarlyEnd`: a truncated file fails the item instead of warning.
    let failsOnEarlyEnd: Bool
    let playoutLimit: MediaTime?
    let control: PipelineControl
    let clock: PlaybackClock
    /// What `currentTime()` reported last.
    let reportedTime = Locked(ReportedPlayhead())
    let counters = PipelineStatistics()
    let canceller = Demuxer.Canceller()
    let running = Locked(Running())
    /// The renditions the item plays (HLS), as asked for and as switched while playing.
    let choices: RenditionChoices
    /// The tracks the item plays (a file), as asked for and as switched while playing.
    let trackChoices: FileTrackChoices
    /// A sidecar subtitle file for the item.
    let externalSubtitleURL: URL?
    /// Cancels the rendition and subtitle streams when the item stops.
    let cancels = CancelGroup()
    /// Whether this item's last frame is out, and the prerolled next item's control to tell.
    let videoHandOff = Locked<(done: Bool, successor: PipelineControl?)>((false, nil))
    /// Every thread the item started (demux, decoders, render, audio, subtitles).
    let threads = Locked<[SpoolThread]>([])

    /// What exists once the item is open; read by commands from the main actor.
    struct Running {
        var audioOutput: (any AudioOutput)?
        var queues: [any PipelineQueue] = []
        var bytesRead: (@Sendable () -> Int64)?
        /// The HLS segment stream's record, for an HLS item.
        var hlsStatistics: (@Sendable () -> HLSStreamStatistics)?
        /// Stops a source the canceller cannot reach (an HLS segment stream between runs).
        var cancelSource: (@Sendable () -> Void)?
        /// The variant the item was last pinned to while playing (`.some(nil)`: adaptive
        /// again); `nil` while nothing changed since it started.
        var pinnedVariant: Int??
        /// Pins the HLS segment stream's variant, once the stream exists.
        var pinVariant: (@Sendable (Int?) -> Void)?
        /// Where an HLS item's subtitle cues go on its timeline, once its video is open.
        var subtitleTimeline: SubtitleTimeline?
        /// Unregisters from the video output's visibility reports (background playback).
        var stopObservingVisibility: (@Sendable () -> Void)?
    }

    /// Where the item's audio goes: a lease on the player's shared output.
    let sharedAudio: SharedAudioOutput?

    package init(request item: PipelineItemRequest, configuration: PlayerConfiguration, sharedAudio: SharedAudioOutput?)
    {
        (events, continuation) = AsyncStream.makeStream(of: ItemPlaybackEvent.self)
        self.sharedAudio = sharedAudio
        asset = item.asset
        choices = RenditionChoices(request: item.mediaSelection)
        trackChoices = FileTrackChoices(request: item.mediaSelection)
        externalSubtitleURL = item.externalSubtitleURL
        contentKeyProvider = item.contentKeyProvider
        self.configuration = configuration
        clock = PlaybackClock(host: configuration.engineClock)
        itemName = item.asset.url.redactedForDisplay
        forwardPlaybackEndTime = item.forwardPlaybackEndTime
        interstitialCut = item.interstitialCut
        failsOnEarlyEnd = item.failsOnEarlyEnd
        playoutLimit = item.playoutLimit
        let preferred = item.preferredForwardBufferDuration
        // A local file reads 3 s ahead: 10 s cost ~5 MiB of RSS at 1080p (docs/ARCHITECTURE.md,
        // Memory), and a disk needs no cushion against a slow link.
        let automatic: Double = item.asset.url.isFileURL ? 3 : 30
        forwardBufferMicroseconds = Int64((preferred > 0 ? preferred : automatic) * 1_000_000)
        var initial = PipelineControlState()
        initial.audioFilterChain = configuration.audioFilterChain
        initial.videoFilterChain = configuration.videoFilterChain
        let control = PipelineControl(initial)
        self.control = control
        var hls = HLSStreamConfiguration(
            forwardBuffer: .milliseconds(Int64(preferred * 1000)), peakBitRate: Int(item.preferredPeakBitRate),
            maximumResolution: item.preferredMaximumResolution,
            viewportSize: Self.viewportSize(of: item.limitsResolutionToViewport ? configuration.videoOutput : nil),
            pinnedVariant: item.preferredVariantIndex,
            hasStarted: { control.withLock { $0.firstFrameReported } })
        // Playlists, keys and segments wait for a lost network as progressive reads do.
        hls.retry.networkPath = PlaybackNetworkPath.shared
        hlsConfiguration = hls
    }

    /// The HLS viewport cap's source: the output's viewport now, asked once per segment.
    private static func viewportSize(of output: (any VideoOutput)?) -> @Sendable () -> Resolution? {
        guard let output else { return { nil } }
        return { [weak output] in output?.viewportSize }
    }

    package func start(at startTime: MediaTime?) {
        let startedAt = clock.hostNow
        if let startTime, startTime.isNumeric {
            control.update { state in
                let request = SeekRequest(
                    id: 0, target: state.streamTime(ofItemTime: startTime), toleranceBefore: .zero,
                    toleranceAfter: .zero)
                state.seek = request
                state.pendingDemuxSeek = request
            }
        }
        let asset = asset
        Task { @concurrent [self] in
            let tracks: [AssetTrack]
            let container: OpenedContainer?
            do {
                let (isPlayable, loadedTracks, opened) = try await asset.loadForPlayback()
                guard isPlayable else { throw AssetLoadError.notPlayable }
                tracks = loadedTracks
                container = opened
            } catch let error as AssetLoadError {
                if error != .cancelled { fail(PlaybackError(error)) }
                return
            } catch {
                fail(PlaybackError(.system, "\(itemName): \(error)"))
                return
            }
            let gain = await replayGainFactor(of: asset)
            // Stopped meanwhile: the demux thread still runs, to close the probe's container
            // where FFmpeg objects are freed, off the cooperative pool.
            let stopped = !control.update { state in
                state.audioGain = gain
                return state.advance(.probed)
            }
            startThread("spool-demux") { [self] in
                if stopped { return withExtendedLifetime(container) {} }
                openAndRun(startedAt: startedAt, tracks: tracks, container: container)
            }
        }
    }

    package func prepareAsNext(after current: (any ItemPlayback)?) {
        control.update { $0.isActive = false }
        if let current = current as? PipelinePlayback {
            let done = current.videoHandOff.withLock { handOff -> Bool in
                handOff.successor = control
                return handOff.done
            }
            if done { control.update { $0.previousVideoDone = true } }
        } else {
            control.update { $0.previousVideoDone = true }
        }
        start(at: nil)
    }

    /// This item presented its last frame (or has no video, or stopped): a prerolled next
    /// item may present its first.
    func videoFinished() {
        let successor = videoHandOff.withLock { handOff -> PipelineControl? in
            handOff.done = true
            return handOff.successor
        }
        successor?.update { $0.previousVideoDone = true }
    }

    package func activate() {
        let (wasActive, rate, stalled) = control.update { state -> (Bool, Double, Bool) in
            defer { state.isActive = true }
            return (state.isActive, state.rate, state.isStalled)
        }
        guard !wasActive else { return }
        // The clock held still while prerolled (unless its audio already plays: the hand-over
        // anchored it); from now on it follows the rate as for any current item.
        let now = clock.hostNow
        if rate > 0 { clock.setRate(rate, at: now) }
        if !stalled, !hasAudioPlaying { clock.setPaused(rate == 0, at: now) }
    }

    /// Whether the item's audio has the device (a prerolled item's after the hand-over).
    private var hasAudioPlaying: Bool {
        (running.withLock { $0.audioOutput } as? AudioOutputLease)?.turn == .active
    }

    package func setRate(_ rate: Double, algorithm: AudioTimePitchAlgorithm) {
        let audioPlaying = hasAudioPlaying
        // The clock changes under the control lock, where the audio thread checks the rate
        // before it restarts the clock: a pause can never be undone by a write that saw the
        // rate before it.
        control.update { state in
            state.rate = rate
            state.algorithm = algorithm
            if rate > 0 { state.resourcesReleased = false }
            guard state.isActive || audioPlaying else { return }
            let now = clock.hostNow
            if rate > 0 { clock.setRate(rate, at: now) }
            if !state.isStalled { clock.setPaused(rate == 0, at: now) }
        }
        running.withLock { $0.audioOutput }?.setPaused(rate == 0)
    }

    package func setVolume(_ volume: Float) {
        control.update { $0.volume = volume }
        running.withLock { $0.audioOutput }?.setVolume(volume)
    }

    package func setAudioDelay(_ delay: MediaTime) {
        control.update { $0.audioDelay = delay.isNumeric ? delay : .zero }
    }

    package func setSubtitleDelay(_ delay: MediaTime) {
        control.update { $0.subtitleDelay = delay.isNumeric ? delay : .zero }
    }

    package func setFilterChains(audio: String?, video: String?) {
        control.update { state in
            state.audioFilterChain = audio
            state.videoFilterChain = video
        }
    }

    package func pinVariant(_ index: Int?) {
        let pin = running.withLock { running in
            running.pinnedVariant = .some(index)
            return running.pinVariant
        }
        pin?(index)
    }

    package func setWaitsToMinimizeStalling(_ waits: Bool) {
        control.update { $0.waitsToMinimizeStalling = waits }
    }

    @discardableResult
    package func seek(to time: MediaTime, toleranceBefore: MediaTime, toleranceAfter: MediaTime, id: Int) -> Bool {
        let lease = running.withLock { $0.audioOutput } as? AudioOutputLease
        let outcome = control.update { state -> SeekOutcome in
            if state.audioHandedOver {
                // The next item already plays on this item's audio device. An item that ended
                // (or whose audio thread is gone) is past seeking: the seek never completes
                // here, the item ends with its video, and the player completes its pending
                // seeks with `false` then. Otherwise the device comes back once the next
                // item has left it (the player stops it and asks again).
                guard !state.endReported, !state.audioWritesEnded else { return .refused }
                guard lease?.reclaim() == true else { return .needsAudioDevice }
                state.audioHandedOver = false
            }
            let request = SeekRequest(
                id: id, target: state.streamTime(ofItemTime: time), toleranceBefore: toleranceBefore,
                toleranceAfter: toleranceAfter)
            state.beginGeneration(for: request, holdingReads: false)
            // The clock jumps to the target; the new generation's audio (or first frame)
            // re-anchors it. Under the control lock, like the audio thread's anchor, which
            // checks the generation there: a write of the old stretch cannot move it back.
            clock.anchor(media: request.target, at: clock.hostNow)
            return .began(state.generation)
        }
        switch outcome {
        case .began(let generation):
            discardQueues(before: generation)
            return true
        case .refused: return true
        case .needsAudioDevice: return false
        }
    }

    /// What a seek request came to, decided under the control lock.
    private enum SeekOutcome {
        case began(Int)
        case refused
        case needsAudioDevice
    }

    /// The item's ReplayGain factor under the configuration's mode (1 when off, untagged, or
    /// for an asset without metadata, as HLS).
    private func replayGainFactor(of asset: URLAsset) async -> Float {
        guard configuration.replayGain != .off,
            let tags = try? await asset.load(.metadata).replayGain
        else { return 1 }
        return tags.factor(
            mode: configuration.replayGain, preamp: configuration.replayGainPreamp,
            preventsClipping: configuration.replayGainPreventsClipping)
    }

    /// Wakes producers blocked on full queues: what they hold is stale now. The demux thread
    /// may already have queued the new generation's first packets (it saw the generation
    /// change at once): only what is older goes.
    private func discardQueues(before generation: Int) {
        for queue in running.withLock({ $0.queues }) { queue.discard(before: generation) }
    }

    /// Frees what a long pause holds: the queued packets and frames, and the decoders'
    /// pooled pictures. Only while paused, after the first frame, with nothing pending. It is
    /// an exact seek to the paused position that the demuxer holds until playback resumes
    /// (or another seek comes): then reading starts again from the keyframe before it and
    /// the picture goes on from the frame it stopped at.
    package func releaseResources() {
        let generation = control.update { state -> Int? in
            guard !state.stopped, !state.audioHandedOver, state.rate == 0, state.firstFrameReported,
                state.generationStarted,
                !state.resourcesReleased, state.pendingDemuxSeek == nil, !state.isStalled
            else { return nil }
            let paused = clock.mediaTimeNow
            guard paused.isNumeric else { return nil }
            let request = SeekRequest(
                id: Self.releaseSeekID, target: paused, toleranceBefore: .zero, toleranceAfter: .zero)
            return state.beginGeneration(for: request, holdingReads: true)
        }
        guard let generation else { return }
        discardQueues(before: generation)
    }

    /// The seek ID of a release's re-read: no `Player` seek waits for it.
    static let releaseSeekID = -1

    /// The clock's time on the item's timeline (from 0, however the stream's timestamps
    /// start), never behind what was reported before (`ReportedPlayhead`). Until a seek's
    /// first frame (or first audio, without video) is out, no further than the seek's target:
    /// the clock runs from the target as soon as the seek begins, but nothing has played
    /// past it, and a pause then must not report a time the picture never reached. Never past
    /// the item's duration, when known: a seek beyond the end, or the clock running on until
    /// both streams have reported their end, must not read a time the item does not have.
    package func currentTime() -> MediaTime {
        let (stretch, origin, heldAt, duration) = control.withLock {
            (
                ReportedPlayhead.Stretch.of(
                    generation: $0.generation, started: $0.generationStarted, beganWithASeek: $0.seek != nil),
                $0.timelineOrigin, $0.generationStarted ? nil : $0.seek?.target, $0.itemDuration
            )
        }
        var time = clock.mediaTimeNow
        if let heldAt, heldAt.isNumeric, time.isNumeric, time > heldAt { time = heldAt }
        var playhead = time.isNumeric ? time - (origin ?? .zero) : .zero
        if let duration, playhead > duration { playhead = duration }
        return reportedTime.withLock { $0.report(playhead, in: stretch) }
    }

    /// Starts one of the item's threads; `threadsFinished()` waits for it.
    func startThread(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = SpoolThread.start(name, clock: clock.host, body)
        threads.withLock { $0.append(thread) }
    }

    /// Suspends until every thread the item started has returned (after `stop()`, or the
    /// end): the item holds no thread, no FFmpeg object and no output any more.
    package func threadsFinished() async {
        // A thread may start others before it returns (the demux thread starts the rest).
        while let running = threads.withLock({ $0.first { !$0.isFinished } }) { await running.finished() }
    }

    package func statistics() -> PlaybackStatistics {
        var snapshot = counters.snapshot(bytesTransferred: running.withLock { $0.bytesRead }?() ?? 0)
        snapshot.bufferedBytes = Int64(running.withLock { $0.queues }.reduce(0) { $0 + $1.heldBytes })
        if let hls = running.withLock({ $0.hlsStatistics })?() {
            snapshot.variantSwitches = hls.variantSwitches
            snapshot.indicatedBitrate = hls.indicatedBitrate
            snapshot.observedBitrate = hls.observedBitrate ?? 0
        }
        return snapshot
    }

    package func stop() {
        guard control.update({ $0.advance(.stop) }) else { return }
        videoFinished()
        canceller.cancel()
        running.withLock { $0.cancelSource }?()
        cancels.cancelAll()
        let (output, queues, stopObservingVisibility) = running.withLock {
            ($0.audioOutput, $0.queues, $0.stopObservingVisibility)
        }
        stopObservingVisibility?()
        for queue in queues { queue.shutDown() }
        output?.stop()
        continuation.finish()
    }

    func fail(_ failure: PlaybackError) {
        continuation.yield(.failed(failure))
        continuation.finish()
    }
}

/// The queue operations the pipeline needs without knowing the element type.
protocol PipelineQueue: Sendable {
    /// Drops what was queued for generations before `generation` (a seek), waking a blocked
    /// producer.
    func discard(before generation: Int)
    /// Drops everything and ends the queue (stop).
    func shutDown()
    /// The bytes of media held: packet payloads, decoded pictures.
    var heldBytes: Int { get }
}

/// A queue element that carries the pipeline generation it was made for.
protocol GenerationTagged: Sendable {
    var generation: Int { get }
    /// The bytes of media it holds.
    var byteCount: Int { get }
}

extension PacketItem: GenerationTagged {
    var byteCount: Int {
        if case .packet(let packet) = content { packet.byteCount } else { 0 }
    }
}

extension FrameItem: GenerationTagged {
    var byteCount: Int {
        guard case .frame(let frame) = content else { return 0 }
        return (0..<frame.planeCount).reduce(0) { total, plane in
            total + frame.withPlane(plane) { bytes, _ in bytes.byteCount }
        }
    }
}

extension BoundedBlockingQueue: PipelineQueue where Element: GenerationTagged {
    var heldBytes: Int { sum(\.byteCount) }
    func discard(before generation: Int) { discard { $0.generation < generation } }
    func shutDown() {
        flush()
        close()
    }
}
