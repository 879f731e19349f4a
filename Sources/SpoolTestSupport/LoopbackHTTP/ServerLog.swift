public import Foundation

/// One request as the loopback server received it.
public struct RecordedRequest: Sendable {
    /// Which connection carried it (see `ConnectionRecord.id`).
    public var connectionID: Int
    /// "GET", "POST"…
    public var method: String
    /// The request target without the query, exactly as sent (still percent-encoded).
    public var path: String
    /// The query string without "?", if any.
    public var query: String?
    /// Header fields in the order received.
    public var headers: [(name: String, value: String)]
    /// The request body (empty when there was none).
    public var body: Data
    /// When the request head had been read.
    public var receivedAt: ContinuousClock.Instant
    /// The status the server answered with, recorded just before its head is sent (so a
    /// client never sees an answer the log does not have); `nil` before that.
    public var status: Int?
    /// Body bytes of the answer written to the socket so far (counted once each write
    /// returns).
    public var bodyBytesSent = 0

    /// The first value of the header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// What the loopback server saw of one TCP connection.
public struct ConnectionRecord: Sendable {
    /// Connections are numbered from 1 in the order they were accepted.
    public var id: Int
    /// When the connection was accepted.
    public var openedAt: ContinuousClock.Instant
    /// Requests received on this connection.
    public var requestCount = 0
    /// Bytes written to the socket: status lines, headers and bodies.
    public var bytesSent = 0
    /// Body bytes written to the socket (all responses on this connection).
    public var bodyBytesSent = 0
    /// `true` when the client hung up while a response body was still being sent.
    public var clientClosedEarly = false
    /// When the server found the connection closed (by either side); `nil` while open.
    public var closedAt: ContinuousClock.Instant?

    /// `true` once the connection is closed.
    public var isClosed: Bool { closedAt != nil }
}

/// Everything the loopback server has recorded so far, in arrival order.
public struct ServerLog: Sendable {
    /// Every request, in the order the server finished reading them.
    public var requests: [RecordedRequest] = []
    /// Every accepted connection, in accept order.
    public var connections: [ConnectionRecord] = []

    /// Requests whose path is `path`.
    public func requests(to path: String) -> [RecordedRequest] {
        requests.filter { $0.path == path }
    }
}
