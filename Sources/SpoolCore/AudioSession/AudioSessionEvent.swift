/// Whether an interruption starts or ends, AVAudioSession.InterruptionType's counterpart
/// (same raw values).
public enum AudioSessionInterruptionType: UInt, Sendable, Hashable {
    /// The system took the audio away (on PulseAudio: a cork request).
    case began = 1
    /// The interruption is over (on PulseAudio: an uncork request).
    case ended = 0
}

/// What an ended interruption allows, AVAudioSession.InterruptionOptions' counterpart.
public struct AudioSessionInterruptionOptions: OptionSet, Hashable, Sendable {
    /// The bits, Apple's values.
    public let rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Playback may resume: the server asked to uncork.
    public static let shouldResume = AudioSessionInterruptionOptions(rawValue: 0x1)
}

/// Why the route changed, AVAudioSession.RouteChangeReason's counterpart (same raw values).
public enum AudioSessionRouteChangeReason: UInt, Sendable, Hashable {
    /// Unknown.
    case unknown = 0
    /// A new device became the default (PulseAudio's default sink changed).
    case newDeviceAvailable = 1
    /// The device the stream played on went away (its sink was removed): playback pauses.
    case oldDeviceUnavailable = 2
    /// The session's category, mode or options changed while it was active.
    case categoryChange = 3
    /// The app moved the stream to another device (the route picker).
    case override = 4
    /// The device woke from sleep (never reported on PulseAudio).
    case wakeFromSleep = 6
    /// No device suits the category (never reported on PulseAudio).
    case noSuitableRouteForCategory = 7
    /// The device's configuration changed (never reported on PulseAudio).
    case routeConfigurationChange = 8
}

/// Something the system told the session: an interruption or a route change.
public enum AudioSessionEvent: Sendable, Hashable {
    /// An interruption began or ended; `options` is empty for `began`.
    case interruption(AudioSessionInterruptionType, options: AudioSessionInterruptionOptions)
    /// The route changed; `previousDevice` is the device (sink name) played on before, when known.
    case routeChange(AudioSessionRouteChangeReason, previousDevice: String?)
}
