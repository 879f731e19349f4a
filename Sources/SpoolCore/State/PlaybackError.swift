/// The one user-facing playback failure: a code grouped by where it happened, a one-line
/// message, and the underlying cause. Failures are state (`failed`), never exceptions thrown
/// from `play()`.
public struct PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, grouped like ExoPlayer's error ranges.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The numeric code; the thousands digit is the group.
        public let rawValue: Int
        /// Wraps a numeric code.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The source could not be found (file missing, HTTP 404).
        public static let ioNotFound = Code(rawValue: 2001)
        /// A network failure (refused, reset, timed out).
        public static let ioNetwork = Code(rawValue: 2002)
        /// An HTTP error status other than not-found.
        public static let ioBadHTTPStatus = Code(rawValue: 2003)
        /// Reading stopped before the end (truncated file, dropped connection).
        public static let ioUnexpectedEnd = Code(rawValue: 2004)
        /// The container is malformed or corrupt.
        public static let parsingMalformed = Code(rawValue: 3001)
        /// The container or codec is not supported.
        public static let parsingUnsupported = Code(rawValue: 3002)
        /// No audio or video track can be played.
        public static let parsingNotPlayable = Code(rawValue: 3003)
        /// A decoder failed.
        public static let decodingFailed = Code(rawValue: 4001)
        /// The audio output failed.
        public static let audioOutputFailed = Code(rawValue: 5001)
        /// The video output failed.
        public static let videoOutputFailed = Code(rawValue: 6001)
        /// Anything else (resource exhaustion, internal invariants).
        public static let system = Code(rawValue: 9001)

        /// "io", "parsing", "decoding", "audioOutput", "videoOutput" or "system".
        public var group: String {
            switch rawValue / 1000 {
            case 2: "io"
            case 3: "parsing"
            case 4: "decoding"
            case 5: "audioOutput"
            case 6: "videoOutput"
            default: "system"
            }
        }

        /// "io(2001)".
        public var description: String { "\(group)(\(rawValue))" }
    }

    /// What failed.
    public let code: Code
    /// One line a user can read.
    public let message: String
    /// The lower-level error, for logs.
    public let underlying: (any Error & Sendable)?

    /// Creates an error; newlines in `message` are folded so it stays one line.
    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.underlying = underlying
    }

    /// The message.
    public var description: String { message }

    /// Equal when code and message are equal (the underlying cause is for logs only).
    public static func == (lhs: PlaybackError, rhs: PlaybackError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }
}

extension PlaybackError {
    /// The playback error for an asset that failed to load.
    public init(_ error: AssetLoadError) {
        let code: Code =
            switch error {
            case .notPlayable: .parsingNotPlayable
            case .notFound: .ioNotFound
            case .httpStatus: .ioBadHTTPStatus
            case .network: .ioNetwork
            case .unsupportedFormat: .parsingUnsupported
            case .corruptData: .parsingMalformed
            case .cancelled: .system
            }
        self.init(code, error.description, underlying: error)
    }
}
