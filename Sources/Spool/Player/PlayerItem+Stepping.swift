import SpoolCore

extension PlayerItem {
    /// The nominal frames per second of the item's first video track that states one; `nil`
    /// before the item is ready, without video, or when the container states no rate.
    public var nominalFrameRate: Double? {
        tracks.first { $0.kind == .video && ($0.frameRate ?? 0) > 0 }?.frameRate
    }

    /// Whether `step(byCount:)` can move forward now (AVPlayerItem.canStepForward): the item is
    /// current in a player and has a video track with a frame rate.
    public var canStepForward: Bool { stepHandler != nil && nominalFrameRate != nil }

    /// Whether `step(byCount:)` can move backward now (AVPlayerItem.canStepBackward): the same
    /// conditions as forward; stepping back is an exact seek, so any frame can be reached.
    public var canStepBackward: Bool { canStepForward }

    /// Moves the playhead `count` video frames forward (positive) or back (negative), as
    /// AVPlayerItem's `step(byCount:)`: an exact seek (zero tolerances) to the start time of the
    /// frame `count` frames from the one shown, frames counted at `nominalFrameRate` from the
    /// start of the item (frame *n* starts at *n* / rate). Steps made while an earlier step's
    /// seek is in flight count from that step's frame, so none is lost. The target is clamped to
    /// the first and last frame. Does not change the rate: a paused player stays paused and
    /// shows the new frame. Does nothing when `canStepForward` is false.
    public func step(byCount count: Int) {
        stepHandler?(count)
    }
}

extension Player {
    /// `PlayerItem.step(byCount:)` for `item`, the current item.
    func step(_ item: PlayerItem, byCount count: Int) {
        guard currentItem === item, let rate = item.nominalFrameRate else { return }
        let now = currentTime()
        guard let base = steppedFrame ?? (now.isNumeric ? Int((now.seconds * rate).rounded()) : nil) else { return }
        var frame = max(base + count, 0)
        if item.duration.isNumeric {
            // The last frame starts one frame before the end.
            frame = min(frame, max(Int((item.duration.seconds * rate).rounded()) - 1, 0))
        }
        steppedFrame = frame
        let target = MediaTime(seconds: Double(frame) / rate, preferredTimescale: 90_000)
        seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { [weak self] _ in
            if self?.steppedFrame == frame { self?.steppedFrame = nil }
        }
    }
}
