public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `ByteSource` for http and https URLs, built on URLSession.
///
/// Guarantees:
/// - `open()` returns once the response head has arrived: 404 and 410 throw `.notFound`,
///   other error statuses `.httpStatus`, and refused connections, DNS failures and time-outs
///   `.network` with a message saying which.
/// - `length` comes from Content-Length (or the Content-Range total); the source is seekable
///   when the server sent `Accept-Ranges: bytes` and a length. `seek(to:)` within the
///   buffered bytes costs nothing; otherwise it cancels the transfer and waits for the
///   answer to `Range: bytes=N-`. A server that then answers 200 cannot seek: the source
///   becomes unseekable, stands at byte 0 of that answer, and `seek` throws `.notSeekable`.
/// - Memory is bounded for seekable resources: the transfer is stopped once
///   `Options.bufferLimit` bytes are held ahead of the reader; the bytes the network had
///   already delivered by then are kept too (on a fast link that can be several MiB more,
///   because swift-corelibs-foundation queues received data for the delegate without
///   limit).
/// - `cancel()` works from any thread: it cancels the URLSession task at once (its TCP
///   connection is closed) and blocked or later calls throw `.cancelled`.
///
/// Back-pressure: swift-corelibs-foundation's `URLSessionTask.suspend()` removes the
/// transfer from libcurl (closing its connection), and `resume()` then sends the original
/// request again, so the body would be delivered from byte 0 a second time (verified on
/// Swift 6.3.1); its request timer also keeps running while suspended. So a full buffer
/// *cancels* the task, and reading below half the limit continues with a new
/// `Range: bytes=N-` request, on a new connection. Resources that cannot be ranged
/// (no `Accept-Ranges` or no length) are buffered without a bound, because their transfer
/// cannot be resumed.
public final class HTTPByteSource: ByteSource {
    /// The resource's URL.
    public let url: URL
    /// The options the source was made with.
    public let options: Options

    private let state: ConditionLock<HTTPTransferState>
    /// One session per source, so cancelling or invalidating it affects only this source.
    private let session: URLSession

    /// Creates a source for `url`; nothing is sent until `open()`.
    public init(url: URL, options: Options = Options()) {
        self.url = url
        self.options = options
        state = ConditionLock(HTTPTransferState(url: url, bufferLimit: options.bufferLimit))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = max(1, options.requestTimeout.timeInterval)
        let delegateQueue = OperationQueue()
        // Serial, so data callbacks are applied to the buffer in arrival order.
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.name = "HTTPByteSource \(url.redactedForDisplay)"
        session = URLSession(
            configuration: configuration, delegate: HTTPTransferDelegate(state: state, now: options.now),
            delegateQueue: delegateQueue)
    }

    deinit {
        close()
    }

