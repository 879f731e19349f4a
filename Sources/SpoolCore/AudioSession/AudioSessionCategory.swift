/// How an app uses audio, AVAudioSession.Category's counterpart: it decides which other
/// streams may interrupt this one and which this one interrupts.
///
/// On PulseAudio the category (with the mode and options) becomes the stream's `media.role`,
/// the property the server's policy modules (module-role-cork, module-role-ducking) act on;
/// `SpoolOutput` holds the mapping and `docs/ARCHITECTURE.md` lists it.
public struct AudioSessionCategory: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The category's name, as Apple spells it without the prefix ("playback").
    public let rawValue: String

    /// A category named `rawValue`; unknown names behave like `playback`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The name.
    public var description: String { rawValue }

    /// Sound that is not the app's point (game effects): mixes with everything, never
    /// interrupts others and is not interrupted by their policies.
    public static let ambient = AudioSessionCategory(rawValue: "ambient")
    /// Like `playback` on Linux (there is no silent switch); Apple's default category.
    public static let soloAmbient = AudioSessionCategory(rawValue: "soloAmbient")
    /// Media playback, the seed's choice for a player: interrupted by calls.
    public static let playback = AudioSessionCategory(rawValue: "playback")
    /// Voice or video calls: interrupts (corks) other apps' music and video while it plays.
    public static let playAndRecord = AudioSessionCategory(rawValue: "playAndRecord")
}

/// A specialisation of the category, AVAudioSession.Mode's counterpart.
public struct AudioSessionMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The mode's name, as Apple spells it without the prefix ("moviePlayback").
    public let rawValue: String

    /// A mode named `rawValue`; unknown names behave like `default`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The name.
    public var description: String { rawValue }

    /// No specialisation.
    public static let `default` = AudioSessionMode(rawValue: "default")
    /// Films and clips: the stream is a video sound track.
    public static let moviePlayback = AudioSessionMode(rawValue: "moviePlayback")
    /// Podcasts and audio books.
    public static let spokenAudio = AudioSessionMode(rawValue: "spokenAudio")
    /// A video call: behaves as `playAndRecord` whatever the category.
    public static let videoChat = AudioSessionMode(rawValue: "videoChat")
}
