import Foundation

/// Answers a request on a route registered with a handler.
public typealias LoopbackRequestHandler = @Sendable (RecordedRequest) -> ScriptedResponse

/// Everything the loopback server's threads share, guarded by one `ConditionLock` so that
/// tests can wait for any change to the log.
struct ServerState: Sendable {
    enum Route: Sendable {
        case fixed(ScriptedResponse)
        case handler(LoopbackRequestHandler)
    }

    var log = ServerLog()
    var routes: [String: Route] = [:]
    /// Handlers for every path under a prefix, longest prefix first when matching.
    var prefixRoutes: [(prefix: String, handler: LoopbackRequestHandler)] = []
    /// Connection ID → socket, for connections whose thread still owns an open socket.
    var openSockets: [Int: Int32] = [:]
    /// Accept and connection threads that have not finished yet.
    var liveThreads = 0
    var isStopping = false

    /// The route for `path`: an exact route, else the longest matching prefix route.
    func route(for path: String) -> Route? {
        if let route = routes[path] { return route }
        let matches = prefixRoutes.filter { path.hasPrefix($0.prefix) }
        return matches.max { $0.prefix.count < $1.prefix.count }.map { .handler($0.handler) }
    }

    /// Updates the record of connection `id` (IDs are 1-based positions in the log).
    mutating func updateConnection(_ id: Int, _ change: (inout ConnectionRecord) -> Void) {
        change(&log.connections[id - 1])
    }
}
