/// How the session mixes and routes, AVAudioSession.CategoryOptions' counterpart (same raw
/// values).
public struct AudioSessionCategoryOptions: OptionSet, Hashable, Sendable {
    /// The bits, Apple's values.
    public let rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Mix with other apps' audio instead of interrupting it: on PulseAudio a session that
    /// would interrupt others (a call) gets a role no policy module corks with or for.
    public static let mixWithOthers = AudioSessionCategoryOptions(rawValue: 0x1)
    /// Lower others while playing. Recorded in the stream's properties for policy scripts;
    /// stock PulseAudio ducks only for its trigger roles.
    public static let duckOthers = AudioSessionCategoryOptions(rawValue: 0x2)
    /// Allow Bluetooth devices: always so on PulseAudio (they are ordinary sinks); recorded only.
    public static let allowBluetooth = AudioSessionCategoryOptions(rawValue: 0x4)
    /// Play on the speaker rather than a receiver; `playAndRecord` only (as on Apple's
    /// platforms). Recorded only: desktops have no receiver.
    public static let defaultToSpeaker = AudioSessionCategoryOptions(rawValue: 0x8)
}

/// Options of `setActive(false, options:)`, AVAudioSession.SetActiveOptions' counterpart.
public struct AudioSessionSetActiveOptions: OptionSet, Hashable, Sendable {
    /// The bits, Apple's values.
    public let rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Let others resume: once playback is over the stream is closed rather than corked, so
    /// the server's policy modules end the interruptions it caused.
    public static let notifyOthersOnDeactivation = AudioSessionSetActiveOptions(rawValue: 0x1)
}

/// Category, mode and options together: what an output needs to present its stream.
public struct AudioSessionAttributes: Hashable, Sendable {
    /// The category.
    public var category: AudioSessionCategory
    /// The mode.
    public var mode: AudioSessionMode
    /// The options.
    public var options: AudioSessionCategoryOptions

    /// Attributes; the defaults are a media player's: `playback`, `moviePlayback`, no options.
    public init(
        category: AudioSessionCategory = .playback, mode: AudioSessionMode = .moviePlayback,
        options: AudioSessionCategoryOptions = []
    ) {
        self.category = category
        self.mode = mode
        self.options = options
    }

    /// Whether the session is a call (`playAndRecord`, or the `videoChat` mode).
    public var isCommunication: Bool { category == .playAndRecord || mode == .videoChat }
}
