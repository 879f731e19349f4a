import Spool

/// Runs the A-B loop of a `spool play` session: feeds `ABLoopMachine` the player's periodic time
/// observer (every 10 ms of media time while playing, on the player's injected clock) and its
/// seeks, and does the machine's jumps as exact seeks. The points and count come from
/// `--ab-loop-a`/`--ab-loop-b`/`--ab-loop-count`, the IPC's properties and the `l` key, and
/// stay across files, as mpv's options do. The observer runs only while the loop is on (both
/// points set, loops left), so a session without a loop has no 10 ms wake-ups.
@MainActor
final class ABLoopFollower: PlaySessionObserver {
    /// How often the playhead is looked at while playing: the loop overshoots B by at most
    /// this much media time (plus one frame, measured in decision 0061).
    static let interval = MediaTime(value: 1, timescale: 100)

    private let player: Player
    private var machine = ABLoopMachine()
    private var observer: TimeObserverToken?
    private var isStarted = false
    /// Told before each jump back (the IPC emits mpv's `seek` event).
    var onJump: () -> Void = {}
    /// Told the points (A, then B, each when set) whenever they change, and once at `start()`:
    /// the window marks them on its timeline.
    var onPointsChanged: ([Double]) -> Void = { _ in }
    private var reportedPoints: [Double]?

    /// A follower for `player` starting from the command line's points and count.
    init(player: Player, a: Double?, b: Double?, count: ABLoopMachine.Count) {
        self.player = player
        _ = machine.handle(.setA(a))
        _ = machine.handle(.setB(b))
        _ = machine.handle(.setCount(count))
    }

    /// A, B and the loops left.
    var a: Double? { machine.a }
    var b: Double? { machine.b }
    var count: ABLoopMachine.Count { machine.count }

    /// Starts following the playhead (while the loop is on).
    func start() {
        isStarted = true
        followWhileLooping()
        reportPoints()
    }

    /// Tells `onPointsChanged` the points when they differ from the last ones told.
    private func reportPoints() {
        let points = [machine.a, machine.b].compactMap { $0 }
        guard points != reportedPoints else { return }
        reportedPoints = points
        onPointsChanged(points)
    }

    /// Adds the time observer when the loop is on, removes it when it is off.
    private func followWhileLooping() {
        let isOn = isStarted && machine.points != nil
        if isOn, observer == nil {
            observer = player.addPeriodicTimeObserver(forInterval: Self.interval) { [weak self] time in
                guard time.isNumeric else { return }
                self?.send(.position(time.seconds))
            }
        } else if !isOn, let observer {
            player.removeTimeObserver(observer)
            self.observer = nil
        }
    }

    /// Takes one event (a property write, the `l` key) and does what it asks.
    func send(_ event: ABLoopMachine.Event) {
        switch event {
        case .setA, .setB, .setCount:
            // The playhead is not followed while the loop is off: say where it is now.
            let now = player.currentTime()
            if now.isNumeric { _ = machine.handle(.located(at: now.seconds)) }
        default: break
        }
        for action in machine.handle(event) {
            switch action {
            case .seek(let seconds):
                onJump()
                let target = MediaTime(seconds: seconds, preferredTimescale: 90_000)
                player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { [weak self] _ in
                    self?.send(.seeked(to: seconds))
                }
            }
        }
        followWhileLooping()
        if isStarted { reportPoints() }
    }

    /// The `ab-loop` command at the playhead.
    func mark() {
        let now = player.currentTime()
        guard now.isNumeric else { return }
        send(.mark(at: now.seconds))
    }

    func handle(_ event: PlayerItemEvent) {
        switch event {
        case .seek(_, let target, let landed, _):
            let at = landed ?? target
            if at.isNumeric { send(.seeked(to: at.seconds)) }
        case .currentItemChanged: send(.seeked(to: 0))
        default: break
        }
    }

    func stop() {
        isStarted = false
        followWhileLooping()
    }
}
