/// What the fault-injecting server does wrong on one request (see `FaultInjectingHTTPServer`).
/// The parts combine: a latency before an answer that ignores the range and is then reset.
public struct HTTPFault: Sendable, Equatable {
    /// Answer this status with an empty body instead of the file (503, 404, 403…).
    public var status: Int?
    /// A reset or stall part-way through the body.
    public var interruption: ScriptedResponse.Interruption?
    /// Answer 200 with the whole file although a `Range` was asked for.
    public var ignoresRange = false
    /// Announce a Content-Length this many bytes longer (negative: shorter) than the body,
    /// then close the connection after what was really sent.
    public var contentLengthError = 0
    /// Real time waited before the status line.
    public var latency: Duration?
    /// Send this ETag instead of the file's: the resource changed on the server.
    public var etag: String?

    /// A fault with every part explicit; the defaults do nothing wrong.
    public init(
        status: Int? = nil, interruption: ScriptedResponse.Interruption? = nil, ignoresRange: Bool = false,
        contentLengthError: Int = 0, latency: Duration? = nil, etag: String? = nil
    ) {
        self.status = status
        self.interruption = interruption
        self.ignoresRange = ignoresRange
        self.contentLengthError = contentLengthError
        self.latency = latency
        self.etag = etag
    }

    /// A clean answer.
    public static let none = HTTPFault()

    /// `status` with an empty body.
    public static func status(_ status: Int) -> HTTPFault { HTTPFault(status: status) }

    /// The connection is reset after `bytes` body bytes.
    public static func reset(afterBytes bytes: Int) -> HTTPFault {
        HTTPFault(interruption: .init(.reset, afterBodyBytes: bytes))
    }

    /// Nothing is sent after `bytes` body bytes for `duration` (`nil`: until the client
    /// leaves or the server stops).
    public static func stall(afterBytes bytes: Int, for duration: Duration?) -> HTTPFault {
        HTTPFault(interruption: .init(.stall(duration), afterBodyBytes: bytes))
    }

    /// A Content-Length `error` bytes off (positive: too long), then a close.
    public static func wrongContentLength(by error: Int) -> HTTPFault { HTTPFault(contentLengthError: error) }

    /// 200 with the whole file, whatever the `Range`.
    public static let ignoringRange = HTTPFault(ignoresRange: true)
}
