public import Foundation

/// What the loopback server answers on a route: fixed status, headers and body, optionally
/// trickled out in real time and optionally honouring byte ranges.
public struct ScriptedResponse: Sendable {
    /// How the route treats `Range` requests.
    public enum RangeSupport: Sendable {
        /// No `Accept-Ranges` header; a `Range` header is ignored (200, full body).
        case none
        /// `Accept-Ranges: bytes`; `Range: bytes=N-` and `bytes=N-M` get 206 with
        /// `Content-Range`, an unsatisfiable range gets 416.
        case bytes
        /// Sends `Accept-Ranges: bytes` but ignores `Range` (200, full body): a server that
        /// lies about ranges.
        case advertisedButIgnored
    }

    /// Real-time pacing of the body: `chunkSize` bytes, then `delay`, until the body is out.
    public struct Throttle: Sendable {
        /// Bytes written per step (at least 1).
        public var chunkSize: Int
        /// Real time waited after each chunk except the last.
        public var delay: Duration
        /// The size of the first chunk when it differs: a head start sent at once (what a
        /// player needs to open the media), before the pacing begins.
        public var firstChunkSize: Int?

        /// Paces the body in `chunkSize`-byte steps separated by `delay`, the first step
        /// `firstChunkSize` bytes when given.
        public init(chunkSize: Int, delay: Duration, firstChunkSize: Int? = nil) {
            self.chunkSize = max(1, chunkSize)
            self.delay = delay
            self.firstChunkSize = firstChunkSize.map { max(1, $0) }
        }

        /// About `bytesPerSecond`, in `chunkSize`-byte steps.
        public static func rate(bytesPerSecond: Int, chunkSize: Int = 16 << 10) -> Throttle {
            let steps = Double(max(1, bytesPerSecond)) / Double(max(1, chunkSize))
            return Throttle(chunkSize: chunkSize, delay: .seconds(1 / steps))
        }
    }

    /// The status code (200, 404, 500…).
    public var status: Int
    /// Extra headers, sent in this order. `Content-Length`, `Content-Range` and
    /// `Accept-Ranges` are computed by the server and must not be given here.
    public var headers: [(name: String, value: String)]
    /// The full representation; a range answer sends the requested slice of it.
    public var body: Data
    /// When set, the body is trickled out; `nil` sends it as fast as the client reads.
    public var throttle: Throttle?
    /// How `Range` requests are treated; only applies to 200 responses.
    public var ranges: RangeSupport
    /// When set, the server closes the connection after sending this many body bytes, although
    /// `Content-Length` announced the whole body: a connection lost mid-transfer. A throttled
    /// response waits its delay once more after the last chunk before closing.
    public var hangUpAfterBodyBytes: Int?
    /// A fault in the middle of the body (a reset or a stall); `nil` for none.
    public var interruption: Interruption?
    /// Real time waited before the status line is sent (a slow server or a long route).
    public var latency: Duration?
    /// How many bytes the announced Content-Length is off from the body sent (of the range,
    /// for a 206). Positive (too long): the body is sent, then the connection is closed;
    /// negative (too short): the announced bytes are sent, then the connection is closed.
    public var contentLengthError: Int

    /// A response with everything explicit.
    public init(
        status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data(),
        throttle: Throttle? = nil, ranges: RangeSupport = .none, hangUpAfterBodyBytes: Int? = nil,
        interruption: Interruption? = nil, latency: Duration? = nil, contentLengthError: Int = 0
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.throttle = throttle
        self.ranges = ranges
        self.hangUpAfterBodyBytes = hangUpAfterBodyBytes
        self.interruption = interruption
        self.latency = latency
        self.contentLengthError = contentLengthError
    }

    /// A 200 serving `body` as a seekable file (`Accept-Ranges: bytes`, ranges honoured).
    public static func file(_ body: Data, throttle: Throttle? = nil) -> ScriptedResponse {
        ScriptedResponse(
            status: 200, headers: [("Content-Type", "application/octet-stream")], body: body,
            throttle: throttle, ranges: .bytes)
    }

    /// An empty response with `status` (404, 500…).
    public static func status(_ status: Int) -> ScriptedResponse {
        ScriptedResponse(status: status)
    }

    /// A 200 with a JSON body.
    public static func json(_ text: String, status: Int = 200) -> ScriptedResponse {
        ScriptedResponse(
            status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }
}
