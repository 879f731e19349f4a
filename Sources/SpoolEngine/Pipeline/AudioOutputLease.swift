import SpoolCore

/// One item's use of the player's audio output, which outlives the item so that the next item
/// plays without reopening the device (a gapless queue, a seamless loop).
///
/// Leases take turns: the active one forwards every call to the shared output; a lease made
/// for a prerolled item waits for its turn (`write` blocks, `setPaused`/`setVolume` are kept
/// for when its turn comes) until the active lease hands over at its item's end
/// (`handOver()`, so the next item's first sample follows the last one with nothing drained
/// in between) or is revoked. After `revoke()` or the hand-over, writes throw `.stopped`
/// (ending the item's audio thread) and nothing else reaches the device. `stop()` through a
/// lease only revokes it: the player decides when the device closes.
final class AudioOutputLease: AudioOutput {
    /// Where a lease is in its turn.
    enum Turn: Sendable, Equatable {
        /// Prerolled: another lease is playing.
        case waiting
        case active
        /// Gave the device to the next lease at its item's end; what it wrote still plays.
        case handedOver
        case revoked
    }

    /// What a waiting lease was asked for, applied when its turn comes.
    struct Pending: Sendable {
        var paused: Bool?
        var volume: Float?
        var format: AudioFormat?
    }

    private let output: any AudioOutput
    private let shared: SharedAudioOutput
    /// The turn, what a waiting lease was asked for, and whether a write that passed its turn
    /// check is still reaching the device, behind one condition: a blocked `write` wakes when
    /// the turn comes or the lease is revoked, and a revoke waits out the write in flight.
    let state: ConditionLock<(turn: Turn, pending: Pending, isWriting: Bool)>

    init(_ output: any AudioOutput, shared: SharedAudioOutput, turn: Turn) {
        self.output = output
        self.shared = shared
        self.state = ConditionLock((turn, Pending(), false))
    }

    /// The format the device is playing, if an earlier item started it: a new item converts
    /// to it, so the device never reopens between items (and a WAV file stays one format).
    var currentFormat: AudioFormat? { shared.startedFormat }

    var name: String { output.name }
    var latency: Duration { output.latency }

    var turn: Turn { state.withLock { $0.turn } }

    /// The format the device plays; a waiting lease blocks until the playing lease started the
    /// device (or its own turn came, or it was revoked). Nil when nothing started it.
    func formatOnceKnown() -> AudioFormat? {
        _ = state.wait(timeout: nil) { [shared] state -> Bool? in
            state.turn != .waiting || shared.startedFormat != nil ? true : nil
        }
        return shared.startedFormat
    }

    /// Wakes a `formatOnceKnown()` waiting on this lease.
    fileprivate func formatChanged() {
        state.update { _ in }
    }

    func start(format: AudioFormat) throws(AudioOutputError) {
        let turn = state.withLock { state -> Turn in
            if state.turn == .waiting { state.pending.format = format }
            return state.turn
        }
        switch turn {
        case .waiting: return  // started when the turn comes, on this lease's own thread
        case .active: break
        case .handedOver, .revoked: throw .stopped
        }
        try output.start(format: format)
        shared.startedFormat = format
    }

    /// Blocks while the lease waits for its turn; then writes. The write is marked in flight
    /// from its turn check to its return, so a revoke that comes in between discards it too.
    func write(_ buffer: PCMBuffer) throws(AudioOutputError) {
        let format = state.wait(timeout: nil) { state -> (turn: Turn, format: AudioFormat?)? in
            guard state.turn != .waiting else { return nil }
            defer { state.pending.format = nil }
            if state.turn == .active { state.isWriting = true }
            return (state.turn, state.pending.format)
        }
        guard let format, format.turn == .active else { throw .stopped }
        defer { state.update { $0.isWriting = false } }
        if let start = format.format, start != shared.startedFormat {
            try output.start(format: start)
            shared.startedFormat = start
        }
        try output.write(buffer)
    }

    func setPaused(_ paused: Bool) {
        if forward({ $0.paused = paused }) { output.setPaused(paused) }
    }

    func flush() {
        if forward({ _ in }) { output.flush() }
    }

    func drain() throws(AudioOutputError) {
        switch turn {
        case .active: try output.drain()
        case .handedOver: return
        case .waiting, .revoked: throw .stopped
        }
    }

    func setVolume(_ volume: Float) {
        if forward({ $0.volume = volume }) { output.setVolume(volume) }
    }

    /// At the item's end: gives the device to the lease waiting for its turn, if there is
    /// one, without draining, so its first sample follows this item's last. `false` when
    /// nobody waits (the caller drains as before).
    func handOver() -> Bool {
        shared.handOver(from: self)
    }

    /// Takes the device back after `handOver()`, for a seek back into this item, once the
    /// lease it was handed to has left (stopped: what it queued was flushed) and no other
    /// plays. `false` while another lease plays, or when this one did not hand over.
    func reclaim() -> Bool {
        shared.reclaim(for: self)
    }

    /// Ends this item's use: an active lease discards what it queued and passes the turn on;
    /// a waiting one leaves the line; a lease that handed over leaves the device alone (the
    /// next item's samples are queued there). Refuses further writes. Idempotent.
    func stop() {
        shared.revoke(self) { output.flush() }
    }

    /// Whether a call reaches the device now; a waiting lease records it in `pending`.
    private func forward(_ record: (inout Pending) -> Void) -> Bool {
        state.withLock { state -> Bool in
            if state.turn == .waiting { record(&state.pending) }
            return state.turn == .active
        }
    }

