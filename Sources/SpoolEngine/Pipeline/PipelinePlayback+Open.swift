import Foundation
import SpoolCore
import SpoolMedia

extension PipelinePlayback {
    /// Less audio than this queued (a packet queue's cost is media microseconds) while the
    /// video packets ran out: the source is starved for both, and the render thread may find a
    /// stall before the audio runs dry.
    static let starvedAudioMicroseconds: Int64 = 1_000_000

    /// Opens the item and runs the demux loop: on the demux thread, never the main actor.
    /// `container` is what the item's probe left open, for the demuxer to start from.
    func openAndRun(startedAt: Duration, tracks: [AssetTrack], container: OpenedContainer?) {
        guard let source = openPacketSource(tracks: tracks, container: container) else { return }
        let origin = source.timelineOrigin
        control.update {
            $0.settleTimelineOrigin(origin)
            $0.itemDuration = source.duration.isNumeric && source.duration > .zero ? source.duration : nil
        }
        settleEndTime(of: source)
        guard let subtitles = prepareSubtitles(mediaStart: source.startTime) else { return }

        let videoStream = configuration.videoOutput != nil ? source.video : nil
        var audioOutput: (any AudioOutput)?
        // A prerolled item's audio waits its turn: the current item hands the device over.
        let isActive = control.withLock { $0.isActive }
        if source.audio != nil, let sharedAudio {
            do {
                audioOutput = try sharedAudio.lease(waitingForTurn: !isActive)
            } catch {
                fail(PlaybackError(.audioOutputFailed, "\(error)", underlying: error))
                return
            }
        }
        let audioStream = audioOutput != nil ? source.audio : nil
        guard videoStream != nil || audioStream != nil else {
            fail(PlaybackError(.parsingNotPlayable, "\(itemName): nothing to play with the chosen outputs"))
            return
        }

        // The video output is prepared for the item's stream when the item is current (a
        // prerolled item's, by its render thread once the player made it current).
        var prepareVideoOutput: (@Sendable () throws(VideoOutputError) -> Void)?
        if let videoStream, let preparing = configuration.videoOutput as? any StreamPreparingVideoOutput {
            let containerStart = source.startTime
            prepareVideoOutput = { () throws(VideoOutputError) in
                try preparing.prepare(for: videoStream, containerStartTime: containerStart)
            }
        }
        if isActive, let prepare = prepareVideoOutput {
            prepareVideoOutput = nil
            do {
                try prepare()
            } catch {
                audioOutput?.stop()
                fail(PlaybackError(.videoOutputFailed, "\(error)", underlying: error))
                return
            }
        }
        let events = PipelineEvents(
            control: control, clock: clock, continuation: continuation, statistics: counters,
            hasVideo: videoStream != nil,
            hasAudio: audioStream != nil, startedAt: startedAt, failsOnEarlyEnd: failsOnEarlyEnd)
        let videoPackets = videoStream.map { _ in BoundedBlockingQueue<PacketItem>(capacity: forwardBufferMicroseconds)
        }
        let audioPackets = audioStream.map { _ in BoundedBlockingQueue<PacketItem>(capacity: forwardBufferMicroseconds)
        }
        let frames = videoStream.map { _ in BoundedBlockingQueue<FrameItem>(capacity: configuration.isUntimed ? 8 : 4) }
        let queues: [any PipelineQueue] = [videoPackets, audioPackets].compactMap { $0 } + [frames].compactMap { $0 }

        // Each worker builds its FFmpeg objects on its own thread and keeps them there.
        var workers: [(name: String, body: @Sendable () -> Void)] = []
        let control = control
        let clock = clock
        let counters = counters
        let itemName = itemName
        let isUntimed = configuration.isUntimed
        let decoderThreads = configuration.decoderThreads
        if let videoStream, let videoPackets, let frames, let videoOutput = configuration.videoOutput {
            workers.append(
                (
                    "spool-video-decode",
                    {
                        do {
                            let decoder = try VideoDecoder(stream: videoStream, threadCount: decoderThreads)
                            VideoDecodeLoop(
                                decoder: decoder, threadCount: decoderThreads,
                                acceptedFormats: videoOutput.acceptedPixelFormats, control: control,
                                packets: videoPackets, frames: frames, statistics: counters, clock: clock,
                                tracksKeyframes: videoOutput is any VisibilityReportingVideoOutput, itemName: itemName
                            ).run()
                        } catch {
                            events.fail(
                                PlaybackError(.decodingFailed, "\(itemName): cannot open the video decoder: \(error)"),
                                generation: control.generation)
                        }
                    }
                ))
            let render = RenderLoop(
                output: videoOutput, control: control, frames: frames, clock: clock, statistics: counters,
                isUntimed: isUntimed, drivesClock: audioStream == nil, events: events,
                prepareOutput: prepareVideoOutput, finished: { [weak self] in self?.videoFinished() },
                packetsDry: {
                    // Starved for both streams: with a second of audio or more queued, video
                    // missing is sparse video or a video track that ended early (the demuxer
                    // reads on, or waits for room), not a source that ran out.
                    videoPackets.count == 0 && (audioPackets?.totalCost ?? 0) < Self.starvedAudioMicroseconds
                }, clockAudio: audioStream != nil ? audioOutput : nil)
            workers.append(("spool-render", { render.run() }))
        }
        if let audioStream, let audioPackets, let audioOutput {
            workers.append(
                (
                    "spool-audio",
                    {
                        do {
                            let decoder = try AudioDecoder(stream: audioStream)
                            AudioLoop(
                                decoder: decoder, output: audioOutput, control: control, packets: audioPackets,
                                clock: clock, statistics: counters, events: events, itemName: itemName,
                                isUntimed: isUntimed
                            ).run()
                        } catch {
                            events.fail(
                                PlaybackError(.decodingFailed, "\(itemName): cannot open the audio decoder: \(error)"),
                                generation: control.generation)
                        }
                    }
                ))
        }

        if videoStream == nil { videoFinished() }
        let stopObservingVisibility = videoStream != nil ? observeVideoVisibility() : nil
        running.withLock { running in
            running.audioOutput = audioOutput
            running.queues = queues
            running.bytesRead = source.bytesTransferred
            running.stopObservingVisibility = stopObservingVisibility
        }
        // stop() may have run before the queues were registered: then nobody else shuts them.
        let (stopped, rate, volume) = control.withLock { ($0.stopped, $0.rate, $0.volume) }
        if stopped {
            for queue in queues { queue.shutDown() }
            audioOutput?.stop()
            stopObservingVisibility?()
            return
        }
        audioOutput?.setVolume(volume)
        audioOutput?.setPaused(rate == 0)
        // Played faster or slower from the start: the tempo filter's library is loaded before
        // the item is ready, not on the audio thread once it plays.
        if audioOutput != nil, rate > 0, rate != 1 { AudioTempoFilter.prepareLibrary() }
        let sourceStart = source.startTime.isNumeric ? source.startTime : .zero
        // The clock starts at the item's start, or where a seek asked for while the item
        // opened (a start position, a chapter chosen from the probe's list): under the
        // control lock, so a seek made now is not overwritten with the start.
        control.update { state in
            state.advance(.opened)
            let now = clock.hostNow
            clock.anchor(media: state.seek?.target ?? sourceStart, at: now)
            clock.setRate(state.rate > 0 ? state.rate : 1, at: now)
            clock.setPaused(state.rate == 0 || !state.isActive, at: now)
        }

        // A file's tracks as chosen, reported with readiness (as an HLS item's renditions are).
        if !asset.isHLS { continuation.yield(.mediaSelection(trackChoices.selection)) }
        continuation.yield(
            ItemPlaybackEvent.ready(
                ItemPlaybackInfo(
                    duration: source.duration, tracks: tracks,
                    // The track's size even when no video output decodes it (AVPlayerItem's too).
                    presentationWidth: source.video?.presentationSize.width ?? 0,
                    presentationHeight: source.video?.presentationSize.height ?? 0,
                    seekableTimeRanges: source.seekableTimeRanges)
            ).onItemTimeline(from: origin))

        for worker in workers { startThread(worker.name, worker.body) }
        // An HLS item's closed captions come from the video packets read here.
        let captionTap =
            asset.isHLS && videoStream != nil
            ? CaptionTap(listening: choices.subtitles.rendition?.type == .closedCaptions) : nil
        startSubtitles(subtitles, mediaStart: sourceStart, origin: origin, events: events, captionTap: captionTap)
        DemuxLoop(
            source: source, control: control, videoPackets: videoPackets, audioPackets: audioPackets, clock: clock,
            itemName: itemName, captionTap: captionTap,
            report: { [continuation] event in continuation.yield(event.onItemTimeline(from: origin)) }
        ).run()
    }
}
