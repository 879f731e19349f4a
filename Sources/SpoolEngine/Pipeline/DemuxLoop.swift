import Foundation
import SpoolCore
import SpoolMedia

/// The demux thread: reads packets and routes them to the audio and video packet queues,
/// performs seeks, and reports buffer levels. The only thread that touches the packet source.
/// Made and run on the demux thread, so it is not `Sendable`.
final class DemuxLoop {
    private let source: any PacketSource
    private let control: PipelineControl
    private let videoPackets: BoundedBlockingQueue<PacketItem>?
    private let audioPackets: BoundedBlockingQueue<PacketItem>?
    private let report: @Sendable (ItemPlaybackEvent) -> Void
    private let clock: PlaybackClock
    private let itemName: String
    /// Whether the item's first frame was shown (`holdsForFirstFrame`).
    private var firstFrameSeen = false
    /// The decoding order key (`videoKey`) of the last video packet queued in this generation.
    private var lastVideoKey: MediaTime?
    /// After an audio track switch re-read from an earlier keyframe: video packets up to this
    /// key were queued already and are dropped.
    private var skipVideoThrough: MediaTime?
    /// The generation whose release the decoders were told of.
    private var releasedGeneration: Int?
    /// The generation whose end the video queue was given (not given twice when an audio
    /// switch re-reads the end).
    private var videoFinishedGeneration: Int?
    /// Where the caption bytes of the video packets queued go (an HLS item's closed captions).
    private let captionTap: CaptionTap?
    /// Where a full packet queue must fall before the demuxer reads on (`push`'s
    /// `resumeBelow`): a second below its capacity (at most a third of it, so a refill never
    /// takes it below `isLikelyToKeepUp`'s half) when the item has one queue. Refilled a second
    /// at a time, an audio-only item wakes this thread about once a second instead of for every
    /// packet played (47 times a second for AAC at 48 kHz; about 1,000 wake-ups and 10 ms of
    /// CPU over 20 s, the cost of reading 3 s ahead instead of 10). `nil` with two queues: the
    /// demuxer blocked on a full video queue may be what the audio thread waits for (its next
    /// packet is behind the video's in the file), and video a decoder drains slower than the
    /// clock could run the audio dry before the video queue fell that far; there every packet
    /// taken lets the demuxer on, as before.
    private let refillBelow: Int64?

    init(
        source: any PacketSource, control: PipelineControl, videoPackets: BoundedBlockingQueue<PacketItem>?,
        audioPackets: BoundedBlockingQueue<PacketItem>?, clock: PlaybackClock, itemName: String,
        captionTap: CaptionTap? = nil, report: @escaping @Sendable (ItemPlaybackEvent) -> Void
    ) {
        self.captionTap = captionTap
        captionTap?.setStream(source.video)
        let queues = [videoPackets, audioPackets].compactMap { $0 }
        refillBelow = queues.count == 1 ? queues[0].capacity - min(1_000_000, queues[0].capacity / 3) : nil
        self.source = source
        self.control = control
        self.videoPackets = videoPackets
        self.audioPackets = audioPackets
        self.clock = clock
        self.itemName = itemName
        self.report = report
    }

