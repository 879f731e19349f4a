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
        guard let playback, let item = currentItem, time.isNumeric else {
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
        lastSeekID += 1
        let id = lastSeekID
        let superseded = pendingSeeks
        pendingSeeks.removeAll()
        for complete in superseded.values { complete(nil) }
        pendingSeeks[id] = { [weak self] landed in
            self?.publish(.seek(itemID: item.id, target: time, landed: landed, finished: landed != nil))
            completionHandler(landed != nil)
        }
        playback.seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, id: id)
        // A seek while paused is use: the pause counts again from here.
        scheduleResourceRelease()
    }

    /// Seeks to `fraction` (0…1, clamped) of the current item's duration. Returns `false` when
    /// the duration is not known (not ready, or live).
    @discardableResult
    public func seek(toFraction fraction: Double) async -> Bool {
        guard let duration = currentItem?.duration, duration.isNumeric else { return false }
        let clamped = min(max(fraction, 0), 1)
        return await seek(to: MediaTime(seconds: duration.seconds * clamped, preferredTimescale: 1000))
    }
}
