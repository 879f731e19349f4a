/// When an overlay change reaches the screen. While frames keep coming, a change rides on the
/// next frame's present instead of presenting the same picture again: at 1080p an extra present
/// is a whole picture copied and sent to the X server, and the controls change 4 times a second
/// while 24–60 frames come anyway. With no frame coming (paused, stalled, ended), or none within
/// `frameWait`, the overlay is presented on its own.
struct OverlayPresentTiming {
    /// How long frames may pause and still count as coming, and how long a change waits for a
    /// frame at most: two frames at 24 fps.
    static let frameWait = Duration.milliseconds(80)

    private var lastFrameAt: ContinuousClock.Instant?
    private var waitingSince: ContinuousClock.Instant?

    /// A frame was uploaded at `now`; its present shows any waiting overlay change too.
    mutating func frameUploaded(at now: ContinuousClock.Instant) {
        lastFrameAt = now
        waitingSince = nil
    }

    /// The overlay changed at `now`: `true` when it must be presented now, `false` when it
    /// waits for the next frame (then `isDue` says when to stop waiting).
    mutating func overlayChanged(at now: ContinuousClock.Instant) -> Bool {
        guard let lastFrameAt, lastFrameAt.duration(to: now) < Self.frameWait else { return true }
        waitingSince = waitingSince ?? now
        return false
    }

    /// Whether a waiting change has waited `frameWait` with no frame: present it now.
    /// Clears the wait when it answers `true`.
    mutating func isDue(at now: ContinuousClock.Instant) -> Bool {
        guard let waitingSince, waitingSince.duration(to: now) >= Self.frameWait else { return false }
        self.waitingSince = nil
        return true
    }

    /// Whatever is presented now shows the overlay as it is: nothing waits any more.
    mutating func presented() {
        waitingSince = nil
    }
}