    /// Runs until the pipeline stops. Blocks: call on the demux thread only.
    func run() {
        var generation = 0
        var atEnd = false
        let endTime = control.withLock { $0.endTime }
        // Streams that reached `endTime` in this generation; at the end when every queue did.
        var passedEnd: Set<AssetTrack.MediaKind> = []
        // Streams that queued a packet in this generation (`startsStarved`).
        var started: Set<AssetTrack.MediaKind> = []
        let queuedKinds =
            Set([videoPackets.map { _ in .video }, audioPackets.map { _ in .audio }].compactMap { $0 })
            as Set<AssetTrack.MediaKind>
        var lastLikelyToKeepUp: Bool?
        while true {
            if !atEnd, holdsForFirstFrame() {
                // Start-up: enough is queued for the first frame; reading further would only
                // compete with its decoding (and, for HLS, fetch ahead). Re-checked every 20 ms
                // in case the decoder wants more than that before its first picture.
                _ = control.wait(timeout: .milliseconds(20)) { $0.endsFirstFrameHold ? true : nil }
                continue
            }
            // Pick up a pending seek, or wait at the end of the stream for one.
            let command = control.wait(timeout: nil) { state in
                state.nextDemuxCommand(atEnd: atEnd, releasedGeneration: releasedGeneration)
            }
            switch command {
            case .stop, nil:
                return
            case .release(let released):
                releasedGeneration = released
                for queue in [videoPackets, audioPackets].compactMap({ $0 }) {
                    queue.push(PacketItem(generation: released, content: .releaseResources), cost: 0)
                }
                continue
            case .seek(let request, let newGeneration):
                generation = newGeneration
                atEnd = false
                passedEnd = []
                started = []
                lastVideoKey = nil
                skipVideoThrough = nil
                perform(request, generation: newGeneration)
                continue
            case .switchAudio(let request, let current):
                generation = current
                if switchAudio(request, generation: generation) {
                    atEnd = false
                    passedEnd.remove(.audio)
                }
                continue
            case .read(let current):
                generation = current
            }
            do {
                guard let read = try source.read() else {
                    if let earlyEnd = source.earlyEnd {
                        control.update { state in
                            if state.generation == generation { state.earlyEnd = earlyEnd }
                        }
                    }
                    finish(.endOfStream, generation: generation)
                    atEnd = true
                    continue
                }
                switch read {
                case .packet(let packet):
                    if let endTime, Self.starts(packet, atOrAfter: endTime) || passedEnd.contains(packet.kind) {
                        passedEnd.insert(packet.kind)
                        if queuedKinds.isSubset(of: passedEnd) {
                            finish(.endOfStream, generation: generation)
                            atEnd = true
                        }
                        continue
                    }
                    if packet.kind == .video {
                        guard admitVideo(packet) else { continue }
                        captionTap?.add(packet, generation: generation)
                    }
                    let queue = packet.kind == .video ? videoPackets : audioPackets
                    let cost = Self.cost(of: packet)
                    let starved = startsStarved(other: packet.kind == .video ? .audio : .video, started: started)
                    started.insert(packet.kind)
                    queue?.push(
                        PacketItem(generation: generation, content: .packet(packet)), cost: cost,
                        overCapacity: (packet.kind == .audio && awaitsPausedLandingFrame(generation))
                            || (starved && (queue?.totalCost ?? 0) < Self.startOverflowLimit(of: queue)),
                        resumeBelow: refillBelow)
                case .streamChange(let video, let audio):
                    if let video {
                        captionTap?.setStream(video)
                        videoPackets?.push(PacketItem(generation: generation, content: .streamChange(video)), cost: 0)
                    }
                    if let audio {
                        audioPackets?.push(PacketItem(generation: generation, content: .streamChange(audio)), cost: 0)
                    }
                }
                let likely = isLikelyToKeepUp()
                if likely != lastLikelyToKeepUp {
                    lastLikelyToKeepUp = likely
                    reportBuffer(likelyToKeepUp: likely)
                }
                // A full queue blocks the next push: waiting for more would wait forever.
                setBufferCanResume(likely || isFull())
            } catch {
                if control.withLock({ $0.stopped }) { return }
                guard case .failed(let failure) = error else { return }
                control.update { state in
                    if state.generation == generation { state.readFailure = failure }
                }
                finish(.failure(failure), generation: generation)
                atEnd = true
            }
        }
    }

