/// mpv's error strings (`mpv_error_string`), the `error` member of every reply.
enum IPCError: String, Error, Equatable, Sendable {
    case success
    case invalidParameter = "invalid parameter"
    case propertyNotFound = "property not found"
    case propertyUnavailable = "property unavailable"
    /// A value of the wrong type for the property (`set_property pause "maybe"`).
    case propertyFormat = "unsupported format for accessing property"
    /// A value the property refuses (out of range), or a read-only property set.
    case propertyError = "error accessing property"
    /// A command that could not do what it was asked (seek with nothing loaded, next at the end).
    case commandFailed = "error running command"
}
