import Foundation

/// Why an HTTP request was started; decides how its response is judged.
enum HTTPRequestPurpose: Equatable, Sendable {
    /// The plain GET made by `open()`.
    case open
    /// Made by `seek(to:)`: `Range: bytes=N-`, or a plain GET for offset 0.
    case seek(Int64)
    /// `Range: bytes=N-` continuing the body after a back-pressure pause.
    case refill(Int64)
    /// `Range: bytes=N-` continuing the body after the connection broke at byte N.
    case resume(Int64)

    /// The first byte the response must carry.
    var offset: Int64 {
        switch self {
        case .open: 0
        case .seek(let offset), .refill(let offset), .resume(let offset): offset
        }
    }

    /// Whether it continues a body the reader is already in (so its answer must be the
    /// same resource, and nobody waits for its head).
    var continuesBody: Bool {
        switch self {
        case .refill, .resume: true
        case .open, .seek: false
        }
    }
}

/// Everything an `HTTPByteSource` knows, as one value mutated only under its lock: the
/// transfer's phase, the current transport transfer, the bounded buffer and the read position.
///
/// Network events (response, data, completion) and consumer calls (take, seek, cancel) are
/// methods here, so the rules live in one place. Methods that stop a transfer return the
/// transfer for the caller to cancel (or pause); a transfer that is no longer `task` is
/// stale, and everything it still reports is ignored.
struct HTTPTransferState: Sendable {
    enum Phase: Sendable {
        /// Before `open()`.
        case idle
        /// A request is out; its response head has not arrived.
        case awaitingResponse(HTTPRequestPurpose)
        /// The body is arriving.
        case streaming
        /// The buffer reached its limit. A transport that `pausesInPlace` holds the transfer
        /// on its connection (`task` stays) and resumes it once the reader has drained the
        /// buffer to half. Otherwise the transfer was cancelled: bytes it had already
        /// delivered are still appended (they are the next bytes, and discarding them would
        /// mean downloading them again) until it reports completion; then, at half, a range
        /// request continues the body.
        case paused
        /// A request failed and the load-error policy said to try again: `purpose` is sent
        /// once the backoff on the clock ends (`HTTPTransferDriver`).
        case retrying(HTTPRequestPurpose)
        /// The whole body has arrived (or the read position is at or past the end).
        case finished
        /// The transfer failed; reads return what is buffered, then throw this.
        case failed(ByteSourceError)
        case cancelled
        case closed
    }

    let url: URL
    /// Above this many buffered bytes, a seekable transfer pauses.
    let bufferLimit: Int
    /// Which failures are retried, and when a silent transfer is stalled.
    let policy: LoadErrorPolicy
    /// Whether the transport pauses a transfer on its connection (see `Phase.paused`).
    let pausesInPlace: Bool
    /// Whether cancelling a transfer near its end can crash the transport
    /// (`canCancelSafely(at:)`).
    let cancellingNearCompletionIsUnsafe: Bool

    /// The network path a transport failure is judged against: while it leaves `url`
    /// unreachable, failures spend no retry (`offlineWaits`).
    let network: (any NetworkPathMonitoring)?

    var phase = Phase.idle
    private(set) var task: (any HTTPTransfer)?
    /// The bytes ahead of the reader, and up to the back-buffer limit of those behind it.
    private(set) var buffer: ByteChunkQueue
    /// Offset of the next byte `take` returns.
    private(set) var readPosition: Int64 = 0
    private(set) var length: Int64?
    private(set) var isSeekable = false
    private(set) var bytesTransferred: Int64 = 0
    /// The last request (`attempt`) whose response head was accepted; 0 before any. It stays
    /// set when the transfer then fails, and when a retry of it is refused: the bytes it
    /// delivered are the reader's, and come before the error.
    private(set) var answeredAttempt = 0
    /// When the current request's response head arrived, and the body bytes since: its rate,
    /// which tells whether cancelling it could race its completion (`canCancelSafely(at:)`).
    private(set) var responseAt: Duration?
    private(set) var bytesThisRequest: Int64 = 0
    /// The announced body length of a refused response (404, 5xx), which is left to finish
    /// when short.
    private(set) var refusedBodyLength: Int64?

