import SpoolCore
import SpoolMedia

/// The audio thread: decodes, converts to the output's float format, stretches for the
/// playback rate, writes to the audio output — whose blocking writes pace playback — and
/// anchors the master clock after every write (the pts being heard = end of what was
/// written minus the output's latency).
/// Made and run on the audio thread (it owns the decoder, converter and tempo filter), so it
/// is not `Sendable`.
final class AudioLoop {
    private var decoder: AudioDecoder
    private var converter: AudioConverter
    private var tempo: AudioTempoFilter?
    /// The user's filters (`--af`, `PipelineControlState.audioFilterChain`), made for the
    /// converter's format on the first buffer and remade when the chain changes.
    private var filters: AudioFilterChain?
    /// The last non-zero rate: writes made while pausing keep the rate they were decoded for.
    private var playbackRate: Double = 1
    private let output: any AudioOutput
    private let control: PipelineControl
    private let packets: BoundedBlockingQueue<PacketItem>
    private let clock: PlaybackClock
    private let statistics: PipelineStatistics
    private let events: PipelineEvents
    private let itemName: String
    private var writtenEnd: MediaTime = .invalid
    /// Whether anything reached the device (for a prerolled item: the hand-over happened).
    private var hasWritten = false
    /// What the decoder made of this item so far: a stream whose packets all came out as
    /// nothing is a failure with a message (an FFmpeg without support for the format), never
    /// a silent end.
    private var decoding = DecodingTally()
    /// After a seek that discards up to a cutoff, until playback resumes: the clock stays on
    /// the seek's target. Audio written while paused would move it to its first sample, which
    /// the sample-exact trim puts up to a sample before the target (or a codec frame after it)
    /// — a paused exact seek must report exactly where it landed.
    private var holdsSeekTarget = false
    /// Untimed playback: the output never blocks, so pauses are held here (see `write`).
    private let isUntimed: Bool

    init(
        decoder: AudioDecoder, output: any AudioOutput, control: PipelineControl,
        packets: BoundedBlockingQueue<PacketItem>, clock: PlaybackClock, statistics: PipelineStatistics,
        events: PipelineEvents, itemName: String, isUntimed: Bool = false
    ) {
        self.isUntimed = isUntimed
        self.decoder = decoder
        let shared = (output as? AudioOutputLease)?.currentFormat
        self.converter = AudioConverter(outputFormat: shared ?? Self.outputFormat(for: decoder.stream))
        self.output = output
        self.control = control
        self.packets = packets
        self.clock = clock
        self.statistics = statistics
        self.events = events
        self.itemName = itemName
    }

    /// The output format: the stream's own rate and channel count, so nothing is resampled
    /// that need not be.
    static func outputFormat(for stream: MediaStreamInfo) -> AudioFormat {
        AudioFormat(
            sampleRate: stream.sampleRate > 0 ? stream.sampleRate : 48_000, channelCount: max(stream.channelCount, 1))
    }

