import Foundation
import Spool

#if canImport(Glibc)
    import Glibc
#endif

/// The one-line status shown on a terminal while playing, mpv-style:
/// `▶ 0:01:23 / 0:10:00 [######----------]  1.00x  vol 100%  buf 8.5s`.
/// Written to stderr (stdout stays clean for `--stats`), only when stderr is a terminal.
@MainActor
struct StatusLine {
    let isEnabled = isatty(STDERR_FILENO) == 1

    /// Shows the player's time, rate and volume with `state`, the store's state of the item
    /// the user sees (while the store has not yet begun the current item, the player's status).
    func show(player: Player, state playbackState: PlaybackState) {
        guard isEnabled else { return }
        let time = player.currentTime()
        let duration = player.currentItem?.duration ?? .indefinite
        let state =
            playbackState.isState(of: player.currentItem)
            ? Self.symbol(of: playbackState) : Self.symbol(of: player.timeControlStatus)
        var line = "\(state) \(Self.clock(time))"
        if duration.isNumeric {
            line += " / \(Self.clock(duration)) \(Self.bar(time.seconds / max(duration.seconds, 0.001)))"
        } else {
            line += " LIVE"
        }
        line += String(format: "  %.2fx", player.rate == 0 ? player.defaultRate : player.rate)
        line += player.isMuted ? "  muted" : "  vol \(Int((player.volume * 100).rounded()))%"
        if let buffered = player.currentItem?.loadedTimeRanges.first?.duration, buffered.isNumeric {
            line += String(format: "  buf %.1fs", buffered.seconds)
        }
        StandardError.write("\r\u{1B}[K" + line)
    }

    static func symbol(of state: PlaybackState) -> String {
        switch state {
        case .playing: "▶"
        case .paused, .ready: "⏸"
        case .loading, .buffering: "…"
        case .ended: "■"
        case .failed: "✗"
        case .idle: " "
        }
    }

    static func symbol(of status: TimeControlStatus) -> String {
        switch status {
        case .playing: "▶"
        case .paused: "⏸"
        case .waitingToPlayAtSpecifiedRate: "…"
        }
    }

    func clear() {
        guard isEnabled else { return }
        StandardError.write("\r\u{1B}[K")
    }

    static func clock(_ time: MediaTime) -> String {
        guard time.isNumeric else { return "--:--" }
        let total = max(Int(time.seconds), 0)
        return String(format: "%d:%02d:%02d", total / 3600, (total / 60) % 60, total % 60)
    }

    static func bar(_ fraction: Double) -> String {
        let width = 16
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }
}