    /// Counts requests; a timer started for one request acts only while it is current.
    private(set) var attempt = 0
    /// Failed requests since a body byte last arrived: what the policy's `maxRetries` bounds.
    private(set) var consecutiveFailures = 0
    /// When (on the injected clock) the current request started or last delivered anything:
    /// what stall detection measures from.
    private(set) var lastProgressAt = Duration.zero
    /// The validators of the first answer, which every resumed answer must match.
    private(set) var validator: HTTPResourceValidator?
    /// Body bytes of a 200 answer to a range request still to be discarded: the server sent
    /// the resource from byte 0, and the reader already has them.
    private(set) var skipRemaining: Int64 = 0
    /// Whether any answer was accepted since `open()`: a refused connection then means a
    /// restarting server, worth retrying.
    private(set) var hasStartedBody = false
    /// The stall watch of the current request and the backoff timer of a pending retry,
    /// cancelled whenever they stop being relevant (`HTTPTransferDriver` starts them).
    var stallWatch: Task<Void, Never>?
    var retryTimer: Task<Void, Never>?

    init(
        url: URL, bufferLimit: Int, backBufferLimit: Int = 0, policy: LoadErrorPolicy = .never,
        pausesInPlace: Bool = false,
        cancellingNearCompletionIsUnsafe: Bool = true, network: (any NetworkPathMonitoring)? = nil
    ) {
        self.url = url
        self.network = network
        self.bufferLimit = max(1, bufferLimit)
        buffer = ByteChunkQueue(backLimit: backBufferLimit)
        self.policy = policy
        self.pausesInPlace = pausesInPlace
        self.cancellingNearCompletionIsUnsafe = cancellingNearCompletionIsUnsafe
    }

    /// Offset of the next byte the network will deliver.
    var fetchOffset: Int64 { readPosition + Int64(buffer.count) }

    /// Whether a cancelled (not paused-in-place) transfer should continue with a range
    /// request now: its task has finished delivering and the buffer has drained to half.
    var needsRefill: Bool {
        guard case .paused = phase, task == nil, !pausesInPlace else { return false }
        return buffer.count <= bufferLimit / 2
    }

    /// Continues a transfer paused in place once the buffer has drained to half: returns it
    /// for the caller to resume, with the stall watch's clock restarted at `clockNow` (a
    /// paused transfer is silent on purpose).
    mutating func resumePausedTransfer(at clockNow: Duration) -> (any HTTPTransfer)? {
        guard pausesInPlace, case .paused = phase, let task, buffer.count <= bufferLimit / 2 else { return nil }
        phase = .streaming
        lastProgressAt = clockNow
        return task
    }

    /// Records that `task` now carries the transfer for `purpose`, started at `clockNow` on
    /// the injected clock; timers of the previous request are cancelled.
    mutating func begin(_ task: any HTTPTransfer, for purpose: HTTPRequestPurpose, at clockNow: Duration = .zero) {
        self.task = task
        phase = .awaitingResponse(purpose)
        responseAt = nil
        bytesThisRequest = 0
        refusedBodyLength = nil
        skipRemaining = 0
        attempt += 1
        lastProgressAt = clockNow
        cancelTimers()
    }

    /// What a caller waiting for the response to request `awaited` (the `attempt` it
    /// started) learns: `nil` while it has not arrived; once it has, whether the source is
    /// seekable — even when the transfer failed right after it, and when the retries that
    /// followed failed too (a body cut off in the same burst as its head, and a resume
    /// refused, all before the caller looked: the bytes that arrived are read first, then the
    /// error); the error when it failed before a response.
    func responseOutcome(to awaited: Int) throws(ByteSourceError) -> Bool? {
        switch phase {
        // A resumed body means the caller's request was answered already.
        case .awaitingResponse(let purpose), .retrying(let purpose): return purpose.continuesBody ? isSeekable : nil
        case .cancelled, .closed: throw .cancelled
        case .failed(let error): if answeredAttempt >= awaited { return isSeekable } else { throw error }
        default: return isSeekable
        }
    }

    /// Forgets the current task and returns it for the caller to cancel — unless cancelling
    /// could race its completion (`canCancelSafely(at:)`): then it is left to finish on its own,
    /// and what it still delivers is ignored (it is no longer `task`).
    mutating func detachTask(at now: Duration) -> (any HTTPTransfer)? {
        defer { task = nil }
        return canCancelSafely(at: now) ? task : nil
    }

