public import Foundation

/// The HTTP client under an `HTTPByteSource`: sends its GETs and reports each answer as
/// events, while the source keeps every rule about them (validation, retries, stalls,
/// back-pressure) in pure Swift.
///
/// SpoolCore ships `URLSessionHTTPTransport`; the product uses libcurl's (`CurlHTTPTransport`
/// in SpoolNetwork), injected through `HTTPByteSource.Options.transport`.
public protocol HTTPTransport: Sendable {
    /// Whether `HTTPTransfer.pause()` holds the transfer on its connection, so back-pressure
    /// needs no new request; otherwise the source cancels a transfer whose buffer is full and
    /// continues later with a range request.
    var pausesInPlace: Bool { get }
    /// Whether cancelling a transfer that is about to complete can crash (swift-corelibs-
    /// foundation's race; see `ImminentCompletion`), so the source must leave it to finish.
    var cancellingNearCompletionIsUnsafe: Bool { get }
    /// A session for one byte source: its transfers may share connections. `invalidate()`
    /// ends it.
    func makeSession(_ configuration: HTTPTransportConfiguration) -> any HTTPTransportSession
}

/// What a transport session is made with.
public struct HTTPTransportConfiguration: Sendable {
    /// How long connecting, or a request without a received byte, may take before the
    /// transfer fails as timed out.
    public var requestTimeout: Duration
    /// Names the session in thread and queue names (a redacted URL).
    public var label: String

    /// A configuration; see the properties.
    public init(requestTimeout: Duration, label: String) {
        self.requestTimeout = requestTimeout
        self.label = label
    }
}

/// A transport's context for one byte source.
public protocol HTTPTransportSession: Sendable {
    /// Starts a GET for `request`. The events of the transfer arrive in order, on a thread of
    /// the transport's, never before this returns to a caller that holds a lock the events
    /// take — a transport must not call `events` from inside `start`.
    func start(_ request: HTTPTransferRequest, events: any HTTPTransferEvents) -> any HTTPTransfer
    /// Ends the session; transfers still running are cancelled. Idempotent.
    func invalidate()
}

/// One GET, as a transport sends it.
public struct HTTPTransferRequest: Sendable, Equatable {
    /// The resource.
    public var url: URL
    /// Extra header fields (the source's `Options.headers`).
    public var headers: [String: String]
    /// `Range: bytes=N-` when set and above 0.
    public var rangeStart: Int64?

    /// A request; see the properties.
    public init(url: URL, headers: [String: String] = [:], rangeStart: Int64? = nil) {
        self.url = url
        self.headers = headers
        self.rangeStart = rangeStart
    }
}

/// One running GET. Every method is safe from any thread, returns at once and is
/// idempotent; after `cancel()` the transfer reports nothing more.
public protocol HTTPTransfer: AnyObject, Sendable {
    /// Stops the transfer and closes its connection if the body was not complete.
    func cancel()
    /// Stops receiving body bytes without giving up the connection (when the transport
    /// `pausesInPlace`; otherwise it does nothing). Bytes already on their way may still be
    /// reported.
    func pause()
    /// Continues a paused transfer on the same connection.
    func resume()
}

/// What a transfer reports, in order: at most one head, then body bytes, then one completion.
public protocol HTTPTransferEvents: Sendable {
    /// The final response head (after redirects and interim 1xx answers).
    func transfer(_ transfer: any HTTPTransfer, didReceive head: HTTPTransferHead)
    /// The next body bytes.
    func transfer(_ transfer: any HTTPTransfer, didReceive data: Data)
    /// The transfer ended: `nil` when the body is complete as far as the transport knows.
    func transfer(_ transfer: any HTTPTransfer, didCompleteWith error: HTTPTransportError?)
}

/// A response head as a transport received it.
public struct HTTPTransferHead: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Header fields by lowercased name (the last value of a repeated field).
    public var fields: [String: String]

    /// A head; field names are lowercased here.
    public init(status: Int, fields: [String: String]) {
        self.status = status
        self.fields = Dictionary(fields.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
    }

    /// The value of field `name`, compared case-insensitively.
    public func value(_ name: String) -> String? {
        fields[name.lowercased()]
    }
}

/// Why a transfer failed, as a transport tells it: a kind the load-error policy judges and
/// a message in words a user can act on.
public struct HTTPTransportError: Error, Sendable, Equatable {
    /// The kinds of failure the load-error policy distinguishes.
    public enum Kind: Sendable, Equatable {
        case timedOut
        case connectionLost
        case connectionRefused
        /// Not worth repeating: DNS, TLS, too many redirects, a malformed URL.
        case permanent
        /// The transfer was cancelled.
        case cancelled
        /// The transport gave no specific reason: a lost connection when it happens mid-body.
        case unspecified
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// What happened, without the URL (the source adds it).
    public var message: String

    /// An error; see the properties.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