    /// Whether the `other` stream has queued nothing yet in this generation while it has a
    /// queue: its thread then waits for its first packet, and the clock for its first sample
    /// or frame, so a push of this stream must not block on a full queue. A fragmented MP4
    /// read from a pipe holds each fragment's video before its audio (4 s of video with a 3 s
    /// queue): the demuxer blocked on the full video queue, the audio never came, the clock
    /// never started, and `spool play -` never ended. Seekable files are interleaved by the
    /// demuxer; this is the order of the bytes, so the start of each generation (the start
    /// and every seek) may read that far before the other stream's first packet.
    private func startsStarved(other: AssetTrack.MediaKind, started: Set<AssetTrack.MediaKind>) -> Bool {
        guard !started.contains(other) else { return false }
        return (other == .video ? videoPackets : audioPackets) != nil
    }

    /// How far a queue may grow past its capacity while the other stream has not started:
    /// ten times it (30 s of a local file's packets), so a stream that never comes (a track
    /// declared and empty) costs bounded memory; past it the push waits as before.
    private static func startOverflowLimit(of queue: BoundedBlockingQueue<PacketItem>?) -> Int64 {
        (queue?.capacity ?? 0) * 10
    }

    /// Whether a seek made while paused still waits for its landing frame in `generation`.
    /// The paused audio thread takes nothing until playback resumes, so audio read on the way
    /// to the frame (from the keyframe before the target) would fill its queue and block the
    /// demuxer before the video got there: the seek would never complete. That audio is let
    /// over the budget instead; it is bounded by the keyframe interval.
    private func awaitsPausedLandingFrame(_ generation: Int) -> Bool {
        guard videoPackets != nil else { return false }
        return control.withLock { state in
            state.rate == 0 && state.generation == generation && state.seek != nil && !state.generationStarted
        }
    }

    /// How far before the playhead an audio switch re-reads: more than the audio thread
    /// writes ahead of what is heard (the output's latency and one packet), so the new
    /// track's packets cover the end of what was written.
    static let audioSwitchReread = MediaTime(value: 2, timescale: 1)

    /// Switches a file's audio track while playing: the queued packets of the old track are
    /// dropped, the source goes back before the playhead and reads the new track from there,
    /// and the audio thread starts it at the end of what it wrote (`trackSwitch`). Video is
    /// not touched: the packets read again up to the last one queued are dropped. Returns
    /// whether the source switched.
    private func switchAudio(_ request: AudioSwitchRequest, generation: Int) -> Bool {
        guard let audioPackets else { return false }
        let playhead = clock.mediaTimeNow
        let start = source.startTime.isNumeric ? source.startTime : .zero
        var from = playhead.isNumeric ? playhead - Self.audioSwitchReread : start
        if from < start { from = start }
        guard let stream = source.switchAudio(to: request.streamIndex, rereadingFrom: from) else { return false }
        audioPackets.flush()
        audioPackets.push(PacketItem(generation: generation, content: .trackSwitch(stream)), cost: 0)
        skipVideoThrough = lastVideoKey
        return true
    }

    /// Whether a video packet goes to the queue: not when an audio switch read it again.
    private func admitVideo(_ packet: DemuxedPacket) -> Bool {
        let key = Self.videoKey(packet)
        if let skip = skipVideoThrough, let key {
            if key <= skip { return false }
            skipVideoThrough = nil
        }
        if let key { lastVideoKey = key }
        return true
    }

    /// A video packet's place in decoding order: its decoding time, else its presentation time.
    private static func videoKey(_ packet: DemuxedPacket) -> MediaTime? {
        if packet.decodeTime.isNumeric { return packet.decodeTime }
        return packet.presentationTime.isNumeric ? packet.presentationTime : nil
    }

    private func perform(_ request: SeekRequest, generation: Int) {
        do {
            let keyframe = try source.seek(to: request.target, generation: generation)
            // Before this generation's first packet is queued, so both decoders read it.
            if let keyframe, let landing = request.landing(onKeyframeAt: keyframe) {
                control.update { state in
                    if state.generation == generation, state.seek == request { state.seek = landing }
                }
            }
        } catch {
            // Not seekable or the seek failed: playback continues from where it is; the
            // decoders still discard up to the target, so an accurate seek still lands.
        }
    }