    /// The turn came: what the lease was asked for while waiting reaches the device.
    fileprivate func activate() {
        let pending = state.update { state -> Pending? in
            guard state.turn == .waiting else { return nil }
            state.turn = .active
            var applied = state.pending
            applied.format = nil  // the lease's own thread starts the device (`write`)
            return applied
        }
        guard let pending else { return }
        if let volume = pending.volume { output.setVolume(volume) }
        if let paused = pending.paused { output.setPaused(paused) }
    }

    /// Ends the turn; returns whether a write had passed its turn check and was still reaching
    /// the device then. Read in the same lock as the turn changes: once it has, no write
    /// starts, so that answer covers every write that can still land.
    @discardableResult
    fileprivate func end(as turn: Turn) -> Bool {
        state.update { state -> Bool in
            state.turn = turn
            return state.isWriting
        }
    }

    /// Waits until no write of this lease is reaching the device (a revoked lease starts no
    /// new one).
    fileprivate func waitForWriteInFlight() {
        _ = state.wait(timeout: nil) { $0.isWriting ? nil : true }
    }
}

/// The player's audio output, made on first use (on a pipeline thread: making one may block)
/// and kept across items until the player closes it. Hands out leases one turn at a time.
package final class SharedAudioOutput: Sendable {
    private let make: @Sendable () throws(AudioOutputError) -> any AudioOutput
    private let output = Locked<(any AudioOutput)?>(nil)
    private let format = Locked<AudioFormat?>(nil)
    /// The lease playing and those waiting for their turn, in order.
    private let line = Locked<(active: AudioOutputLease?, waiting: [AudioOutputLease])>((nil, []))

    /// The format the open device was last started with. Setting it wakes the leases waiting
    /// to learn it.
    var startedFormat: AudioFormat? {
        get { format.withLock { $0 } }
        set {
            format.withLock { $0 = newValue }
            for lease in line.withLock({ $0.waiting }) { lease.formatChanged() }
        }
    }

    package init(make: @escaping @Sendable () throws(AudioOutputError) -> any AudioOutput) {
        self.make = make
    }

    /// A lease on the output, opening it if needed. With `waitingForTurn` (a prerolled
    /// item) and another lease playing, the new lease waits until that one hands over or is
    /// revoked; otherwise it is active at once.
    func lease(waitingForTurn: Bool = false) throws(AudioOutputError) -> AudioOutputLease {
        let device = try device()
        return line.withLock { line in
            if waitingForTurn, line.active != nil {
                let lease = AudioOutputLease(device, shared: self, turn: .waiting)
                line.waiting.append(lease)
                return lease
            }
            let lease = AudioOutputLease(device, shared: self, turn: .active)
            line.active?.end(as: .revoked)
            line.active = lease
            return lease
        }
    }

    private func device() throws(AudioOutputError) -> any AudioOutput {
        if let existing = output.withLock({ $0 }) { return existing }
        let made = try make()
        let winner = output.withLock { current -> any AudioOutput in
            if let current { return current }
            current = made
            return made
        }
        if winner !== made { made.stop() }
        return winner
    }

    /// How many leases wait for their turn now (a prerolled item's): tests wait for the
    /// preroll with it before letting virtual time reach a hand-over.
    package var waitingLeaseCount: Int { line.withLock { $0.waiting.count } }

    fileprivate func handOver(from lease: AudioOutputLease) -> Bool {
        let next = line.withLock { line -> AudioOutputLease? in
            guard line.active === lease, !line.waiting.isEmpty else { return nil }
            let next = line.waiting.removeFirst()
            line.active = next
            return next
        }
        guard let next else { return false }
        lease.end(as: .handedOver)
        next.activate()
        return true
    }

    fileprivate func reclaim(for lease: AudioOutputLease) -> Bool {
        line.withLock { line -> Bool in
            guard line.active == nil, lease.turn == .handedOver else { return false }
            line.active = lease
            lease.end(as: .active)
            return true
        }
    }

    /// Takes `lease` out of the line. A lease that was playing discards what it queued
    /// (`flush`) before the next lease's turn comes, so nothing of the next item is lost.
    fileprivate func revoke(_ lease: AudioOutputLease, flush: () -> Void) {
        let (wasActive, next) = line.withLock { line -> (Bool, AudioOutputLease?) in
            line.waiting.removeAll { $0 === lease }
            guard line.active === lease else { return (false, nil) }
            line.active = line.waiting.isEmpty ? nil : line.waiting.removeFirst()
            return (true, line.active)
        }
        let previous = lease.turn
        let writeInFlight = lease.end(as: .revoked)
        if wasActive && previous == .active {
            flush()
            // A write that passed its turn check before the revoke lands after that flush (the
            // flush also frees the room a blocked write waits for): once it is done, discard
            // it too, before the next lease's turn, so no sample of this item follows. Whether
            // there was one is known from the revoke itself: asked after the flush, the write
            // could already have landed and cleared its mark (under ThreadSanitizer with both
            // cores busy, 480 frames of the old item stayed queued).
            if writeInFlight {
                lease.waitForWriteInFlight()
                flush()
            }
        }
        next?.activate()
    }

    /// Closes the device (a WAV file is finished); the next lease opens a new one.
    package func close() {
        startedFormat = nil
        output.withLock { current -> (any AudioOutput)? in
            defer { current = nil }
            return current
        }?.stop()
    }
}
