/// Which audio output to use, as the command line spells it (`--ao`).
///
/// `pulse` plays on the default PulseAudio sink, `pulse:SINK` on the named sink,
/// `wav:FILE` writes a WAV file as fast as the audio decodes (unpaced: an item with audio
/// plays to its end in a fraction of its duration; use it to capture, not to listen along),
/// `null` discards audio in real time. `description` gives the
/// spelling back, so parsing it again yields the same spec.
public enum AudioOutputSpec: Hashable, Sendable, CustomStringConvertible {
    /// PulseAudio, on `sink` (the server's default when `nil`).
    case pulse(sink: String?)
    /// A WAV file at `path`, written unpaced: the player's clock does not wait for it, so a
    /// 6-s item ends in well under a second (`WAVFileOutput`).
    case wav(path: String)
    /// The null output.
    case null

    /// The forms `init(parsing:)` accepts, for help texts and error messages.
    public static let syntax = "pulse, pulse:SINK, wav:FILE or null"

    /// Parses `text`. Names are case-sensitive; a sink name or file path is everything after
    /// the first colon (so paths may contain colons) and must not be empty. Throws for an
    /// unknown output or a missing sink or path.
    public init(parsing text: String) throws(AudioOutputSpecError) {
        let kind = text.prefix { $0 != ":" }
        let argument = text.firstIndex(of: ":").map { String(text[text.index(after: $0)...]) }
        switch (kind, argument) {
        case ("pulse", nil):
            self = .pulse(sink: nil)
        case ("pulse", let sink?):
            guard !sink.isEmpty else { throw AudioOutputSpecError(spec: text, reason: "pulse: needs a sink name") }
            self = .pulse(sink: sink)
        case ("wav", let path?):
            guard !path.isEmpty else { throw AudioOutputSpecError(spec: text, reason: "wav: needs a file path") }
            self = .wav(path: path)
        case ("wav", nil):
            throw AudioOutputSpecError(spec: text, reason: "wav needs a file: wav:FILE")
        case ("null", nil):
            self = .null
        case ("null", _?):
            throw AudioOutputSpecError(spec: text, reason: "null takes no argument")
        default:
            throw AudioOutputSpecError(spec: text, reason: "unknown audio output")
        }
    }

    /// The command-line spelling: "pulse", "pulse:SINK", "wav:FILE" or "null".
    public var description: String {
        switch self {
        case .pulse(let sink?): "pulse:\(sink)"
        case .pulse(nil): "pulse"
        case .wav(let path): "wav:\(path)"
        case .null: "null"
        }
    }
}

/// Why an audio output spec was refused.
public struct AudioOutputSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that was parsed.
    public let spec: String
    /// What is wrong with it.
    public let reason: String

    /// "invalid audio output 'alsa': unknown audio output (expected pulse, pulse:SINK, wav:FILE or null)".
    public var description: String {
        "invalid audio output '\(spec)': \(reason) (expected \(AudioOutputSpec.syntax))"
    }
}
