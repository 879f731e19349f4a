internal import CPulse

/// A failure reported by libpulse, as its error code (`PA_ERR_*`) plus what Spool was doing.
///
/// libpulse reports most failures as a negative return value and leaves the reason in the
/// context (`pa_context_errno`); `PulseContext.error(while:)` is the one funnel that turns
/// that into this type. Equality compares codes only, so `error == .connectionRefused` holds
/// whatever the message says. Outputs translate it into `AudioOutputError` at their boundary.
struct PulseError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// libpulse's error code (`pa_error_code_t`).
    let rawValue: Int32
    /// What Spool was doing when the error happened, e.g. "connecting to the server".
    let action: String

    /// An error for `rawValue` with no action attached.
    init(rawValue: Int32) {
        self.init(code: rawValue, while: "")
    }

    /// An error for `code` that happened while doing `action`.
    init(code: Int32, while action: String) {
        self.rawValue = code
        self.action = action
    }

    /// An error for a libpulse enum constant.
    init(_ code: pa_error_code, while action: String) {
        self.init(code: Int32(code.rawValue), while: action)
    }

    /// "connecting to the server: Connection refused".
    var description: String {
        let reason = pa_strerror(rawValue).map { String(cString: $0) } ?? "error \(rawValue)"
        return action.isEmpty ? reason : "\(action): \(reason)"
    }

    static func == (lhs: PulseError, rhs: PulseError) -> Bool { lhs.rawValue == rhs.rawValue }

    func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// No server listens where the client looked.
    static let connectionRefused = PulseError(PA_ERR_CONNECTIONREFUSED, while: "")
    /// The server did not answer in time (Spool's connect timeout, or libpulse's own).
    static let timeout = PulseError(PA_ERR_TIMEOUT, while: "")
    /// A named object (a sink, a stream) does not exist.
    static let noEntity = PulseError(PA_ERR_NOENTITY, while: "")
    /// The connection to the server went away (server exited or killed our client).
    static let connectionTerminated = PulseError(PA_ERR_CONNECTIONTERMINATED, while: "")
    /// The server killed the stream (for example `pactl kill-sink-input`).
    static let killed = PulseError(PA_ERR_KILLED, while: "")
    /// An argument was rejected (for example an unsupported sample spec).
    static let invalid = PulseError(PA_ERR_INVALID, while: "")
    /// An object was used in the wrong state (for example a stream that is not ready).
    static let badState = PulseError(PA_ERR_BADSTATE, while: "")
    /// libpulse could not allocate an object.
    static let `internal` = PulseError(PA_ERR_INTERNAL, while: "")
}
