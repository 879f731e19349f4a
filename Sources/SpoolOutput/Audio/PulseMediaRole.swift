/// What a PulseAudio stream plays, as its `media.role` property.
///
/// Servers and policy modules act on the role: module-role-cork pauses music for a phone
/// call, module-role-ducking lowers it, desktops group streams by it. Spool's audio session
/// maps its categories onto these roles. Any string may be used; the statics are the roles
/// PulseAudio and PipeWire document.
public struct PulseMediaRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The `media.role` value, e.g. "video".
    public let rawValue: String

    /// A role named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The role value itself.
    public var description: String { rawValue }

    /// The sound track of a movie or clip (Spool's default).
    public static let video = PulseMediaRole(rawValue: "video")
    /// Music playback.
    public static let music = PulseMediaRole(rawValue: "music")
    /// A game's audio.
    public static let game = PulseMediaRole(rawValue: "game")
    /// A short notification or event sound.
    public static let event = PulseMediaRole(rawValue: "event")
    /// Voice communication.
    public static let phone = PulseMediaRole(rawValue: "phone")
    /// Accessibility output such as a screen reader.
    public static let accessibility = PulseMediaRole(rawValue: "a11y")
    /// Audio production software.
    public static let production = PulseMediaRole(rawValue: "production")
}
