/// What the render loop does with the next video frame, decided from times alone.
package enum FrameDecision: Equatable, Sendable {
    /// Show it now.
    case present
    /// Not due yet: wait this long (at most), then decide again.
    case wait(Duration)
    /// Too late to be worth showing: a later frame is already due. Count it as dropped.
    case drop
}

/// The render loop's timing rule, kept pure so it is tested with exact times.
///
/// A frame is due when the master clock reaches its presentation time (minus a small
/// early margin, since presenting takes time). It is dropped only when the *next* frame is
/// also already due — showing a slightly late frame beats a black gap, but a frame whose
/// successor is due would only delay catching up. The first frame after a seek or start is
/// never dropped, so something is always on screen.
package struct FrameSchedule: Sendable {
    /// How early a frame may be presented (presenting and vsync take time).
    package var earlyMargin: Duration = .milliseconds(2)
    /// Longest single wait, so pause/seek/stop requests are noticed promptly.
    package var maximumWait: Duration = .milliseconds(20)

    /// The default schedule.
    package init() {}

    /// Decides for a frame due at `presentationTime`, whose successor (if decoded) is due at
    /// `nextPresentationTime`, when the master clock reads `clock` and the playback rate is `rate`.
    package func decide(
        presentationTime: MediaTime, nextPresentationTime: MediaTime?, clock: MediaTime, rate: Double,
        isFirstFrame: Bool
    ) -> FrameDecision {
        guard presentationTime.isNumeric, clock.isNumeric else { return .present }
        let early = (presentationTime - clock).seconds
        if early > earlyMargin.timeInterval {
            let hostWait = early / max(rate, 0.01)
            return .wait(min(.milliseconds(Int64(hostWait * 1000)), maximumWait))
        }
        if !isFirstFrame, let next = nextPresentationTime, next.isNumeric, next <= clock {
            return .drop
        }
        return .present
    }
}