    // MARK: Network events

    /// Judges a response head. Returns a transfer to cancel when the response is refused;
    /// when the policy says to retry, the backoff is left in `pendingRetryDelay`.
    mutating func receiveResponse(
        _ response: HTTPTransferHead, from sender: any HTTPTransfer, at now: Duration, clockNow: Duration? = nil
    ) -> (any HTTPTransfer)? {
        guard sender === task, case .awaitingResponse(let purpose) = phase else { return nil }
        responseAt = now
        if let clockNow { lastProgressAt = clockNow }
        let head = HTTPResponseHead(response)
        if let change = changeOfResource(in: head, for: purpose) {
            return giveUp(.network("the resource changed while it was read: \(change)", url), at: now)
        }
        switch head.status {
        case 206:
            guard let range = head.contentRange, range.first == purpose.offset else {
                return giveUp(.network("the server sent a different byte range than requested", url), at: now)
            }
            if length == nil { length = range.total }
            if purpose == .open { isSeekable = length != nil }
            accept(head)
            return nil
        case 200..<300:
            return acceptFullBody(head, for: purpose, at: now)
        case 416 where purpose.offset > 0:
            return endOfBody(at: purpose.offset, total: head.unsatisfiedRangeTotal, for: purpose, now: now)
        default:
            refusedBodyLength = head.contentLength
            return recover(
                from: .httpStatus(head.status), error: .forHTTPStatus(head.status, url: url), at: now,
                retryAfter: response.value("Retry-After").flatMap(RetryAfter.delay))
        }
    }

    /// Appends body bytes; when the buffer reaches its limit and the transfer can continue
    /// later (paused in place, or with a range request), pauses and returns the transfer to
    /// pause — or, when the transport cannot pause in place, to cancel (back-pressure).
    mutating func receiveData(
        _ data: Data, from sender: any HTTPTransfer, at now: Duration, clockNow: Duration? = nil
    ) -> (any HTTPTransfer)? {
        guard sender === task else { return nil }
        switch phase {
        case .streaming, .paused:
            bytesThisRequest += Int64(data.count)
            if let clockNow { lastProgressAt = clockNow }
            let skipped = Int(min(skipRemaining, Int64(data.count)))
            skipRemaining -= Int64(skipped)
            guard skipped < data.count else { return nil }
            buffer.append(skipped == 0 ? data : data.subdata(in: (data.startIndex + skipped)..<data.endIndex))
            consecutiveFailures = 0
        default: return nil
        }
        // A transfer about to complete is not paused: it finishes a little over the limit.
        guard case .streaming = phase, buffer.count >= bufferLimit, isSeekable, let length, fetchOffset < length,
            canCancelSafely(at: now)
        else { return nil }
        phase = .paused
        return task
    }

    /// Ends the current transfer: finished when the body is complete; otherwise a failure
    /// the policy may retry (`pendingRetryDelay`). A transfer cancelled for back-pressure
    /// ends with the cancellation error, which is expected; one paused in place that ends is
    /// judged like a streaming one.
    mutating func complete(_ sender: any HTTPTransfer, error: HTTPTransportError?, at now: Duration = .zero) {
        guard sender === task else { return }
        task = nil
        if case .paused = phase, !pausesInPlace {
            if let length, fetchOffset >= length { phase = .finished }
            return
        }
        let midBody: Bool
        switch phase {
        case .awaitingResponse: midBody = false
        case .streaming, .paused: midBody = true
        default: return
        }
        let position = length.map { "at byte \(fetchOffset) of \($0)" } ?? "at byte \(fetchOffset)"
        if let error {
            let failure = LoadErrorPolicy.Failure(error, midBody: midBody)
            let reason = ByteSourceError.network(midBody ? "\(error.message) \(position)" : error.message, url)
            _ = recover(from: failure, error: reason, at: now)
        } else if !midBody {
            _ = recover(
                from: .connectionLost, error: .network("the server closed the connection without a response", url),
                at: now)
        } else if let length, fetchOffset < length {
            _ = recover(from: .connectionLost, error: .network("the connection closed \(position)", url), at: now)
        } else {
            phase = .finished
            cancelTimers()
        }
    }

    // MARK: Consumer calls

