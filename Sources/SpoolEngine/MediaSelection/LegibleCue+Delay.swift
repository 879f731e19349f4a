import SpoolCore

extension LegibleCue {
    /// This cue `delay` later: its start and end moved by it (mpv's `sub-delay`), everything
    /// else unchanged. The renderer times ASS events by the cue's times, so they move too.
    func delayed(by delay: MediaTime) -> LegibleCue {
        guard delay != .zero, delay.isNumeric else { return self }
        var cue = self
        cue.start = start + delay
        cue.end = end + delay
        return cue
    }
}