    /// Sends the GET and waits for the response head. Throws `.unsupportedScheme` for a
    /// scheme other than http(s), and see the type's guarantees for the rest. Calling it
    /// again on an open source starts nothing new.
    public func open() throws(ByteSourceError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .unsupportedScheme(url)
        }
        try state.withLock { (transfer) throws(ByteSourceError) in
            switch transfer.phase {
            case .idle: startRequest(for: .open, in: &transfer)
            case .cancelled, .closed: throw .cancelled
            default: break
            }
        }
        _ = try awaitResponse()
    }

    /// The resource's length in bytes, when the server said.
    public var length: Int64? {
        state.withLock { $0.length }
    }

    /// Whether `seek(to:)` can leave the buffered bytes: the server accepts byte ranges and
    /// sent a length.
    public var isSeekable: Bool {
        state.withLock { $0.isSeekable }
    }

    /// Blocks until bytes arrive, the body ends (empty result), the transfer fails or the
    /// source is cancelled (`.cancelled`). Bytes buffered before a failure are returned
    /// before the failure is thrown.
    public func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        guard maxLength > 0 else { return Data() }
        // No time limit here: the session's request timeout fails a stalled transfer,
        // and `cancel()` wakes this wait.
        let data = try state.wait(timeout: nil) { (transfer) throws(ByteSourceError) -> Data? in
            let data = try transfer.take(upTo: maxLength)
            if transfer.needsRefill {
                startRequest(for: .refill(transfer.fetchOffset), in: &transfer)
            }
            return data
        }
        return data ?? Data()
    }

    /// Moves the read position; see the type's guarantees. Past the end, reads return empty
    /// data. Throws `.notSeekable` when the bytes are not buffered and the server does not
    /// accept ranges, and network errors like `open()`.
    public func seek(to offset: Int64) throws(ByteSourceError) {
        let needsResponse = try state.withLock { (transfer) throws(ByteSourceError) -> Bool in
            let (plan, stale) = try transfer.prepareSeek(to: offset, at: options.now())
            stale?.cancel()
            guard case .request(let purpose) = plan else { return false }
            startRequest(for: purpose, in: &transfer)
            return true
        }
        guard needsResponse else { return }
        guard try awaitResponse() else { throw .notSeekable(url) }
    }

    /// Cancels the transfer and makes blocked and later calls throw `.cancelled`. Safe from
    /// any thread; idempotent.
    public func cancel() {
        let now = options.now()
        let task = state.update { $0.terminate(as: .cancelled, at: now) }
        task?.cancel()
    }

    /// Cancels the transfer and invalidates the session (which releases its delegate).
    /// Idempotent; later calls throw `.cancelled`.
    public func close() {
        let now = options.now()
        let (task, wasOpen) = state.update { transfer in
            let wasOpen = if case .closed = transfer.phase { false } else { true }
            return (transfer.terminate(as: .closed, at: now), wasOpen)
        }
        task?.cancel()
        // Not `invalidateAndCancel()`: it cancels every task the session still lists, including
        // one whose completion is under way, which traps in swift-corelibs-foundation. The
        // current transfer was cancelled just above; earlier ones were when they were replaced.
        if wasOpen { session.finishTasksAndInvalidate() }
    }

    /// Bytes returned by `read` so far (not counting bytes skipped by seeking).
    public var bytesTransferred: Int64 {
        state.withLock { $0.bytesTransferred }
    }

    /// Blocks until a call on another thread is waiting for the network, or `timeout`
    /// passed: lets tests cancel a read that is known to be blocked.
    func waitForBlockedCall(timeout: Duration) -> Bool {
        state.waitForBlockedThread(timeout: timeout)
    }

    /// Creates and starts the task for `purpose`. Called with the lock held, so `cancel()`
    /// either happens before (and the phase check prevented this call) or after (and finds
    /// the task). URLSession's methods used here never wait for this source's lock.
    private func startRequest(for purpose: HTTPRequestPurpose, in transfer: inout HTTPTransferState) {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in options.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        // Compressed bodies would make Content-Length and byte offsets disagree.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if purpose.offset > 0 {
            request.setValue("bytes=\(purpose.offset)-", forHTTPHeaderField: "Range")
        }
        let task = session.dataTask(with: request)
        transfer.begin(task, for: purpose)
        task.resume()
    }

    /// Waits for the response head of the request just started. Returns whether the source
    /// is still seekable afterwards (a 200 answer to a range request makes it unseekable).
    /// The wait is bounded a little beyond the request timeout in case the session never
    /// reports back.
    private func awaitResponse() throws(ByteSourceError) -> Bool {
        let outcome = try state.wait(timeout: options.requestTimeout + .seconds(5)) {
            (transfer) throws(ByteSourceError) -> Bool? in try transfer.responseOutcome()
        }
        if let outcome { return outcome }
        let error = ByteSourceError.network("no response within \(options.requestTimeout)", url)
        let (timedOut, task) = state.update { transfer -> (Bool, URLSessionDataTask?) in
            guard case .awaitingResponse = transfer.phase else { return (false, nil) }
            transfer.phase = .failed(error)
            return (true, transfer.detachTask(at: options.now()))
        }
        task?.cancel()
        // The response may have arrived just as the wait gave up: judge it like any other.
        guard timedOut else { return try awaitResponse() }
        throw error
    }
}
