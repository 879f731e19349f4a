import SpoolCore

/// The player's decisions as a value: the rate asked for, the current item's readiness and
/// stalls, and the seeks in flight, in; what `Player` must do about them, out.
///
/// `Player` keeps no decision of its own: every command and every event of its item goes
/// through `handle(_:networkDown:)`, and the actions it returns are carried out by one method
/// (`Player.perform(_:)`), in order. That makes the engine's rate follow the player's by
/// construction: the only way to change `requestedRate` is an event, and every event that
/// changes it (the app's rate, an item's end with `.pause`, a failure) returns
/// `.setEngineRate` with it, so a seek back after an end cannot play unheard while the player
/// reports paused.
///
/// A plain value with no clock and no actor: tests drive it event by event.
/// (`PlayerControlMachineTests`).
struct PlayerControlMachine: Equatable, Sendable {
    /// What happened: a command of the app or an event of the current item.
    enum Event: Equatable, Sendable {
        /// The app (or the audio session) set the rate; 0 pauses. Already clamped.
        case rateRequested(Float)
        /// The current item was replaced (`hasItem` false: the player is empty now).
        case itemReplaced(hasItem: Bool)
        /// The current item became ready to play.
        case itemReady
        /// The current item ran dry (`true`) or has enough again (`false`).
        case stallChanged(Bool)
        /// The current item played to its end; `action` is the player's `actionAtItemEnd`.
        case playedToEnd(action: Player.ActionAtItemEnd)
        /// The current item failed, or failed to play to its end: playback pauses.
        case failed
        /// The app asked for a seek on the current item.
        case seekRequested(SeekTarget)
        /// The engine finished seek `id`, landing at `landed` (`nil`: it was superseded).
        case seekCompleted(id: Int, landed: MediaTime?)
        /// Something outside the machine changed (the network path, an item event that changes
        /// nothing here): the waiting reason is derived again.
        case refresh
    }

    /// What `Player` must do, in the order returned.
    enum Action: Equatable, Sendable {
        /// Set the current (and the prerolled) item's engine to this rate.
        case setEngineRate(Float)
        /// Announce the new `timeControlStatus`.
        case publishTimeControlStatus(TimeControlStatus)
        /// Announce the new waiting reason (only entering and leaving the network's wait).
        case publishReasonForWaiting(Player.WaitingReason?)
        /// Follow the network path (`true`) while waiting, or stop following it.
        case followNetworkPath(Bool)
        /// Complete these seeks with `false`: a newer seek or an item change superseded them.
        case supersedeSeeks([Int])
        /// Hand seek `id` to the engine.
        case startEngineSeek(id: Int, SeekTarget)
        /// Complete seek `id`: landed at `landed`, or superseded when `nil`.
        case completeSeek(id: Int, landed: MediaTime?)
        /// Start (paused) or stop (playing) the countdown to releasing the paused item's memory.
        case rescheduleResourceRelease
        /// Move to the next item (`actionAtItemEnd == .advance`).
        case advanceToNextItem
    }

    /// The rate asked for: by the app, or by the player itself at an item's end or failure.
    private(set) var requestedRate: Float = 0
    private(set) var hasItem = false
    private(set) var itemIsReady = false
    private(set) var itemIsStalled = false
    /// Playing, paused, or waiting: derived from the four above and the network.
    private(set) var timeControlStatus: TimeControlStatus = .paused
    private(set) var reasonForWaitingToPlay: Player.WaitingReason?
    /// Seeks handed to the engine and not completed yet (at most one: a seek supersedes).
    private(set) var pendingSeeks: [Int] = []
    /// The ID of the latest seek asked for; the next one is this plus one.
    private(set) var lastSeekID = 0

    /// Applies `event`; `networkDown` says whether the current item is read over a network
    /// that is down now (it only matters while waiting). Returns what `Player` must do.
    mutating func handle(_ event: Event, networkDown: Bool = false) -> [Action] {
        // Engine commands first, then the status, then what calls out of the player (seek
        // completion handlers, the next item): those may send events of their own, and once
        // they run nothing of this event's is left to do, so nothing stale follows them.
        var engine: [Action] = []
        var callOuts: [Action] = []
        switch event {
        case .rateRequested(let rate):
            engine = setRate(rate)
        case .itemReplaced(let hasItem):
            callOuts = supersedeAll()
            self.hasItem = hasItem
            itemIsReady = false
            itemIsStalled = false
            // The new item's engine starts at the rate asked for.
            engine = (hasItem ? [.setEngineRate(requestedRate)] : []) + [.rescheduleResourceRelease]
        case .itemReady:
            itemIsReady = true
        case .stallChanged(let stalled):
            itemIsStalled = stalled
        case .playedToEnd(let action):
            switch action {
            case .pause: engine = setRate(0)
            case .advance: callOuts = [.advanceToNextItem]
            case .none: break
            }
        case .failed:
            engine = setRate(0)
        case .seekRequested(let target):
            callOuts = supersedeAll()
            lastSeekID += 1
            pendingSeeks = [lastSeekID]
            // A seek while paused is use: the pause counts again from here.
            engine = [.startEngineSeek(id: lastSeekID, target), .rescheduleResourceRelease]
        case .seekCompleted(let id, let landed):
            if let index = pendingSeeks.firstIndex(of: id) {
                pendingSeeks.remove(at: index)
                callOuts = [.completeSeek(id: id, landed: landed)]
            }
        case .refresh:
            break
        }
        return engine + deriveStatus(networkDown: networkDown) + callOuts
    }

    private mutating func setRate(_ rate: Float) -> [Action] {
        requestedRate = rate
        // Said even when unchanged: setting the engine's rate again is free, and a rule with
        // no exception is one that cannot be got wrong.
        return [.setEngineRate(rate), .rescheduleResourceRelease]
    }

    private mutating func supersedeAll() -> [Action] {
        guard !pendingSeeks.isEmpty else { return [] }
        defer { pendingSeeks.removeAll() }
        return [.supersedeSeeks(pendingSeeks)]
    }

    /// `timeControlStatus` and the waiting reason from the state, and what changed.
    private mutating func deriveStatus(networkDown: Bool) -> [Action] {
        let (status, reason): (TimeControlStatus, Player.WaitingReason?) =
            if requestedRate == 0 {
                (.paused, nil)
            } else if !hasItem {
                (.waitingToPlayAtSpecifiedRate, .noItemToPlay)
            } else if !itemIsReady {
                (.waitingToPlayAtSpecifiedRate, networkDown ? .waitingForNetwork : .evaluatingBufferingRate)
            } else if itemIsStalled {
                (.waitingToPlayAtSpecifiedRate, networkDown ? .waitingForNetwork : .toMinimizeStalls)
            } else {
                (.playing, nil)
            }
        var actions: [Action] = [.followNetworkPath(status == .waitingToPlayAtSpecifiedRate)]
        if status != timeControlStatus {
            timeControlStatus = status
            actions.append(.publishTimeControlStatus(status))
        }
        // Only entering and leaving the network's wait are announced: the other reasons follow
        // from the status and the item's events, which apps already see.
        let wasNetwork = reasonForWaitingToPlay == .waitingForNetwork
        if reason != reasonForWaitingToPlay, reason == .waitingForNetwork || wasNetwork {
            actions.append(.publishReasonForWaiting(reason))
        }
        reasonForWaitingToPlay = reason
        return actions
    }
}

/// Where a seek goes: the time on the item's timeline and how far from it it may land.
struct SeekTarget: Equatable, Sendable {
    let time: MediaTime
    let toleranceBefore: MediaTime
    let toleranceAfter: MediaTime
}