    /// Runs until the packet queue is closed. Blocks: call on the audio thread only.
    func run() {
        // A prerolled item converts to the format the device plays, known once the current
        // item's audio started it.
        if let lease = output as? AudioOutputLease, let format = lease.formatOnceKnown(),
            format != converter.outputFormat
        {
            converter = AudioConverter(outputFormat: format)
        }
        do {
            try output.start(format: converter.outputFormat)
        } catch {
            events.fail(PlaybackError(.audioOutputFailed, "\(error)"), generation: 0)
            return
        }
        // Commands may have come before the device was open: apply the current ones now.
        let (rate, volume) = control.withLock { ($0.rate, $0.volume) }
        output.setVolume(volume)
        output.setPaused(rate == 0)
        var generation = 0
        // The generation whose data reached this thread (none yet at the start).
        var generationWithData: Int?
        var firstOfGeneration = true
        var trimBefore: MediaTime?
        while let (item, _) = nextPacket(generation: generation, hadData: generationWithData) {
            if item.generation < control.generation { continue }  // read before a seek
            generationWithData = item.generation
            if item.generation != generation {
                let itemGeneration = item.generation
                decoder.flush()
                converter.reset()
                try? tempo?.flush()
                filters?.flush()
                output.flush()
                generation = itemGeneration
                firstOfGeneration = true
                trimBefore = control.withLock { $0.generation == itemGeneration ? $0.seek?.discardBefore : nil }
                holdsSeekTarget = trimBefore != nil
            }
            do {
                switch item.content {
                case .packet(let packet):
                    try sendSkippingDamage(packet)
                    try receiveAll(generation: generation, first: &firstOfGeneration, trimBefore: &trimBefore)
                case .streamChange(let stream):
                    if !decoder.stream.canContinueDecoding(as: stream) {
                        _ = try decoder.sendEndOfStream()
                        try receiveAll(generation: generation, first: &firstOfGeneration, trimBefore: &trimBefore)
                        decoder = try AudioDecoder(stream: stream)
                    }
                case .trackSwitch(let stream):
                    // The old track's decoder state (and what it still holds) is not wanted: the
                    // new track plays from the end of what was written.
                    decoder = try AudioDecoder(stream: stream)
                    converter.reset()
                    filters?.flush()
                    if writtenEnd.isNumeric { trimBefore = writtenEnd }
                case .releaseResources:
                    decoder.flush()
                    converter.reset()
                case .endOfStream, .failure:
                    try sendEndOfStreamSkippingDamage()
                    try receiveAll(generation: generation, first: &firstOfGeneration, trimBefore: &trimBefore)
                    decoder.flush()
                    if let tail = try filters?.drain() {
                        try write(tail, generation: generation, isFirst: firstOfGeneration)
                    }
                    try finishWriting(generation: generation)
                    if case .failure(let failure) = item.content {
                        events.streamEnded(
                            .audio, generation: generation, failure: failure,
                            endsAt: firstOfGeneration ? nil : writtenEnd)
                    } else {
                        let silent = decoding.nothingDecoded(codec: decoder.stream.codecName).map {
                            PlaybackError(.decodingFailed, "\(itemName): audio decoding failed: \($0)")
                        }
                        events.streamEnded(
                            .audio, generation: generation, failure: nil, silentFailure: silent,
                            endsAt: firstOfGeneration ? nil : writtenEnd)
                    }
                }
            } catch let error as AudioOutputError {
                if error == .stopped {
                    // Handed over, then sought back within the last samples: the device plays
                    // the next item now, so this item's audio has ended for good. Nobody takes
                    // audio packets any more: the queue closes, or the demuxer would block on
                    // it once full and starve the video (the item then never ended).
                    if (output as? AudioOutputLease)?.turn == .handedOver {
                        packets.shutDown()
                        events.audioHandedOver()
                    }
                    return
                }
                events.fail(PlaybackError(.audioOutputFailed, "\(error)"), generation: generation)
            } catch {
                events.fail(
                    PlaybackError(.decodingFailed, "\(itemName): audio decoding failed: \(error)"),
                    generation: generation)
            }
        }
    }

    /// Pops the next packet, reporting a stall when the queue stays dry while playing. A short
    /// wait is not a stall: on a local file the demuxer is busy with video packets for a moment.
    /// Nor is waiting for the first data of the item or of a seek (`hadData` names the
    /// generation that had some): that is opening or seeking, not running dry. The clock holds
    /// still either way; the first write of the new data starts it again. Nor, after the
    /// audio's end, is anything: the clock runs on for the video.
    private func nextPacket(generation: Int, hadData: Int?) -> (element: PacketItem, generation: Int)? {
        switch packets.pop(timeout: .milliseconds(100)) {
        case .element(let element, let generation): return (element, generation)
        case .ended: return nil
        case .timedOut: break
        }
        let stallStart = clock.hostNow
        // The clock stops under the control lock, like every change to it (see `write`).
        let wait = control.update { state -> DryWait? in
            // After its end, the audio waits for a seek, not for data: the video may play on
            // (a track shorter than the video), on a clock that must keep running.
            guard state.rate > 0, !state.endReported, !state.isStalled, !state.audioEnded else { return nil }
            clock.setPaused(true, at: stallStart)
            guard state.generation == hadData else { return .firstData }
            state.isStalled = true
            state.bufferCanResume = false  // the audio queue ran dry: not likely to keep up
            // The device holds what it has not played yet, so what is heard stops where the
            // clock stops. Left playing, it would play on past the clock, and the first write
            // after the stall would move the clock ahead by that much, past video frames that
            // were then dropped as late (2 at each stall of a 25 fps download).
            output.setPaused(true)
            return .stall
        }
        guard wait == .stall else { return packets.pop() }
        return control.waitOutStall(
            generation: generation, startedAt: stallStart, clock: clock, statistics: statistics, events: events,
            audio: output, next: { packets.pop() }, endsStream: { Self.endsStream($0.element) })
    }

