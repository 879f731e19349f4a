/// Method calls a bus service forwarded to the main actor and has not answered yet, each
/// under a token that travels with the forwarded call and comes back with its answer.
///
/// Bus-thread confined, like the service that owns it.
struct BusPendingCalls<Shape> {
    private var calls: [Int: (message: BusMessage, shape: Shape)] = [:]
    private var lastToken = 0

    /// Keeps `message` (to be answered in `shape`) and returns its new token.
    mutating func add(_ message: BusMessage, shape: Shape) -> Int {
        lastToken += 1
        calls[lastToken] = (message, shape)
        return lastToken
    }

    /// The call under `token`, no longer pending; `nil` if it was answered already.
    mutating func remove(_ token: Int) -> (message: BusMessage, shape: Shape)? {
        calls.removeValue(forKey: token)
    }

    /// Answers every pending call with `error` on `connection` (the service is stopping).
    mutating func failAll(with error: DBusError, on connection: BusConnection) {
        for (_, call) in calls { connection.replyError(error, to: call.message) }
        calls.removeAll()
    }
}
