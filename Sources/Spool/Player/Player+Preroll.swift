/// Gapless queues: while the current item plays, the next one is opened and primed.
///
/// The next item's pipeline is made once the current item is ready (so it never competes
/// with the current item's first frame) and kept in `prerolled` until it becomes current
/// (adopted, not made again) or stops being the next item (stopped). Its events are buffered
/// in its own stream and consumed only once it is current, so a prerolled item that fails
/// reports its error as the current item, never earlier.
extension Player {
    /// Prerolls the item after the current one, or stops a prerolled pipeline that is no
    /// longer the next item. Called when the current item changes or becomes ready, and when
    /// a queue is edited.
    func updatePreroll() {
        let next = itemIsReady ? itemToPreroll().flatMap { prerollable($0) ? $0 : nil } : nil
        if let prerolled, prerolled.item === next { return }
        prerolled?.playback.stop()
        prerolled = nil
        guard let next, next !== currentItem else { return }
        next.selectionCriteria = mediaSelectionCriteria
        next.environmentLanguages = preferredLanguages
        let playback = makePlayback(next)
        prerolled = (next, playback)
        playback.setVolume(effectiveVolume)
        applyDelays(to: playback)
        applyFilterChains(to: playback)
        playback.setWaitsToMinimizeStalling(automaticallyWaitsToMinimizeStalling)
        playback.setRate(Double(requestedRate), algorithm: next.audioTimePitchAlgorithm)
        playback.prepareAsNext(after: self.playback)
    }

    /// HLS items with an interstitial scheduler attached are not prerolled: the scheduler
    /// decides what plays at their start and end (breaks, cuts) as they become current.
    private func prerollable(_ next: PlayerItem) -> Bool {
        guard interstitialScheduler != nil else { return true }
        return !next.asset.isHLS && currentItem?.asset.isHLS != true
    }

    /// The prerolled pipeline of `item`, handed over to become current; nil when `item` was
    /// not prerolled.
    func takePrerolledPlayback(for item: PlayerItem) -> (any ItemPlayback)? {
        guard let prerolled, prerolled.item === item else { return nil }
        self.prerolled = nil
        return prerolled.playback
    }

    /// Starts seek `id` in the current item's pipeline. After the gapless hand-over the next
    /// item's audio already plays on the shared device: the pipeline asks for the device back,
    /// so the prerolled item is stopped (what it queued leaves the device), the seek goes in
    /// again and takes the device back, and the next item is prerolled anew from its start.
    /// Before, such a seek was refused (completed `false`) and the user's seek back was lost.
    func startEngineSeek(id: Int, target: SeekTarget) {
        guard let playback else { return }
        func seek() -> Bool {
            playback.seek(
                to: target.time, toleranceBefore: target.toleranceBefore, toleranceAfter: target.toleranceAfter,
                id: id)
        }
        guard !seek(), let prerolled else { return }
        prerolled.playback.stop()
        self.prerolled = nil
        _ = seek()
        updatePreroll()
    }
}