    /// Why the audio thread waits on an empty queue while playing.
    private enum DryWait {
        /// Data of the current generation played and ran out: a stall, reported.
        case stall
        /// The item or the seek has had no data yet: not a stall.
        case firstData
    }

    private static func endsStream(_ item: PacketItem) -> Bool {
        switch item.content {
        case .endOfStream, .failure: true
        case .packet, .streamChange, .trackSwitch, .releaseResources: false
        }
    }

    /// Offers `packet` to the decoder; a packet it rejects as damaged is skipped and counted,
    /// as ffmpeg does, instead of ending playback.
    private func sendSkippingDamage(_ packet: DemuxedPacket) throws(FFmpegError) {
        decoding.packets += 1
        do {
            _ = try decoder.send(packet)
        } catch {
            guard error.isSkippableDecodeError else { throw error }
            decoding.lastSkipped = error
            statistics.update { $0.damagedPacketsSkipped += 1 }
        }
    }

    /// Tells the decoder the stream ended; an error a damaged last packet left behind is
    /// counted, and the decoder's remaining frames are drained all the same.
    private func sendEndOfStreamSkippingDamage() throws(FFmpegError) {
        do {
            _ = try decoder.sendEndOfStream()
        } catch {
            guard error.isSkippableDecodeError else { throw error }
            statistics.update { $0.damagedPacketsSkipped += 1 }
        }
    }

    private func receiveAll(generation: Int, first: inout Bool, trimBefore: inout MediaTime?) throws {
        var damaged = DamagedFrames()
        defer { if damaged.count > 0 { statistics.update { $0.damagedPacketsSkipped += damaged.count } } }
        defer { if let error = damaged.lastError { decoding.lastSkipped = error } }
        while case .frame(let frame) = try damaged.skipping({ () throws(FFmpegError) in try decoder.receiveFrame() }) {
            decoding.frames += 1
            var buffer = try converter.convert(frame)
            if let cutoff = trimBefore {
                guard let trimmed = Self.trim(buffer, before: cutoff) else { continue }
                buffer = trimmed
                trimBefore = nil
            }
            for piece in try filtered(buffer) { try write(piece, generation: generation, isFirst: first) }
            if first {
                first = false
                events.generationStarted(generation, by: .audio, at: buffer.presentationTime)
            }
        }
    }

    /// `buffer` through the user's filters: itself without a chain; what the chain has ready
    /// (nothing while it fills up) with one. Its output keeps the input's timeline, so the
    /// clock anchored on it stays on the picture however long the chain holds samples. When
    /// the chain changed (the IPC's `af`), the old one's tail comes first.
    private func filtered(_ buffer: PCMBuffer) throws(FFmpegError) -> [PCMBuffer] {
        let wanted = control.withLock { $0.audioFilterChain }
        var pieces: [PCMBuffer] = []
        if let current = filters, current.chain != wanted || current.format != buffer.format {
            if let tail = try current.drain() { pieces.append(tail) }
            filters = nil
        }
        guard let wanted else { return pieces + [buffer] }
        if filters == nil { filters = try AudioFilterChain(chain: wanted, format: buffer.format) }
        if let output = try filters?.process(buffer) { pieces.append(output) }
        return pieces
    }

