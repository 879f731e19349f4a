public import SpoolCore

extension Player {
    /// Moves the playhead to `time`, landing anywhere within `toleranceBefore` before and
    /// `toleranceAfter` after it (zero tolerances land on the exact frame; the default lets
    /// the player pick the nearest keyframe, which is fastest).
    ///
    /// Returns `true` when the seek finished, `false` when a newer seek or an item change
    /// superseded it, or when there is no item.
    @discardableResult
    public func seek(
        to time: MediaTime, toleranceBefore: MediaTime = .positiveInfinity,
        toleranceAfter: MediaTime = .positiveInfinity
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter) { finished in
                continuation.resume(returning: finished)
            }
        }
    }

    /// Starts a seek at once (the engine has it before this returns) and calls
    /// `completionHandler` with what the async form returns.
    public func seek(
        to time: MediaTime, toleranceBefore: MediaTime = .positiveInfinity,
        toleranceAfter: MediaTime = .positiveInfinity, completionHandler: @escaping @MainActor (Bool) -> Void
    ) {
        guard playback != nil, let item = currentItem, time.isNumeric else {
            completionHandler(false)
            return
        }
        // Interstitials: X-RESTRICT=SKIP refuses, a seek past a break plays or skips it.
        if let scheduler = interstitialScheduler,
            scheduler.interceptsSeek(
                to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter,
                completionHandler: completionHandler)
        {
            return
        }
        // The handler is in place before the machine supersedes or completes anything.
        seekHandlers[control.lastSeekID + 1] = { [weak self] landed in
            self?.publish(.seek(itemID: item.id, target: time, landed: landed, finished: landed != nil))
            completionHandler(landed != nil)
        }
        send(.seekRequested(SeekTarget(time: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter)))
    }

    /// Seeks to `fraction` (0…1, clamped) of the current item's duration, landing within the
    /// tolerances: by default on the frame there (a scrubber or a percentage means that place,
    /// not the keyframe before it, which on a long-GOP file can be seconds earlier). Returns
    /// `false` when the duration is not known (not ready, or live) or a newer seek superseded it.
    @discardableResult
    public func seek(
        toFraction fraction: Double, toleranceBefore: MediaTime = .zero, toleranceAfter: MediaTime = .zero
    ) async -> Bool {
        guard let duration = currentItem?.duration, duration.isNumeric else { return false }
        let clamped = min(max(fraction, 0), 1)
        return await seek(
            to: MediaTime(seconds: duration.seconds * clamped, preferredTimescale: 1000),
            toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter)
    }
}
