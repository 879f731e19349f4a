/// Where decoded audio goes: PulseAudio, a WAV file, or nowhere (the null output).
///
/// Threading: `start`, `write`, `drain` and `flush` are called by the engine's audio thread
/// only, and may block it (that blocking is what paces playback). `setPaused`, `setVolume`,
/// `latency` and `stop` may be called from any thread. An output never calls back into the
/// engine while holding its own lock.
public protocol AudioOutput: AnyObject, Sendable {
    /// A short name for logs and `--ao` ("pulse", "wav", "null").
    var name: String { get }

    /// Opens (or re-opens, for a new format) the output. Audio written afterwards must be in `format`.
    func start(format: AudioFormat) throws(AudioOutputError)

    /// Queues `buffer` for playback, blocking while the output's buffer is full. Real-time
    /// outputs thus pace the caller at the playback rate; untimed outputs return at once.
    func write(_ buffer: PCMBuffer) throws(AudioOutputError)

    /// How long until the most recently written sample is heard: queued audio plus the
    /// device's own latency. The audio clock is the end time of the last written sample
    /// minus this.
    var latency: Duration { get }

    /// Pauses (corks) or resumes playback of what is queued, without discarding it.
    func setPaused(_ paused: Bool)

    /// Discards everything queued (for seeks and item changes); returns once it is discarded.
    func flush()

    /// Blocks until everything queued has been played (end of an item).
    func drain() throws(AudioOutputError)

    /// Sets the output gain, 0...1 (values outside are clamped); takes effect promptly.
    func setVolume(_ volume: Float)

    /// Releases the device or file. Idempotent; a stopped output rejects further writes.
    func stop()
}

/// Why an audio output failed.
public enum AudioOutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No audio server or device answered (for example no PulseAudio server is running).
    case unavailable(String)
    /// The output refused the format.
    case unsupportedFormat(AudioFormat)
    /// Writing failed (device lost, disk full). The message says which.
    case writeFailed(String)
    /// The output was stopped.
    case stopped

    /// A one-line message.
    public var description: String {
        switch self {
        case .unavailable(let message): "audio output unavailable: \(message)"
        case .unsupportedFormat(let format): "audio output cannot play \(format)"
        case .writeFailed(let message): "audio output failed: \(message)"
        case .stopped: "audio output stopped"
        }
    }
}
