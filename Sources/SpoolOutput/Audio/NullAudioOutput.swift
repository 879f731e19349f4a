import Dispatch
public import SpoolCore

/// Discards audio, but takes as long as a real device would (mpv's ao_null): the engine's
/// benchmark and test output.
///
/// Timed (the default), it models a device buffer of `bufferDuration` that plays at the
/// sample rate on the injected clock: `write` blocks while the buffer is full, `latency` is
/// what is queued, pausing stops the draining and `flush` empties it. Untimed, `write` never
/// blocks and `latency` is zero: the engine runs as fast as it can.
///
/// `write` and `drain` are blocking calls made on a pipeline thread. On an async `Clock` they
/// wait on a semaphore signalled by a task sleeping on the clock, so the clock's `sleep`
/// drives a blocking call, and a manual clock makes that deterministic in tests. On an
/// `EngineClock` (the engine's own time, virtual under test) they wait for the deadline on it
/// like every other pipeline wait. `setPaused`, `flush` and `stop` wake a blocked call at once.
public final class NullAudioOutput: AudioOutput {
    private struct State {
        var format: AudioFormat?
        var device: ModelledDeviceBuffer?
        var isStopped = false
        var isPaused = false
        var volume: Float = 1
        var framesWritten = 0
        /// The blocked `write` or `drain`, if any: signalled to make it look again.
        var waiter: Waiter?
    }

    /// What a blocked call does next.
    private enum Step {
        case done
        case again
        case wait(until: Duration?, wake: Waiter)
    }

    /// "null".
    public let name = "null"
    /// How much audio the modelled device holds.
    public let bufferDuration: Duration
    /// Whether the output keeps real time (`false`: never blocks, zero latency).
    public let isTimed: Bool
    private let pacing: Pacing
    private let state = Locked(State())
    /// Called (outside any lock) just before a call blocks, with the time it waits for (`nil`:
    /// until paused playback resumes or the output is flushed or stopped). Tests observe
    /// blocking through it.
    private let willBlock: @Sendable (Duration?) -> Void

    /// A null output on `clock`, modelling a device that holds `bufferDuration` (default
    /// 200 ms) when `timed`.
    public convenience init(
        clock: any Clock<Duration>, bufferDuration: Duration = .milliseconds(200), timed: Bool = true
    ) {
        self.init(clock: clock, bufferDuration: bufferDuration, timed: timed, willBlock: { _ in })
    }

    /// The designated initializer, with a hook called whenever a call is about to block.
    init(
        clock: any Clock<Duration>, bufferDuration: Duration, timed: Bool,
        willBlock: @escaping @Sendable (Duration?) -> Void
    ) {
        self.bufferDuration = bufferDuration
        self.isTimed = timed
        self.pacing = .clock(ClockTimeline(clock: clock))
        self.willBlock = willBlock
    }

    /// A timed null output paced on the engine's clock `engineClock`, modelling a device that
    /// holds `bufferDuration`: under a virtual clock it plays as the pipeline's waits do.
    package init(engineClock: any EngineClock, bufferDuration: Duration = .milliseconds(200)) {
        self.bufferDuration = bufferDuration
        self.isTimed = true
        self.pacing = .engine(engineClock)
        self.willBlock = { _ in }
    }

    /// The clock's time now.
    private var now: Duration {
        switch pacing {
        case .clock(let timeline): timeline.now
        case .engine(let clock): clock.now()
        }
    }

    /// Frames accepted by `write` so far (for statistics and tests).
    public var framesWritten: Int { state.withLock { $0.framesWritten } }

    /// The volume last set (the output has nothing to apply it to).
    public var volume: Float { state.withLock { $0.volume } }

    /// Whether the output is paused.
    public var isPaused: Bool { state.withLock { $0.isPaused } }

    /// Opens the modelled device for `format`. A new format starts an empty device; the same
    /// format keeps what is queued. Throws `.stopped` after `stop`.
    public func start(format: AudioFormat) throws(AudioOutputError) {
        try state.withLock { (state) throws(AudioOutputError) in
            guard !state.isStopped else { throw .stopped }
            guard state.format != format else { return }
            state.format = format
            var device = ModelledDeviceBuffer(capacity: bufferDuration, sampleRate: format.sampleRate)
            device.setPaused(state.isPaused, at: now)
            state.device = device
        }
    }