    private func finish(_ content: PacketItem.Content, generation: Int) {
        control.update { state in
            if state.generation == generation { state.sourceEnded = true }
        }
        captionTap?.finish(generation: generation)
        if videoFinishedGeneration != generation {
            videoFinishedGeneration = generation
            videoPackets?.push(PacketItem(generation: generation, content: content), cost: 0)
        }
        audioPackets?.push(PacketItem(generation: generation, content: content), cost: 0)
        reportBuffer(likelyToKeepUp: true)
        setBufferCanResume(true)
    }

    /// Publishes the judgement a stalled audio thread waits for; signals only on a change,
    /// so the per-packet check costs one uncontended lock.
    private func setBufferCanResume(_ canResume: Bool) {
        guard control.withLock({ $0.bufferCanResume != canResume }) else { return }
        control.update { $0.bufferCanResume = canResume }
    }

    /// Before the first frame: whether every active queue already holds a second of media (or
    /// one is full), so reading can wait for the first frame.
    private func holdsForFirstFrame() -> Bool {
        // Once shown, the first frame stays shown: no lock per packet after that.
        if firstFrameSeen { return false }
        firstFrameSeen = control.withLock { $0.firstFrameReported }
        if firstFrameSeen { return false }
        let queues = [videoPackets, audioPackets].compactMap { $0 }
        if queues.contains(where: { $0.totalCost >= $0.capacity }) { return true }
        return queues.allSatisfy { $0.totalCost >= min(Self.firstFramePreroll, $0.capacity / 2) }
    }

    /// How much media (microseconds) each queue holds before the first frame.
    static let firstFramePreroll: Int64 = 1_000_000

    private func isLikelyToKeepUp() -> Bool {
        // Two seconds ahead in every active queue is enough not to stall on a local file or
        // a steady network; a full queue always is.
        let threshold: Int64 = 2_000_000
        for queue in [videoPackets, audioPackets].compactMap({ $0 }) {
            if queue.totalCost < min(threshold, queue.capacity / 2) { return false }
        }
        return true
    }

    private func reportBuffer(likelyToKeepUp: Bool) {
        let queues = [videoPackets, audioPackets].compactMap { $0 }
        let empty = queues.allSatisfy { $0.count == 0 }
        let playhead = clock.mediaTimeNow
        let aheadMicroseconds = queues.map(\.totalCost).max() ?? 0
        let loaded =
            playhead.isNumeric
            ? [TimeRange(start: playhead, duration: MediaTime(value: aheadMicroseconds, timescale: 1_000_000))] : []
        report(
            .buffer(
                ItemBufferStatus(
                    isPlaybackLikelyToKeepUp: likelyToKeepUp, isPlaybackBufferEmpty: empty,
                    isPlaybackBufferFull: isFull(), loadedTimeRanges: loaded)))
    }

    private func isFull() -> Bool {
        [videoPackets, audioPackets].compactMap { $0 }.contains { $0.totalCost >= $0.capacity }
    }

    /// Whether `packet` is decoded at or after `time`: every frame shown before `time` was
    /// decoded from an earlier packet, since decode times never exceed presentation times.
    static func starts(_ packet: DemuxedPacket, atOrAfter time: MediaTime) -> Bool {
        let decodeTime = packet.decodeTime.isNumeric ? packet.decodeTime : packet.presentationTime
        return decodeTime.isNumeric && decodeTime >= time
    }

    /// A packet's cost in the queue: its duration in microseconds (a typical frame's when the
    /// container gives none), so queues are bounded by media duration.
    static func cost(of packet: DemuxedPacket) -> Int64 {
        let duration = packet.duration
        if duration.isNumeric, duration > .zero {
            return max(Int64(duration.seconds * 1_000_000), 1)
        }
        return packet.kind == .video ? 40_000 : 20_000
    }
}
