/// A call from a client that the main actor must answer (every method, every property
/// write, and reading `Position`).
enum MPRISRequest: Sendable, Equatable {
    case raise
    case quit
    case play
    case pause
    case playPause
    case stop
    case next
    case previous
    /// MPRIS `Seek`: move by this many microseconds (negative: back).
    case seek(offsetMicroseconds: Int64)
    /// MPRIS `SetPosition`: ignored unless `trackID` is the current track.
    case setPosition(trackID: String, positionMicroseconds: Int64)
    case openURI(String)
    case setFullscreen(Bool)
    case setLoopStatus(String)
    case setRate(Double)
    case setShuffle(Bool)
    case setVolume(Double)
    /// Read the live position (for `Get(Position)` and `GetAll` of the player interface).
    case readPosition
}

/// How the main actor answered an `MPRISRequest`.
enum MPRISAnswer: Sendable, Equatable {
    /// Done; the reply carries no values.
    case done
    /// The position, in microseconds.
    case position(microseconds: Int64)
    /// The request failed; the client gets this error.
    case failed(DBusError)
}

/// What the reply to a forwarded call must contain once the main actor has answered.
enum MPRISReplyShape: Sendable, Equatable {
    /// No values (methods, `Set`).
    case empty
    /// `Get(Player, Position)`: the position in a variant.
    case position
    /// `GetAll(Player)`: every player property, with the position.
    case allPlayerProperties
}

/// What the bus thread does with an incoming method call.
enum MPRISRoute: Equatable {
    /// Reply at once with these values.
    case reply([DBusValue])
    /// Reply at once with this error.
    case error(DBusError)
    /// Ask the main actor, then reply in this shape.
    case forward(MPRISRequest, MPRISReplyShape)
}