    /// Accepts `buffer`, blocking (when timed) until the modelled device has room for it.
    /// Throws `.stopped` after `stop` (also when it stops a blocked write), `.unsupportedFormat`
    /// for a format other than the started one, `.writeFailed` before `start`.
    public func write(_ buffer: PCMBuffer) throws(AudioOutputError) {
        var remaining = buffer.frameCount
        while remaining > 0 {
            let step = try state.withLock { (state) throws(AudioOutputError) -> Step in
                guard !state.isStopped else { throw .stopped }
                guard let format = state.format, var device = state.device else {
                    throw .writeFailed("write before start")
                }
                guard buffer.format == format else { throw .unsupportedFormat(buffer.format) }
                guard isTimed else {
                    state.framesWritten += remaining
                    remaining = 0
                    return .done
                }
                let now = self.now
                let accepted = device.acceptableFrames(of: remaining, at: now)
                guard accepted > 0 else {
                    return block(&state, until: device.instantWhenAccepting(remaining))
                }
                device.enqueue(accepted, at: now)
                state.device = device
                state.framesWritten += accepted
                remaining -= accepted
                return .again
            }
            wait(step)
        }
    }

    /// The modelled device's queued audio (zero when untimed, before `start` and after `stop`).
    public var latency: Duration {
        guard isTimed else { return .zero }
        return state.withLock { state in
            guard !state.isStopped, let format = state.format, let device = state.device else { return .zero }
            return format.duration(ofFrames: device.queuedFrames(at: now))
        }
    }

    /// Stops or resumes the modelled draining; wakes a blocked call to re-check.
    public func setPaused(_ paused: Bool) {
        state.withLock { state in
            state.isPaused = paused
            state.device?.setPaused(paused, at: now)
            state.waiter?.signal()
        }
    }

    /// Empties the modelled buffer; wakes a blocked call to re-check.
    public func flush() {
        state.withLock { state in
            state.device?.flush(at: now)
            state.waiter?.signal()
        }
    }

    /// Blocks (when timed) until the modelled buffer has played out; while paused, until
    /// resumed. Throws `.stopped` after `stop`.
    public func drain() throws(AudioOutputError) {
        while true {
            let step = try state.withLock { (state) throws(AudioOutputError) -> Step in
                guard !state.isStopped else { throw .stopped }
                guard isTimed, let device = state.device, device.queuedFrames(at: now) > 0 else {
                    return .done
                }
                return block(&state, until: device.instantWhenQueueDrops(to: 0))
            }
            guard case .wait = step else { return }
            wait(step)
        }
    }

    /// Remembers the volume, clamped to 0...1.
    public func setVolume(_ volume: Float) {
        state.withLock { $0.volume = volume.isNaN ? 0 : min(max(volume, 0), 1) }
    }

    /// Stops the output; a blocked call wakes and throws `.stopped`. Idempotent.
    public func stop() {
        state.withLock { state in
            state.isStopped = true
            state.waiter?.signal()
        }
    }

    /// Registers a new waiter in `state` (lock held) and describes the wait.
    private func block(_ state: inout State, until deadline: Duration?) -> Step {
        let wake = Waiter(pacing: pacing)
        state.waiter = wake
        return .wait(until: deadline, wake: wake)
    }

    /// Performs a `.wait` step: blocks the calling thread until the clock reaches the
    /// deadline or someone wakes it.
    private func wait(_ step: Step) {
        guard case .wait(let deadline, let wake) = step else { return }
        willBlock(deadline)
        wake.wait(until: deadline)
        state.withLock { state in
            if state.waiter === wake { state.waiter = nil }
        }
    }

    /// What the modelled device's time is read from and waited on.
    private enum Pacing: Sendable {
        case clock(ClockTimeline)
        case engine(any EngineClock)
    }

    /// One blocked call's wait: until the deadline on the pacing clock, or `signal()`.
    private final class Waiter: Sendable {
        /// Only what the pacing needs: a blocked audio write makes one of these every few ms.
        private enum Wake: Sendable {
            case semaphore(DispatchSemaphore, ClockTimeline)
            case flag(ConditionLock<Bool>, any EngineClock)
        }

        private let wake: Wake

        init(pacing: Pacing) {
            switch pacing {
            case .clock(let timeline): wake = .semaphore(DispatchSemaphore(value: 0), timeline)
            case .engine(let clock): wake = .flag(ConditionLock(false), clock)
            }
        }

        func signal() {
            switch wake {
            case .semaphore(let semaphore, _): semaphore.signal()
            case .flag(let flag, _): flag.update { $0 = true }
            }
        }

        func wait(until deadline: Duration?) {
            switch wake {
            case .flag(let flag, let clock):
                _ = flag.wait(until: deadline, on: clock) { $0 ? true : nil }
            case .semaphore(let semaphore, let timeline):
                // A task sleeping on the clock signals the semaphore: the clock's `sleep`, async,
                // drives a blocking call.
                let sleeper = deadline.map { deadline in
                    Task {
                        // Cancelled when woken early; either way the semaphore is signalled once
                        // more, which is harmless: each wait has its own semaphore.
                        try? await timeline.sleep(until: deadline)
                        semaphore.signal()
                    }
                }
                semaphore.wait()
                sleeper?.cancel()
            }
        }
    }
}
