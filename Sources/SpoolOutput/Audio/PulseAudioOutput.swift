public import SpoolCore

/// Plays audio through a PulseAudio server (or PipeWire's PulseAudio service).
///
/// Uses libpulse's threaded main loop: its own thread runs the connection, and the calling
/// thread blocks only on the loop's condition. `write` blocks until the server has room
/// (about `Configuration.targetLatency` of audio stays queued), which paces the engine in
/// real time. `latency` is the server's interpolated stream latency — the delay until the
/// last written sample is heard, sink latency included — and is negative only when the
/// server has played past the end of what was written.
///
/// Guarantees: `start` never waits longer than `Configuration.connectTimeout` for an absent
/// or silent server — it throws `.unavailable` — and every later wait wakes when the
/// connection or the stream fails, after which `write` and `drain` throw `.writeFailed`. A
/// blocked `write` or `drain` wakes and throws `.stopped` when another thread calls `stop`.
/// `start` after `stop` throws `.stopped`.
///
/// Volume is the stream's volume on the server (`pa_context_set_sink_input_volume`), not a
/// gain applied to samples: it takes effect on audio already queued, mixers show it, and the
/// gain is linear (0.5 halves the amplitude, about -6 dB).
public final class PulseAudioOutput: AudioOutput {
    /// Where the output is in its life; the session exists from the first `start` on.
    enum Phase {
        case idle(PulsePlaybackSession.Settings)
        case open(PulsePlaybackSession)
        case stopped
    }

    /// "pulse".
    public let name = "pulse"
    /// How this output connects and presents itself.
    public let configuration: Configuration
    let phase: Locked<Phase>

    /// An output that connects on `start`, as `configuration` says. Creating it does no I/O.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.phase = Locked(.idle(PulsePlaybackSession.Settings()))
    }

    /// Whether a PulseAudio server answers at `server` (libpulse's default lookup when `nil`)
    /// within `timeout`. Blocks the caller up to `timeout`: call it from a thread of its own,
    /// not from Swift's cooperative pool. The command line uses it to choose `pulse` or `null`.
    public static func isServerAvailable(server: String? = nil, timeout: Duration = .seconds(1)) -> Bool {
        PulseServerProbe.isAvailable(server: server, timeout: timeout)
    }

    /// Connects and opens a playback stream in `format`, giving up with `.unavailable` after
    /// `Configuration.connectTimeout`; keeps the open stream, and what it has queued, when
    /// `format` is unchanged. Throws `.unsupportedFormat` for a format PulseAudio cannot play.
    public func start(format: AudioFormat) throws(AudioOutputError) {
        let session = try phase.withLock { (phase) throws(AudioOutputError) -> PulsePlaybackSession in
            switch phase {
            case .stopped:
                throw .stopped
            case .open(let session):
                return session
            case .idle(let settings):
                return try openSession(&phase, settings: settings)
            }
        }
        try session.start(format: format)
    }

    /// Moves to `.open` with a new (unconnected) session holding `settings`.
    func openSession(_ phase: inout Phase, settings: PulsePlaybackSession.Settings) throws(AudioOutputError)
        -> PulsePlaybackSession
    {
        guard let mainloop = PulseMainloop() else { throw .unavailable("libpulse could not create a main loop") }
        let session = PulsePlaybackSession(configuration: configuration, mainloop: mainloop, settings: settings)
        phase = .open(session)
        return session
    }

    /// Queues `buffer`, blocking while the server's buffer is full. Throws `.stopped` after
    /// `stop`, `.unsupportedFormat` for a format other than the started one, `.writeFailed`
    /// before `start` or when the server or stream fails.
    public func write(_ buffer: PCMBuffer) throws(AudioOutputError) {
        try openSession().write(buffer)
    }

    /// The delay until the last written sample is heard; zero before `start` and after `stop`.
    public var latency: Duration {
        guard case .open(let session) = phase.withLock({ $0 }) else { return .zero }
        return session.latency
    }

    /// Corks (pauses) or uncorks the stream; before `start`, the stream will start corked.
    /// Returns without waiting for the server.
    public func setPaused(_ paused: Bool) {
        let session = phase.withLock { phase -> PulsePlaybackSession? in
            switch phase {
            case .idle(var settings):
                settings.paused = paused
                phase = .idle(settings)
                return nil
            case .open(let session): return session
            case .stopped: return nil
            }
        }
        session?.setPaused(paused)
    }

    /// Discards what the server has queued; returns when the server has done so.
    public func flush() {
        guard case .open(let session) = phase.withLock({ $0 }) else { return }
        session.flush()
    }

    /// Blocks until everything written has played (while paused, until resumed). Throws
    /// `.stopped` after `stop` and `.writeFailed` when the stream fails first.
    public func drain() throws(AudioOutputError) {
        try openSession().drain()
    }

    /// Sets the stream's volume on the server: linear gain, clamped to 0...1. Returns at once;
    /// before `start`, the stream will open at this volume.
    public func setVolume(_ volume: Float) {
        let gain = volume.isNaN ? 0 : min(max(volume, 0), 1)
        let session = phase.withLock { phase -> PulsePlaybackSession? in
            switch phase {
            case .idle(var settings):
                settings.gain = gain
                phase = .idle(settings)
                return nil
            case .open(let session): return session
            case .stopped: return nil
            }
        }
        session?.setGain(gain)
    }

    /// Closes the stream and the connection and wakes any blocked call. Idempotent.
    public func stop() {
        let session = phase.withLock { phase -> PulsePlaybackSession? in
            defer { phase = .stopped }
            guard case .open(let session) = phase else { return nil }
            return session
        }
        session?.stop()
    }

    /// The phase now (the session it holds stays usable after the lock is released).
    var phaseSnapshot: Phase { phase.withLock { $0 } }

    /// Applies a session setting: to the pending settings before `start`, to the open session
    /// after (outside the output's lock: the session takes libpulse's).
    func updateSession(
        _ pending: (inout PulsePlaybackSession.Settings) -> Void, open: (PulsePlaybackSession) -> Void
    ) {
        let session = phase.withLock { phase -> PulsePlaybackSession? in
            switch phase {
            case .idle(var settings):
                pending(&settings)
                phase = .idle(settings)
                return nil
            case .open(let session): return session
            case .stopped: return nil
            }
        }
        if let session { open(session) }
    }

    /// The server's index of the playback stream (its sink input), once open.
    var sinkInputIndex: UInt32? {
        guard case .open(let session) = phase.withLock({ $0 }) else { return nil }
        return session.sinkInputIndex
    }

    /// Whether the server has reported an underflow on the current stream.
    var hasUnderflowed: Bool {
        guard case .open(let session) = phase.withLock({ $0 }) else { return false }
        return session.hasUnderflowed
    }

    private func openSession() throws(AudioOutputError) -> PulsePlaybackSession {
        switch phase.withLock({ $0 }) {
        case .open(let session): session
        case .stopped: throw .stopped
        case .idle: throw .writeFailed("write before start")
        }
    }
}
