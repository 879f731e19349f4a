import Spool

/// The terminal's status line while a session plays: redrawn every 250 ms and after every key,
/// cleared when the session stops. Nothing is drawn when stderr is not a terminal.
@MainActor
final class StatusLineUpdater: PlaySessionObserver {
    private let statusLine = StatusLine()
    private let player: QueuePlayer
    private let states: PlaybackStateFollower
    private var task: Task<Void, Never>?

    /// Shows `player` with the state `states` last saw.
    init(player: QueuePlayer, states: PlaybackStateFollower) {
        self.player = player
        self.states = states
    }

    /// Redraws every 250 ms of `clock` until `stop()`.
    func start(clock: ContinuousClock) {
        guard statusLine.isEnabled else { return }
        task = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                self.refresh()
                try? await clock.sleep(for: .milliseconds(250))
            }
        }
    }

    /// Redraws the line now.
    func refresh() { statusLine.show(player: player, state: states.state) }

    /// Stops redrawing and clears the line.
    func stop() {
        task?.cancel()
        statusLine.clear()
    }
}
