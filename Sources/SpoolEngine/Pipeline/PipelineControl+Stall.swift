import SpoolCore

/// The end of a stall, shared by the two threads that find one: the audio thread (its queue
/// ran dry) and, for an item without audio, the render thread. Whichever found it has marked
/// `isStalled` and held the clock.
extension PipelineControl {
    /// Reports the stall that began at `start`, takes the next item (`next` blocks), waits for
    /// the buffer unless that item ends the stream, then restarts the clock at the rate asked
    /// for (under the control lock, like every clock change), counts the stall and reports its
    /// end. Returns the item `next` gave.
    /// `audio`, the device the finder paused at the stall's start, plays on with the clock
    /// (under the same lock: a pause the app asks for meanwhile keeps it paused).
    func waitOutStall<Item>(
        generation: Int, startedAt start: Duration, clock: PlaybackClock, statistics: PipelineStatistics,
        events: PipelineEvents, audio: (any AudioOutput)? = nil, next: () -> Item?, endsStream: (Item) -> Bool
    ) -> Item? {
        events.send(.stalled(true))
        let item = next()
        if let item, !endsStream(item) { waitUntilLikelyToKeepUp(generation: generation) }
        let now = clock.hostNow
        update { state in
            state.isStalled = false
            clock.setPaused(state.rate == 0, at: now)
            if state.rate > 0 { audio?.setPaused(false) }
        }
        statistics.update {
            $0.stalls += 1
            $0.stallTime += (now - start).timeInterval
        }
        events.send(.stalled(false))
        return item
    }

    /// With `automaticallyWaitsToMinimizeStalling`, holds a stall until the demux thread judges
    /// the buffer likely to keep up (or a queue full, or the end read), so playback does not
    /// resume on one packet and stall again at once. Ends early on a seek, a stop, or when
    /// the app turns waiting off; the stall's own end is bounded by the source's (an HLS
    /// stream fails within its deadline, which ends the stream).
    private func waitUntilLikelyToKeepUp(generation: Int) {
        _ = wait(timeout: nil) { $0.endsStallWait(generation: generation) ? true : nil }
    }
}
