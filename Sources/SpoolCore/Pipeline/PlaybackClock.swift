/// The master clock of one playing item: the media time being heard (or seen) right now.
///
/// The audio thread *anchors* it after every write (media time of the sample being heard =
/// end of what was written minus the output's latency); without audio, the engine anchors it
/// once and lets it run on host time. Between anchors the time is extrapolated along host
/// time at `rate`; while paused it stands still. Every input is an explicit host time, so the
/// clock is deterministic under test; any thread may read or anchor it.
package final class PlaybackClock: Sendable {
    private struct State {
        var anchorMedia: MediaTime = .invalid
        var anchorHost: Duration = .zero
        var rate: Double = 1
        var paused = true
    }

    private let state = Locked(State())
    /// The host time line the pipeline's threads read: the engine's clock (virtual in tests).
    package let host: any EngineClock

    /// A clock with no time yet (`invalid`), paused, reading host time from `host`.
    package init(host: any EngineClock) {
        self.host = host
    }

    /// Host time now, on `host`.
    package var hostNow: Duration { host.now() }

    /// The media time now (`mediaTime(at: hostNow)`).
    package var mediaTimeNow: MediaTime { mediaTime(at: host.now()) }

    /// Sets the media time heard at host time `host`.
    package func anchor(media: MediaTime, at host: Duration) {
        state.withLock { state in
            state.anchorMedia = media
            state.anchorHost = host
        }
    }

    /// The media time at host time `host`: extrapolated from the anchor while running, the
    /// anchor itself while paused; `invalid` before the first anchor.
    package func mediaTime(at host: Duration) -> MediaTime {
        state.withLock { Self.time(in: $0, at: host) }
    }

    /// Pauses or resumes at host time `host`, re-anchoring so no time is lost or gained.
    /// The time is read and re-anchored in one lock: an anchor set meanwhile on another
    /// thread (a seek's target) is never overwritten with the time before it.
    package func setPaused(_ paused: Bool, at host: Duration) {
        state.withLock { state in
            guard state.paused != paused else { return }
            Self.reanchor(&state, at: host)
            state.paused = paused
        }
    }

    /// Pauses at host time `host` (as `setPaused(true, at:)`), at no later media time than
    /// `limit`: where the media ends, which an end reported late must not leave the time past.
    package func pause(at host: Duration, notPast limit: MediaTime?) {
        state.withLock { state in
            Self.reanchor(&state, at: host, notPast: limit)
            state.paused = true
        }
    }

    /// Changes the rate at host time `host`, re-anchoring so the time is continuous (in one
    /// lock, as `setPaused`).
    package func setRate(_ rate: Double, at host: Duration) {
        state.withLock { state in
            Self.reanchor(&state, at: host)
            state.rate = rate
        }
    }

    /// Moves the anchor to host time `host` (the time there, at most `limit`), so a change
    /// of pause or rate that follows starts from it. Nothing before the first anchor.
    private static func reanchor(_ state: inout State, at host: Duration, notPast limit: MediaTime? = nil) {
        guard state.anchorMedia.isNumeric else { return }
        var time = Self.time(in: state, at: host)
        if let limit, limit.isNumeric, time > limit { time = limit }
        state.anchorMedia = time
        state.anchorHost = host
    }

    private static func time(in state: State, at host: Duration) -> MediaTime {
        guard state.anchorMedia.isNumeric, !state.paused else { return state.anchorMedia }
        let elapsed = (host - state.anchorHost).timeInterval * state.rate
        return state.anchorMedia + MediaTime(seconds: max(elapsed, 0), preferredTimescale: 1_000_000)
    }

    /// Whether the clock stands still.
    package var isPaused: Bool { state.withLock { $0.paused } }

    /// The current rate.
    package var rate: Double { state.withLock { $0.rate } }
}
