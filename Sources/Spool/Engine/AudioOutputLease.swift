import SpoolCore
import Synchronization

/// One item's use of the player's audio output, which outlives the item so that the next item
/// plays without reopening the device (a gapless queue, a seamless loop).
///
/// Forwards every call to the shared output until `revoke()`; afterwards writes throw
/// `.stopped` (ending the item's audio thread) and nothing else reaches the device. `stop()`
/// through a lease only revokes it: the player decides when the device closes.
final class AudioOutputLease: AudioOutput {
    private let output: any AudioOutput
    private let revoked = Mutex(false)
    private let shared: SharedAudioOutput

    init(_ output: any AudioOutput, shared: SharedAudioOutput) {
        self.output = output
        self.shared = shared
    }

    /// The format the device is playing, if an earlier item started it: a new item converts
    /// to it, so the device never reopens between items (and a WAV file stays one format).
    var currentFormat: AudioFormat? { shared.startedFormat }

    var name: String { output.name }
    var latency: Duration { output.latency }

    private var isRevoked: Bool { revoked.withLock { $0 } }

    func start(format: AudioFormat) throws(AudioOutputError) {
        guard !isRevoked else { throw .stopped }
        try output.start(format: format)
        shared.startedFormat = format
    }

    func write(_ buffer: PCMBuffer) throws(AudioOutputError) {
        guard !isRevoked else { throw .stopped }
        try output.write(buffer)
    }

    func setPaused(_ paused: Bool) {
        if !isRevoked { output.setPaused(paused) }
    }

    func flush() {
        if !isRevoked { output.flush() }
    }

    func drain() throws(AudioOutputError) {
        guard !isRevoked else { throw .stopped }
        try output.drain()
    }

    func setVolume(_ volume: Float) {
        if !isRevoked { output.setVolume(volume) }
    }

    /// Ends this item's use: discards what it queued and refuses its further writes. Idempotent.
    func stop() {
        let wasRevoked = revoked.withLock { revoked -> Bool in
            defer { revoked = true }
            return revoked
        }
        if !wasRevoked { output.flush() }
    }
}

/// The player's audio output, made on first use (on a pipeline thread: making one may block)
/// and kept across items until the player closes it.
final class SharedAudioOutput: Sendable {
    private let make: @Sendable () throws(AudioOutputError) -> any AudioOutput
    private let output = Mutex<(any AudioOutput)?>(nil)
    private let format = Mutex<AudioFormat?>(nil)

    /// The format the open device was last started with.
    var startedFormat: AudioFormat? {
        get { format.withLock { $0 } }
        set { format.withLock { $0 = newValue } }
    }

    init(make: @escaping @Sendable () throws(AudioOutputError) -> any AudioOutput) {
        self.make = make
    }

    /// A lease on the output, opening it if needed.
    func lease() throws(AudioOutputError) -> AudioOutputLease {
        let existing = output.withLock { $0 }
        if let existing { return AudioOutputLease(existing, shared: self) }
        let made = try make()
        let winner = output.withLock { current -> any AudioOutput in
            if let current { return current }
            current = made
            return made
        }
        if winner !== made { made.stop() }
        return AudioOutputLease(winner, shared: self)
    }

    /// Closes the device (a WAV file is finished); the next lease opens a new one.
    func close() {
        startedFormat = nil
        output.withLock { current -> (any AudioOutput)? in
            defer { current = nil }
            return current
        }?.stop()
    }
}
