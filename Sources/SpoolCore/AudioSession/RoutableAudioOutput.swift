/// An audio output an audio session can steer: it presents its stream as the session's
/// category says, reports interruptions and route changes, and moves between devices.
///
/// `PulseAudioOutput` is the real one; outputs that are not (WAV, null) simply do not join
/// the session. Threading: every method may be called from any thread; the event handler is
/// called on the output's own thread and must return at once (a stream continuation's
/// `yield` is the intended body).
public protocol RoutableAudioOutput: AudioOutput {
    /// Presents the stream as `attributes` say: the next stream opens with them, and an open
    /// stream is updated in place.
    func setSessionAttributes(_ attributes: AudioSessionAttributes)

    /// Sets (or clears) the receiver of the output's interruption and route-change events.
    func setSessionEventHandler(_ handler: (@Sendable (AudioSessionEvent) -> Void)?)

    /// The device the stream plays on (or will open on), when known.
    var currentDeviceName: String? { get }

    /// The devices the output can play on. Blocks for a server round trip, bounded by the
    /// output's timeout: call it off the cooperative pool.
    func availableDevices() throws(AudioOutputError) -> [AudioOutputDevice]

    /// Plays on the device named `name` from now on, moving an open stream there without
    /// losing what is queued. Blocks for a server round trip (bounded): call it off the
    /// cooperative pool. Throws `.unavailable` for an unknown device.
    func route(toDevice name: String) throws(AudioOutputError)
}
