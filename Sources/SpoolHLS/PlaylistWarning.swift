/// Something a playlist got wrong that the parser tolerated, kept so a caller can log it:
/// the playlist is usable, but the server (or the tool that wrote it) should be fixed.
public struct PlaylistWarning: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line it concerns.
    public let line: Int
    /// What was wrong and what the parser did about it.
    public let message: String

    /// A warning about `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// "line 7: …", one line.
    public var description: String { "line \(line): \(message)" }
}
