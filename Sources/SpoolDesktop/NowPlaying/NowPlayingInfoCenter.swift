public import Foundation

/// What is playing, for the desktop's media controls (MPNowPlayingInfoCenter).
///
/// An app (or `MediaSession` in Spool) sets `nowPlayingInfo` and `playbackState`; an
/// `MPRISServer` publishes them on the session bus. Unlike Apple's `default()` singleton,
/// centers are instances: an app creates one and hands it to its publisher, so tests and
/// several players in one process never share state.
///
/// Guarantees: every change is seen by the publishers attached to this center, synchronously
/// and on the main actor, in the order it was made.
@MainActor
public final class NowPlayingInfoCenter {
    let observers = ChangeObservers()

    /// The item being played; `nil` when nothing is (the desktop then shows no track).
    public var nowPlayingInfo: NowPlayingInfo? {
        didSet { if nowPlayingInfo != oldValue { observers.notify() } }
    }

    /// Whether the app is playing; `.unknown` lets publishers derive it from the info.
    public var playbackState: NowPlayingPlaybackState = .unknown {
        didSet { if playbackState != oldValue { observers.notify() } }
    }

    /// The live playback position in seconds, read by publishers when a client asks for it
    /// (MPRIS `Position`). When `nil`, they extrapolate `elapsedPlaybackTime` with
    /// `playbackRate` instead, as Apple's center does.
    public var playbackPositionSource: (@MainActor () -> TimeInterval?)?

    /// A center with no info.
    public init(nowPlayingInfo: NowPlayingInfo? = nil) {
        self.nowPlayingInfo = nowPlayingInfo
    }
}
