import SpoolCore
import SpoolMedia

/// The video decode thread: packets in, frames out (through the user's filter chain, if any,
/// then converted only when the output cannot take their pixel format), discarding frames
/// before an accurate seek's target.
/// Made and run on the decode thread (it owns the decoder), so it is not `Sendable`.
final class VideoDecodeLoop {
    var decoder: VideoDecoder
    private let threadCount: Int
    private var converter: PixelConverter?
    /// The user's filters (`--vf`, `PipelineControlState.videoFilterChain`), made on the first
    /// frame and remade when the chain changes; see `filtered(_:)`.
    private var filters: VideoFilterChain?
    private let acceptedFormats: Set<PixelFormat>?
    let control: PipelineControl
    private let packets: BoundedBlockingQueue<PacketItem>
    private let frames: BoundedBlockingQueue<FrameItem>
    private let statistics: PipelineStatistics
    private let itemName: String
    /// Whether one of the last few frames the decoder gave was damaged; see `endOfStream`.
    private var recentCorruption = RecentCorruption()
    let clock: PlaybackClock
    /// Background playback: the packets since the last keyframe (see `HeldVideoPackets`).
    var held = HeldVideoPackets()
    /// Whether the output can be hidden, so `held` is kept.
    let tracksKeyframes: Bool
    /// Whether decoding is paused because nothing shows the video.
    var isSuspended = false
    /// After resuming without a held keyframe: packets are skipped until the next keyframe.
    var awaitsKeyframe = false
    /// In a seek's pre-roll, the latest frame decoded before the cutoff: when the stream ends
    /// before any frame reaches the cutoff (a target at or past the last frame's start), this
    /// is the last frame, and the seek lands on it (`showLastBeforeCutoff`) instead of on
    /// nothing, which left a paused seek waiting forever.
    private var lastBeforeCutoff: DecodedVideoFrame?

    init(
        decoder: VideoDecoder, threadCount: Int, acceptedFormats: Set<PixelFormat>?,
        control: PipelineControl,
        packets: BoundedBlockingQueue<PacketItem>, frames: BoundedBlockingQueue<FrameItem>,
        statistics: PipelineStatistics, clock: PlaybackClock, tracksKeyframes: Bool, itemName: String
    ) {
        self.clock = clock
        self.tracksKeyframes = tracksKeyframes
        self.decoder = decoder
        self.threadCount = threadCount
        self.acceptedFormats = acceptedFormats
        self.control = control
        self.packets = packets
        self.frames = frames
        self.statistics = statistics
        self.itemName = itemName
    }

    /// Runs until the packet queue is closed. Blocks: call on the decode thread only.
    func run() {
        var generation = 0
        var discardBefore: MediaTime?
        while let (item, _) = packets.pop() {
            let current = control.generation
            if item.generation < current { continue }  // read before a seek
            if item.generation != generation {
                decoder.flush()
                filters?.flush()
                generation = item.generation
                discardBefore = control.withLock { $0.generation == generation ? $0.seek?.discardBefore : nil }
                lastBeforeCutoff = nil
                // A seek's landing frame is decoded and shown even in the background (it completes the seek).
                held = HeldVideoPackets()
                isSuspended = false
                awaitsKeyframe = false
            }
            do {
                switch item.content {
                case .packet(let packet):
                    do {
                        if tracksKeyframes { held.hold(packet) }
                        if isSuspended || shouldSuspend(generation: generation) {
                            guard try holdWhileHidden(packet, generation: generation, discardBefore: &discardBefore)
                            else { continue }
                        } else if awaitsKeyframe {
                            guard packet.isKeyframe else { continue }
                            awaitsKeyframe = false
                        }
                        try decode(packet, generation: generation, discardBefore: &discardBefore)
                    } catch  where error.isSkippableDecodeError {
                        // A damaged packet: skip it, as ffmpeg does, and keep decoding.
                        statistics.update { $0.damagedPacketsSkipped += 1 }
                        continue
                    }
                case .streamChange(let stream):
                    // Packets of the old run cannot prime a decoder for the new one.
                    held = HeldVideoPackets()
                    // A new HLS run: the frames still inside the old decoder are shown first, so the
                    // switch has no gap; a decoder that can go on is kept (no re-initialisation).
                    if !decoder.stream.canContinueDecoding(as: stream) {
                        try drain(generation: generation, discardBefore: &discardBefore)
                        decoder = try VideoDecoder(stream: stream, threadCount: threadCount)
                        filters = nil  // made again for the new stream's time base
                    }
                case .trackSwitch:
                    continue  // audio only
                case .releaseResources:
                    // A fresh decoder holds no pictures; the old one's pool goes with it.
                    held = HeldVideoPackets()
                    decoder = try VideoDecoder(stream: decoder.stream, threadCount: threadCount)
                    MemoryRelease.returnFreedMemory()
                case .endOfStream:
                    try drain(generation: generation, discardBefore: &discardBefore)
                    try showLastBeforeCutoff(generation: generation, discardBefore: &discardBefore)
                    noteIncompleteLastFrame(generation: generation)
                    frames.push(FrameItem(generation: generation, content: .endOfStream), cost: 0)
                case .failure(let failure):
                    try drain(generation: generation, discardBefore: &discardBefore)
                    frames.push(FrameItem(generation: generation, content: .failure(failure)), cost: 0)
                }
            } catch {
                let failure = PlaybackError(.decodingFailed, "\(itemName): video decoding failed: \(error)")
                frames.push(FrameItem(generation: generation, content: .failure(failure)), cost: 0)
            }
        }
    }

