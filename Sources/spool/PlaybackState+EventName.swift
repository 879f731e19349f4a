import Spool

extension PlaybackState {
    /// The state's name in `--events`' `playback` lines.
    var eventName: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .ready: "ready"
        case .playing: "playing"
        case .paused: "paused"
        case .buffering: "buffering"
        case .ended: "ended"
        case .failed: "failed"
        }
    }
}
