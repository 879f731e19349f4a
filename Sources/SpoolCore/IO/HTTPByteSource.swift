public import Foundation

/// A `ByteSource` for http and https URLs over an `HTTPTransport` (`Options.transport`:
/// URLSession by default here, libcurl in the product).
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
/// - Memory is bounded for seekable resources: the transfer is paused once
///   `Options.bufferLimit` bytes are held ahead of the reader; the bytes the network had
///   already delivered by then are kept too (with URLSession that can be several MiB more on
///   a fast link, because swift-corelibs-foundation queues received data for the delegate
///   without limit).
/// - Faults are ridden out as `Options.loadErrorPolicy` allows (`LoadErrorPolicy`): a reset,
///   an early close, a stall (no byte for the policy's `stallTimeout`) or a 5xx mid-body is
///   retried with `Range: bytes=N-` at the first byte not yet received, after the backoff on
///   `Options.clock`, so the reader sees no gap. The answer must be the same resource (its
///   Content-Range, length, ETag and Last-Modified, when sent, agree), or the source fails
///   saying what changed; a 200 instead of a 206 is read past the bytes already delivered.
///   A 5xx or a time-out on the first request is retried too; 4xx answers are not. A 416 to
///   a resume means the announced length was too long: the body ends there. Only when the
///   retries are exhausted does a read throw, naming the URL and the last reason.
/// - `cancel()` works from any thread: it cancels the transfer at once (its TCP connection
///   is closed) and blocked or later calls throw `.cancelled`.
///
/// Back-pressure: a transport that `pausesInPlace` (libcurl's) holds a full buffer's
/// transfer on its connection and continues it there once the reader has drained half the
/// limit — no new request. URLSession cannot: swift-corelibs-foundation's
/// `URLSessionTask.suspend()` removes the transfer from libcurl (closing its connection), and
/// `resume()` then sends the original request again, so the body would be delivered from
/// byte 0 a second time (verified on Swift 6.3.1). With it a full buffer *cancels* the
/// task, and reading below half the limit continues with a new `Range: bytes=N-` request, on
/// a new connection. Resources that cannot be ranged (no `Accept-Ranges` or no length) are
/// buffered without a bound on URLSession, because their transfer cannot be resumed; paused
/// in place they are bounded like the rest.
public final class HTTPByteSource: ByteSource {
    /// The resource's URL.
    public let url: URL
    /// The options the source was made with.
    public let options: Options

    private let state: ConditionLock<HTTPTransferState>
    /// One session per source, so invalidating it affects only this source.
    private let session: any HTTPTransportSession
    /// Starts requests and runs the retry and stall timers.
    private let driver: HTTPTransferDriver

    /// Creates a source for `url`; nothing is sent until `open()`.
    public init(url: URL, options: Options = Options()) {
        self.url = url
        self.options = options
        let transport = options.transport
        let state = ConditionLock(
            HTTPTransferState(
                url: url, bufferLimit: options.bufferLimit, backBufferLimit: options.backBufferLimit,
                policy: options.loadErrorPolicy,
                pausesInPlace: transport.pausesInPlace,
                cancellingNearCompletionIsUnsafe: transport.cancellingNearCompletionIsUnsafe,
                network: options.networkPath))
        self.state = state
        let timeline = ClockTimeline(clock: options.clock)
        let session = transport.makeSession(
            HTTPTransportConfiguration(requestTimeout: options.requestTimeout, label: url.redactedForDisplay))
        self.session = session
        driver =
            HTTPTransferDelegate(state: state, session: session, url: url, options: options, timeline: timeline).driver
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
        // The attempt is read under the lock that starts it: on a fast network a retry can
        // begin before this thread looks again.
        let awaited = try state.withLock { (transfer) throws(ByteSourceError) -> Int in
            switch transfer.phase {
            case .idle:
                driver.start(.open, in: &transfer)
                return transfer.attempt
            case .cancelled, .closed: throw .cancelled
            // Already open: the open request was the first.
            default: return 1
            }
        }
        _ = try awaitResponse(to: awaited)
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
        // No time limit here: the stall watch and the session's request timeout fail a
        // silent transfer, a retry's timer starts the next request, and `cancel()` wakes
        // this wait.
        let data = try state.wait(timeout: nil) { (transfer) throws(ByteSourceError) -> Data? in
            let data = try transfer.take(upTo: maxLength)
            if transfer.needsRefill {
                driver.start(.refill(transfer.fetchOffset), in: &transfer)
            }
            driver.resumeIfDrained(in: &transfer)
            return data
        }
        return data ?? Data()
    }

