extension PlayerControlsModel {
    /// The elapsed label: the displayed time ("1:23", "0:01:23" for an item of an hour or more).
    public var elapsedText: String {
        TimeLabelFormatter.elapsed(displayedTime, duration: playback.duration)
    }

    /// The label right of the timeline: the duration, the remaining time at the current speed
    /// once toggled ("-8:37"), or for a live stream how far behind the edge the playhead is.
    public var timeLabelText: String {
        if playback.isLive {
            guard let edge = playback.seekableRange?.upperBound else { return "" }
            return TimeLabelFormatter.behindLive(displayedTime, liveEdge: edge)
        }
        if showsRemainingTime {
            return TimeLabelFormatter.remaining(displayedTime, duration: playback.duration, rate: playback.rate)
        }
        return TimeLabelFormatter.total(duration: playback.duration)
    }

    /// The text over the timeline while hovering or scrubbing: the time there, and the
    /// chapter or break it falls in.
    public var hoverText: String? {
        guard let time = hoveredTime else { return nil }
        let label = TimeLabelFormatter.elapsed(time, duration: playback.duration)
        let chapter = playback.markers.filter { $0.kind == .chapter && $0.time <= time }.max { $0.time < $1.time }
        guard let title = chapter?.title else { return label }
        return "\(label) · \(title)"
    }

    /// During an interstitial: "Ad · 0:15" (the time left, rounded up), or "Ad" when it is
    /// not known.
    public var interstitialText: String? {
        guard let interstitial = playback.interstitial else { return nil }
        guard let remaining = interstitial.remaining else { return "Ad" }
        return "Ad · " + TimeLabelFormatter.string(seconds: remaining, showsHours: false, roundingUp: true)
    }

    /// The speed button's label ("1.25×").
    public var speedText: String { PlaybackSpeed.label(for: playback.rate) }
}