    /// Takes up to `maxLength` buffered bytes; empty data at the end of the body; `nil`
    /// when the reader must wait for the network.
    mutating func take(upTo maxLength: Int) throws(ByteSourceError) -> Data? {
        try checkUsable()
        if !buffer.isEmpty {
            let data = buffer.take(upTo: maxLength)
            readPosition += Int64(data.count)
            bytesTransferred += Int64(data.count)
            return data
        }
        switch phase {
        case .finished: return Data()
        case .failed(let error): throw error
        default: return nil
        }
    }

    /// What `seek(to:)` must do after `prepareSeek`.
    enum SeekPlan {
        /// The position moved without the network (inside the buffer, or past the end).
        case done
        /// A new request from the new position is needed.
        case request(HTTPRequestPurpose)
    }

    /// Moves the read position to `offset`: inside the buffered bytes by discarding,
    /// otherwise by dropping the transfer (returned for the caller to cancel) and planning
    /// a new request. A failed transfer is always restarted, which is how a seek recovers
    /// from a dropped connection.
    mutating func prepareSeek(
        to offset: Int64, at now: Duration
    ) throws(ByteSourceError) -> (SeekPlan, cancel: (any HTTPTransfer)?) {
        try checkUsable()
        guard offset >= 0 else { throw .io("invalid seek offset \(offset)", url) }
        let hasFailed = if case .failed = phase { true } else { false }
        if !hasFailed && readPosition <= offset && offset <= fetchOffset {
            buffer.discard(Int(offset - readPosition))
            readPosition = offset
            return (.done, nil)
        }
        // A short step back stays on the transfer: the bytes are still held behind the reader.
        if !hasFailed, offset < readPosition, readPosition - offset <= Int64(buffer.behind),
            buffer.rewind(by: Int(readPosition - offset))
        {
            readPosition = offset
            return (.done, nil)
        }
        guard isSeekable else { throw .notSeekable(url) }
        let stale = detachTask(at: now)
        buffer.removeAll()
        readPosition = offset
        if let length, offset >= length {
            phase = .finished
            cancelTimers()
            return (.done, stale)
        }
        return (.request(.seek(offset)), stale)
    }

    /// Marks the source cancelled (or closed) and frees the buffer; returns the task to
    /// cancel. Returns `nil` and changes nothing when already in `terminal` or closed.
    mutating func terminate(as terminal: Phase, at now: Duration) -> (any HTTPTransfer)? {
        switch (phase, terminal) {
        case (.closed, _), (.cancelled, .cancelled): return nil
        default: break
        }
        let task = detachTask(at: now)
        phase = terminal
        buffer.removeAll()
        cancelTimers()
        return task
    }

    private func checkUsable() throws(ByteSourceError) {
        switch phase {
        case .cancelled, .closed: throw .cancelled
        case .idle: throw .io("used before open()", url)
        default: break
        }
    }

    /// A 2xx other than 206: the body is the whole resource from byte 0.
    private mutating func acceptFullBody(
        _ head: HTTPResponseHead, for purpose: HTTPRequestPurpose, at now: Duration
    ) -> (any HTTPTransfer)? {
        switch purpose {
        case .open:
            length = head.contentLength
            isSeekable = head.acceptsByteRanges && length != nil
        case .seek(let offset) where offset > 0:
            // The server ignored the range, so it cannot seek after all. Its body starts at
            // byte 0, which is where the source now stands; `seek` reports `.notSeekable`.
            isSeekable = false
            readPosition = 0
        case .seek:
            break
        case .refill(let offset), .resume(let offset):
            // The server ignored the range: its body starts at byte 0 again. The bytes the
            // reader already has are discarded as they arrive; no more pauses, as the next
            // refill would cost the whole prefix again.
            if let length, let announced = head.contentLength, announced != length {
                return giveUp(
                    .network(
                        "the server ignored the byte range at byte \(offset) and now sends \(announced) bytes, not \(length)",
                        url), at: now)
            }
            isSeekable = false
            skipRemaining = offset
        }
        accept(head)
        return nil
    }

    /// The response head is good: its body is the reader's from now on.
    private mutating func accept(_ head: HTTPResponseHead) {
        if validator == nil { validator = head.validator }
        phase = .streaming
        answeredAttempt = attempt
        hasStartedBody = true
    }