    /// Moves the read position; see the type's guarantees. Past the end, reads return empty
    /// data. Throws `.notSeekable` when the bytes are not buffered and the server does not
    /// accept ranges, and network errors like `open()`.
    public func seek(to offset: Int64) throws(ByteSourceError) {
        let awaited = try state.withLock { (transfer) throws(ByteSourceError) -> Int? in
            let (plan, stale) = try transfer.prepareSeek(to: offset, at: options.now())
            stale?.cancel()
            guard case .request(let purpose) = plan else { return nil }
            driver.start(purpose, in: &transfer)
            return transfer.attempt
        }
        guard let awaited else { return }
        guard try awaitResponse(to: awaited) else { throw .notSeekable(url) }
    }

    /// Cancels the transfer and makes blocked and later calls throw `.cancelled`. Safe from
    /// any thread; idempotent.
    public func cancel() {
        let now = options.now()
        let task = state.update { $0.terminate(as: .cancelled, at: now) }
        task?.cancel()
    }

    /// Cancels the transfer and invalidates the session (which releases the events).
    /// Idempotent; later calls throw `.cancelled`.
    public func close() {
        let now = options.now()
        let (task, wasOpen) = state.update { transfer in
            let wasOpen = if case .closed = transfer.phase { false } else { true }
            return (transfer.terminate(as: .closed, at: now), wasOpen)
        }
        task?.cancel()
        if wasOpen { session.invalidate() }
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

    /// Blocks until `count` failures found the network down and waited for it (rather than
    /// spending retries), or `timeout` passed.
    func waitForOfflineWaits(_ count: Int, timeout: Duration) -> Bool {
        state.wait(timeout: timeout) { $0.offlineWaits >= count ? true : nil } ?? false
    }

    /// Blocks until the transfer is paused for back-pressure, or `timeout` passed.
    func waitForPause(timeout: Duration) -> Bool {
        state.wait(timeout: timeout) { transfer in
            if case .paused = transfer.phase { true } else { nil }
        } ?? false
    }

    /// Blocks until at least `count` retries were scheduled, or `timeout` passed; returns
    /// their backoffs. Lets tests advance a manual clock by exactly the backoff: each
    /// retry's deadline is fixed when it is scheduled.
    func waitForRetries(_ count: Int, timeout: Duration) -> [Duration]? {
        state.wait(timeout: timeout) { $0.retryDelays.count >= count ? $0.retryDelays : nil }
    }

    /// Waits for the response head of request `attempt`, just started (through the retries the
    /// load-error policy allows). Returns whether the source is still seekable afterwards (a
    /// 200 answer to a range request makes it unseekable). Each attempt's wait is bounded a
    /// little beyond the request timeout in case the session never reports back; a backoff
    /// between attempts is bounded by the retry timer.
    private func awaitResponse(to attempt: Int) throws(ByteSourceError) -> Bool {
        let outcome = try state.wait(timeout: options.requestTimeout + .seconds(5)) {
            (transfer) throws(ByteSourceError) -> Bool? in try transfer.responseOutcome(to: attempt)
        }
        if let outcome { return outcome }
        let error = ByteSourceError.network("no response within \(options.requestTimeout)", url)
        let (timedOut, task) = state.update { transfer -> (Bool, (any HTTPTransfer)?) in
            guard case .awaitingResponse = transfer.phase, transfer.attempt == attempt else { return (false, nil) }
            transfer.phase = .failed(error)
            transfer.cancelTimers()
            return (true, transfer.detachTask(at: options.now()))
        }
        task?.cancel()
        // The response may have arrived just as the wait gave up: judge it like any other.
        guard timedOut else { return try awaitResponse(to: attempt) }
        throw error
    }
}