    func decode(_ packet: DemuxedPacket, generation: Int, discardBefore: inout MediaTime?) throws(FFmpegError) {
        // In a seek's pre-roll, a packet shown before the target may be skipped if no other frame
        // refers to it: it would be discarded anyway. Decided per packet, by its own time, so a
        // frame at or after the target is never skipped.
        if let cutoff = discardBefore, packet.presentationTime.isNumeric {
            decoder.skipsNonReferenceFrames = packet.presentationTime < cutoff
        } else {
            decoder.skipsNonReferenceFrames = false
        }
        while true {
            switch try decoder.send(packet) {
            case .accepted, .endOfStream:
                try receiveAll(generation: generation, discardBefore: &discardBefore)
                return
            case .full:
                // The decoder wants its output taken before it accepts more input.
                try receiveAll(generation: generation, discardBefore: &discardBefore)
            }
        }
    }

    private func drain(generation: Int, discardBefore: inout MediaTime?) throws(FFmpegError) {
        do {
            try decoder.sendEndOfStream()
        } catch  where error.isSkippableDecodeError {
            // With frame threads, a damaged earlier packet's error surfaces here; the end of
            // stream was taken all the same, so the remaining frames are still drained.
            statistics.update { $0.damagedPacketsSkipped += 1 }
        }
        try receiveAll(generation: generation, discardBefore: &discardBefore)
        decoder.flush()  // ready for more input after a later seek
        if let tail = try filters?.drain() { _ = try push(tail, generation: generation) }
    }

    private func receiveAll(generation: Int, discardBefore: inout MediaTime?) throws(FFmpegError) {
        var damaged = DamagedFrames()
        defer { if damaged.count > 0 { statistics.update { $0.damagedPacketsSkipped += damaged.count } } }
        while case .frame(let frame) = try damaged.skipping({ () throws(FFmpegError) in try decoder.receiveFrame() }) {
            statistics.update { $0.framesDecoded += 1 }
            recentCorruption.note(frame.isCorrupt)
            if let cutoff = discardBefore {
                // Like ffmpeg's accurate seek: the first frame kept is the first at or after
                // the cutoff, so `--start T` shows what `ffmpeg -ss T -i F` shows.
                if frame.presentationTime < cutoff {
                    lastBeforeCutoff = frame
                    continue
                }
                discardBefore = nil
                lastBeforeCutoff = nil
            }
            guard try push(filtered(frame), generation: generation) else { return }
        }
    }

    /// Converts `filteredFrames` as the output needs and queues them; `false` when a seek made
    /// them stale.
    private func push(_ filteredFrames: [DecodedVideoFrame], generation: Int) throws(FFmpegError) -> Bool {
        for frame in filteredFrames {
            let output = try convertIfNeeded(frame)
            guard control.generation == generation else { return false }  // a seek made the rest stale
            frames.push(FrameItem(generation: generation, content: .frame(output)), cost: 1)
        }
        return true
    }

    /// `frame` through the user's filters: itself without a chain; what the chain lets out
    /// (none, one or several) with one. When the chain changed (the IPC's `vf`), the frames
    /// the old one still held come first.
    private func filtered(_ frame: DecodedVideoFrame) throws(FFmpegError) -> [DecodedVideoFrame] {
        let wanted = control.withLock { $0.videoFilterChain }
        var frames: [DecodedVideoFrame] = []
        if let current = filters, current.chain != wanted {
            frames = try current.drain()
            filters = nil
        }
        guard let wanted else { return frames + [frame] }
        if filters == nil { filters = try VideoFilterChain(chain: wanted, timeBase: decoder.stream.timeBase) }
        guard let chain = filters else { return frames }
        return try frames + chain.process(frame)
    }

    /// The stream ended with every frame before the seek's cutoff: the target lies at or past
    /// the last frame's start, so the last frame is where the seek lands. The end of the data
    /// is a state, not a hang: shown, it completes the seek, paused or playing.
    private func showLastBeforeCutoff(generation: Int, discardBefore: inout MediaTime?) throws(FFmpegError) {
        guard discardBefore != nil, let last = lastBeforeCutoff else { return }
        lastBeforeCutoff = nil
        discardBefore = nil
        // After the stream's end: the chain is drained again for what this frame left in it.
        let shown = try filtered(last)
        let tail = try filters?.drain() ?? []
        _ = try push(shown + tail, generation: generation)
    }

    /// How the stream ends: a damaged picture among the very last ones means the final packet
    /// was cut off — a transport stream truncated on a packet boundary, where nothing else
    /// tells (see `TruncationCheck`). Everything there was shown, so the item still ends; the
    /// cut is its early end (a warning, or the failure of an item that fails on one).
    private func noteIncompleteLastFrame(generation: Int) {
        guard recentCorruption.isSet else { return }
        let earlyEnd = PlaybackError(
            .ioUnexpectedEnd, "\(itemName): the file ends early: its last video frame is incomplete")
        control.update { state in
            if state.generation == generation, state.earlyEnd == nil { state.earlyEnd = earlyEnd }
        }
    }

    private func convertIfNeeded(_ frame: DecodedVideoFrame) throws(FFmpegError) -> any VideoFrame {
        guard let accepted = acceptedFormats, !accepted.contains(frame.pixelFormat),
            let target = accepted.contains(.yuv420p) ? PixelFormat.yuv420p : accepted.first
        else { return frame }
        let converter = self.converter ?? PixelConverter()
        self.converter = converter
        return try converter.convert(frame, to: target, width: nil, height: nil)
    }
}