    /// Why `head` shows the resource is no longer the one being read, for a request that
    /// continues the body (or seeks in it); `nil` when nothing says so.
    private func changeOfResource(in head: HTTPResponseHead, for purpose: HTTPRequestPurpose) -> String? {
        guard purpose != .open, (200..<300).contains(head.status), let validator else { return nil }
        if let change = validator.mismatch(with: head.validator) { return change }
        if head.status == 206, let length, let total = head.contentRange?.total, total != length {
            return "its length changed from \(length) to \(total) bytes"
        }
        return nil
    }

    /// A 416 to a range request at `offset`: the resource ends before it. After a length that
    /// promised more (a stale or wrong Content-Length), that is the end of the body, not an
    /// error — unless the server says the resource has another length now.
    private mutating func endOfBody(
        at offset: Int64, total: Int64?, for purpose: HTTPRequestPurpose, now: Duration
    ) -> (any HTTPTransfer)? {
        if purpose.continuesBody, let total, total != offset {
            return giveUp(.network("the resource changed while it was read: it is now \(total) bytes", url), at: now)
        }
        let stale = detachTask(at: now)
        length = purpose.continuesBody ? offset : (total ?? offset)
        answeredAttempt = attempt
        phase = .finished
        cancelTimers()
        return stale
    }

    /// A failure the policy may retry: with a retry, the current request's purpose (or, mid-
    /// body, a resume at the first byte not yet received) waits for the backoff left in
    /// `pendingRetryDelay`; otherwise the error is final. Returns the task to cancel.
    /// `retryAfter` is the refusal's `Retry-After`, which the policy may honour instead of its
    /// backoff.
    mutating func recover(
        from failure: LoadErrorPolicy.Failure, error: ByteSourceError, at now: Duration, retryAfter: Duration? = nil
    ) -> (any HTTPTransfer)? {
        let purpose: HTTPRequestPurpose
        switch phase {
        case .awaitingResponse(let pending): purpose = pending
        case .streaming: purpose = .resume(fetchOffset)
        case .paused where pausesInPlace: purpose = .resume(fetchOffset)
        default: return nil
        }
        let stale = detachTask(at: now)
        // Offline, the failure says nothing about the server: the retry waits for the network
        // (the driver) and costs nothing.
        let offline = failure.isTransportFailure && network?.isUnreachable(url) == true
        let decision: LoadErrorPolicy.Decision
        if offline {
            offlineWaits += 1
            decision = .retry(after: .zero)
        } else {
            consecutiveFailures += 1
            decision = policy.decision(
                for: failure, attempt: consecutiveFailures, resuming: hasStartedBody, retryAfter: retryAfter)
        }
        switch decision {
        case .retry(let delay):
            phase = .retrying(purpose)
            pendingRetryDelay = delay
            if !offline { retryDelays.append(delay) }
            // The request is over; the next one gets its own watch.
            stallWatch?.cancel()
            stallWatch = nil
        case .fail:
            phase = .failed(finalError(error))
            cancelTimers()
        }
        return stale
    }

    /// The backoff of the retry just decided, for the driver to schedule (once).
    private(set) var pendingRetryDelay: Duration?
    /// How many failures found the network down and waited for it instead of retrying.
    private(set) var offlineWaits = 0
    /// Every backoff decided so far, in order (for tests and diagnostics).
    private(set) var retryDelays: [Duration] = []

    /// Takes the pending backoff, if a retry was decided since the last call.
    mutating func takePendingRetryDelay() -> Duration? {
        defer { pendingRetryDelay = nil }
        return pendingRetryDelay
    }

    /// A failure no retry can mend (the resource changed, a wrong range): final at once.
    private mutating func giveUp(_ error: ByteSourceError, at now: Duration) -> (any HTTPTransfer)? {
        let task = detachTask(at: now)
        phase = .failed(error)
        cancelTimers()
        return task
    }

    /// The error that ends the retries: after several attempts, the message says so.
    private func finalError(_ error: ByteSourceError) -> ByteSourceError {
        guard consecutiveFailures > 1, case .network(let message, let url) = error else { return error }
        return .network("\(message) (gave up after \(consecutiveFailures) attempts)", url)
    }

    /// Stops the stall watch and any pending retry.
    mutating func cancelTimers() {
        stallWatch?.cancel()
        retryTimer?.cancel()
        stallWatch = nil
        retryTimer = nil
        pendingRetryDelay = nil
    }
}
