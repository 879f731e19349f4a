/// The default answer to an audio-session event, as Apple's guidelines ask of a media player.
///
/// Pure bookkeeping so it can be tested without a server: the player feeds it each event with
/// whether it is playing, and applies the returned action. An interruption pauses and
/// remembers that playback was running; its end resumes only with `shouldResume` and only if
/// playback was running when it began (a user's own pause stays a pause); losing the device
/// pauses and forgets any pending resume. Every other event changes nothing.
public struct AudioSessionPolicy: Sendable, Hashable {
    /// What the player should do.
    public enum Action: Sendable, Hashable {
        /// Nothing.
        case none
        /// Pause.
        case pause
        /// Play again.
        case resume
    }

    /// Whether an interruption paused running playback, which its end may resume.
    public private(set) var resumesAfterInterruption = false

    /// A policy with nothing pending.
    public init() {}

    /// The action for `event`, given whether the player is playing (a non-zero rate) now.
    public mutating func action(for event: AudioSessionEvent, isPlaying: Bool) -> Action {
        switch event {
        case .interruption(.began, _):
            // A second "began" while paused by the first must not forget the first.
            resumesAfterInterruption = resumesAfterInterruption || isPlaying
            return isPlaying ? .pause : .none
        case .interruption(.ended, let options):
            defer { resumesAfterInterruption = false }
            return resumesAfterInterruption && options.contains(.shouldResume) && !isPlaying ? .resume : .none
        case .routeChange(.oldDeviceUnavailable, _):
            resumesAfterInterruption = false
            return isPlaying ? .pause : .none
        case .routeChange:
            return .none
        }
    }

    /// Forgets a pending resume (the user paused or replaced the item during an interruption).
    public mutating func cancelPendingResume() {
        resumesAfterInterruption = false
    }
}