    private func write(_ buffer: PCMBuffer, generation: Int, isFirst: Bool) throws {
        // Untimed, the output takes everything at once, so nothing else would hold a pause and
        // the clock, anchored on what was written, ran on while paused. A generation's first
        // buffer still goes out (it starts the generation, as the landing frame does); the
        // rest wait for play, or are dropped when a seek or stop made them stale.
        if isUntimed, !isFirst,
            control.wait(timeout: nil, { $0.renderMayProceed(generation: generation, isFirst: false) }) != true
        {
            return
        }
        let (requestedRate, preservesPitch, gain) = control.withLock {
            ($0.rate, $0.algorithm.preservesPitch, $0.audioGain)
        }
        if requestedRate > 0 { playbackRate = requestedRate }
        var buffer = buffer
        // ReplayGain, after the user's filters (mpv applies it in its own volume stage).
        if gain != 1 { for index in buffer.samples.indices { buffer.samples[index] *= gain } }
        let mediaDuration = MediaTime(value: Int64(buffer.frameCount), timescale: Int32(buffer.format.sampleRate))
        for piece in try stretch(buffer, rate: playbackRate, mode: preservesPitch ? .preservingPitch : .varispeed) {
            try output.write(piece)
            statistics.update { $0.audioFramesOutput += piece.frameCount }
        }
        if !hasWritten {
            hasWritten = true
            control.update { $0.audioHasDevice = true }
        }
        writtenEnd =
            buffer.presentationTime.isNumeric ? buffer.presentationTime + mediaDuration : writtenEnd + mediaDuration
        guard writtenEnd.isNumeric else { return }
        let latency = output.latency
        let holdsTarget = holdsSeekTarget
        // Checked and applied under the control lock, where seeks and pauses change the clock
        // too: a write that was blocked (paused, a full device) or under way while a seek
        // began belongs to the stretch the seek left and must not move the clock off the
        // seek's target; one that saw the rate before a pause must not restart the clock.
        let anchored = control.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            if holdsTarget, state.rate == 0 { return false }
            let now = clock.hostNow
            let heardLatency = MediaTime(
                seconds: latency.timeInterval * max(clock.rate, 0.5), preferredTimescale: 1_000_000)
            // After a gapless hand-over the device still plays the previous item's last
            // samples: this reads before the item's start until the join is heard, so its
            // first frame waits for the join.
            clock.anchor(media: writtenEnd - heardLatency, at: now)
            if state.rate > 0, !state.isStalled { clock.setPaused(false, at: now) }
            return true
        }
        if anchored { holdsSeekTarget = false }
    }

    /// At the end of the item's audio: hands the device to the next item's audio when it is
    /// prerolled and waiting (nothing drained, so its first sample follows this item's last),
    /// then waits until this item's last sample is heard, so the item ends when it sounds
    /// ended. Without a next item waiting, drains the output as before.
    private func finishWriting(generation: Int) throws(AudioOutputError) {
        guard let lease = output as? AudioOutputLease else { return try output.drain() }
        // Under the control lock, where seeks begin: a seek before the hand-over plays (the
        // device stays this item's); one after it takes the device back once the player has
        // stopped the next item (`PipelinePlayback.seek`).
        let handedOver = control.update { state -> Bool? in
            guard state.generation == generation else { return nil }
            guard lease.handOver() else { return false }
            state.audioHandedOver = true
            return true
        }
        guard let handedOver else { return }  // sought meanwhile: the new generation plays
        guard handedOver else {
            try output.drain()
            return
        }
        let latency = min(output.latency, .seconds(2))
        guard latency > .zero else { return }
        // A seek back into the item (which took the device back) ends the wait: its audio
        // plays at once.
        _ = control.wait(timeout: latency) { state -> Bool? in
            state.stopped || state.generation != generation ? true : nil
        }
    }

    /// The buffer as played at `rate`: untouched at 1 (no filter at all), otherwise through
    /// the tempo filter, re-configured (keeping its tail) when the rate or mode changed.
    private func stretch(_ buffer: PCMBuffer, rate: Double, mode: AudioTempoFilter.Mode) throws -> [PCMBuffer] {
        if rate == 1, tempo == nil || tempo?.rate == 1 { return [buffer] }
        var pieces: [PCMBuffer] = []
        if let tempo {
            if tempo.rate != rate || tempo.mode != mode, let tail = try tempo.setRate(rate, mode: mode) {
                pieces.append(tail)
            }
        } else {
            tempo = try AudioTempoFilter(format: buffer.format, rate: rate, mode: mode)
        }
        if let stretched = try tempo?.process(buffer) { pieces.append(stretched) }
        return pieces
    }

    /// `buffer` without the frames that end at or before `cutoff`; `nil` when none remain.
    static func trim(_ buffer: PCMBuffer, before cutoff: MediaTime) -> PCMBuffer? {
        guard buffer.presentationTime.isNumeric else { return buffer }
        let rate = Double(buffer.format.sampleRate)
        let skip = Int(((cutoff - buffer.presentationTime).seconds * rate).rounded(.down))
        if skip <= 0 { return buffer }
        if skip >= buffer.frameCount { return nil }
        let channels = buffer.format.channelCount
        return PCMBuffer(
            format: buffer.format, samples: Array(buffer.samples[(skip * channels)...]),
            presentationTime: buffer.presentationTime
                + MediaTime(value: Int64(skip), timescale: Int32(buffer.format.sampleRate)))
    }
}
