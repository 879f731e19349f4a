import Foundation

/// Where playback is, extrapolated from the last position the app stated (MPRIS `Position`
/// without a live source), and whether a newly stated position is a jump (MPRIS `Seeked`).
///
/// Pure: times are offsets on the owner's clock, passed in. The app states a position by
/// setting `elapsedPlaybackTime`; a rate change alone re-anchors at the extrapolated
/// position, so pausing without restating the position does not move it back.
struct PlaybackPositionModel {
    private struct Anchor {
        var elapsed: TimeInterval
        var rate: Double
        var time: Duration
        var trackID: String
    }

    private var anchor: Anchor?
    /// The last `elapsedPlaybackTime` the app stated, to tell a restatement from a new value.
    private var statedElapsed: TimeInterval?
    /// How far (in seconds) a stated position may be from the extrapolation without being a seek.
    let threshold: TimeInterval

    /// A model with no position; stated positions further than `threshold` seconds from the
    /// extrapolation count as seeks.
    init(threshold: TimeInterval) {
        self.threshold = threshold
    }

    /// The position at `now`, never negative; `nil` when no position was stated.
    func position(at now: Duration) -> TimeInterval? {
        guard let anchor else { return nil }
        let components = (now - anchor.time).components
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return max(0, anchor.elapsed + anchor.rate * seconds)
    }

    /// Takes in the app's latest state at `now`. Returns the new position when it is a jump
    /// within the same track (a seek to announce), otherwise `nil`.
    mutating func update(elapsed: TimeInterval?, rate: Double, trackID: String, at now: Duration) -> TimeInterval? {
        guard let elapsed, elapsed.isFinite else {
            anchor = nil
            statedElapsed = nil
            return nil
        }
        guard let current = anchor, current.trackID == trackID, let expected = position(at: now) else {
            anchor = Anchor(elapsed: elapsed, rate: rate, time: now, trackID: trackID)
            statedElapsed = elapsed
            return nil
        }
        if elapsed != statedElapsed {
            anchor = Anchor(elapsed: elapsed, rate: rate, time: now, trackID: trackID)
            statedElapsed = elapsed
            return abs(elapsed - expected) > threshold ? elapsed : nil
        }
        if rate != current.rate {
            anchor = Anchor(elapsed: expected, rate: rate, time: now, trackID: trackID)
        }
        return nil
    }
}

/// Gives each track an object path for `mpris:trackid`, new whenever the track changes.
///
/// A track is identified by the info's `contentIdentifier`, or without one by its title,
/// artist and album. Paths are `/org/spool/track/<n>` with `n` counting up from 1.
struct MPRISTrackIdentity {
    private var lastKey: String?
    private var counter = 0

    /// The track ID for `info` (`MPRISNames.noTrack` for none), advancing on a new track.
    mutating func trackID(for info: NowPlayingInfo?) -> String {
        guard let info else {
            lastKey = nil
            return MPRISNames.noTrack
        }
        let key =
            info.contentIdentifier.map { "id:" + $0 }
            ?? "tags:" + [info.title, info.artist, info.albumTitle].map { $0 ?? "" }.joined(separator: "\u{1F}")
        if key != lastKey {
            lastKey = key
            counter += 1
        }
        return MPRISNames.trackPathPrefix + String(counter)
    }
}
