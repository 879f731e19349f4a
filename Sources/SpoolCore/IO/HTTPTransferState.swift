import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why an HTTP request was started; decides how its response is judged.
enum HTTPRequestPurpose: Equatable, Sendable {
    /// The plain GET made by `open()`.
    case open
    /// Made by `seek(to:)`: `Range: bytes=N-`, or a plain GET for offset 0.
    case seek(Int64)
    /// `Range: bytes=N-` continuing the body after a back-pressure pause.
    case refill(Int64)

    /// The first byte the response must carry.
    var offset: Int64 {
        switch self {
        case .open: 0
        case .seek(let offset), .refill(let offset): offset
        }
    }
}

/// Everything an `HTTPByteSource` knows, as one value mutated only under its lock: the
/// transfer's phase, the current URLSession task, the bounded buffer and the read position.
///
/// Network events (response, data, completion) and consumer calls (take, seek, cancel) are
/// methods here, so the rules live in one place. Methods that stop a transfer return the
/// task for the caller to cancel; a task that is no longer `task` is stale, and everything
/// it still reports is ignored.
struct HTTPTransferState: Sendable {
    enum Phase: Sendable {
        /// Before `open()`.
        case idle
        /// A request is out; its response head has not arrived.
        case awaitingResponse(HTTPRequestPurpose)
        /// The body is arriving.
        case streaming
        /// The buffer reached its limit, so the task was cancelled. Bytes it had already
        /// delivered are still appended (they are the next bytes, and discarding them
        /// would mean downloading them again) until it reports completion; then, once the
        /// reader has drained the buffer to half, a range request continues the body.
        case paused
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

    var phase = Phase.idle
    private(set) var task: URLSessionDataTask?
    private(set) var buffer = ByteChunkQueue()
    /// Offset of the next byte `take` returns.
    private(set) var readPosition: Int64 = 0
    private(set) var length: Int64?
    private(set) var isSeekable = false
    private(set) var bytesTransferred: Int64 = 0
    /// Whether the current request's response head was accepted. It stays true when the
    /// transfer then fails: the bytes it delivered are the reader's, and come before the error.
    private(set) var hasAcceptedResponse = false
    /// When the current request's response head arrived, and the body bytes since: its rate,
    /// which tells whether cancelling it could race its completion (`canCancelSafely(at:)`).
    private(set) var responseAt: Duration?
    private(set) var bytesThisRequest: Int64 = 0
    /// The announced body length of a refused response (404, 5xx), which is left to finish
    /// when short.
    private(set) var refusedBodyLength: Int64?

    init(url: URL, bufferLimit: Int) {
        self.url = url
        self.bufferLimit = max(1, bufferLimit)
    }

    /// Offset of the next byte the network will deliver.
    var fetchOffset: Int64 { readPosition + Int64(buffer.count) }

    /// Whether a paused transfer should continue now: its cancelled task has finished
    /// delivering and the buffer has drained to half.
    var needsRefill: Bool {
        guard case .paused = phase, task == nil else { return false }
        return buffer.count <= bufferLimit / 2
    }

    /// Records that `task` now carries the transfer for `purpose`.
    mutating func begin(_ task: URLSessionDataTask, for purpose: HTTPRequestPurpose) {
        self.task = task
        phase = .awaitingResponse(purpose)
        hasAcceptedResponse = false
        responseAt = nil
        bytesThisRequest = 0
        refusedBodyLength = nil
    }

    /// What a caller waiting for the current request's response learns: `nil` while it has
    /// not arrived; once it has, whether the source is seekable — even when the transfer
    /// failed right after it (a body cut off in the same burst as its head: the bytes that
    /// arrived are read first, then the error); the error when it failed before a response.
    func responseOutcome() throws(ByteSourceError) -> Bool? {
        switch phase {
        case .awaitingResponse: return nil
        case .cancelled, .closed: throw .cancelled
        case .failed(let error): if hasAcceptedResponse { return isSeekable } else { throw error }
        default: return isSeekable
        }
    }

    /// Forgets the current task and returns it for the caller to cancel — unless cancelling
    /// could race its completion (`canCancelSafely(at:)`): then it is left to finish on its own,
    /// and what it still delivers is ignored (it is no longer `task`).
    mutating func detachTask(at now: Duration) -> URLSessionDataTask? {
        defer { task = nil }
        return canCancelSafely(at: now) ? task : nil
    }

    // MARK: Network events

    /// Judges a response head. Returns a task to cancel when the response is refused.
    mutating func receiveResponse(
        _ response: URLResponse, from sender: URLSessionTask, at now: Duration
    ) -> URLSessionDataTask? {
        guard sender === task, case .awaitingResponse(let purpose) = phase else { return nil }
        responseAt = now
        guard let http = response as? HTTPURLResponse else {
            return fail(.network("the response is not HTTP", url), at: now)
        }
        let head = HTTPResponseHead(http)
        switch head.status {
        case 206:
            guard let range = head.contentRange, range.first == purpose.offset else {
                return fail(.network("the server sent a different byte range than requested", url), at: now)
            }
            if length == nil { length = range.total }
            if purpose == .open { isSeekable = length != nil }
            phase = .streaming
            hasAcceptedResponse = true
        case 200..<300:
            return acceptFullBody(head, for: purpose, at: now)
        default:
            refusedBodyLength = head.contentLength
            return fail(.forHTTPStatus(head.status, url: url), at: now)
        }
        return nil
    }

    /// Appends body bytes; when the buffer reaches its limit and the transfer can continue
    /// later with a range request, pauses and returns the task to cancel (back-pressure).
    mutating func receiveData(_ data: Data, from sender: URLSessionTask, at now: Duration) -> URLSessionDataTask? {
        guard sender === task else { return nil }
        switch phase {
        case .streaming, .paused:
            buffer.append(data)
            bytesThisRequest += Int64(data.count)
        default: return nil
        }
        // A transfer about to complete is not paused: it finishes a little over the limit.
        guard case .streaming = phase, buffer.count >= bufferLimit, isSeekable, let length, fetchOffset < length,
            canCancelSafely(at: now)
        else { return nil }
        phase = .paused
        return task
    }

    /// Ends the current transfer: finished when the body is complete, failed otherwise.
    /// A paused transfer's task ends with the cancellation error, which is expected.
    mutating func complete(_ sender: URLSessionTask, error: (any Error)?) {
        guard sender === task else { return }
        task = nil
        if case .paused = phase {
            if let length, fetchOffset >= length { phase = .finished }
            return
        }
        switch phase {
        case .awaitingResponse, .streaming: break
        default: return
        }
        if let error {
            phase = .failed(.forTransportError(error, url: url))
        } else if case .awaitingResponse = phase {
            phase = .failed(.network("the server closed the connection without a response", url))
        } else if let length, fetchOffset < length {
            phase = .failed(.network("the connection closed after \(fetchOffset) of \(length) bytes", url))
        } else {
            phase = .finished
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
    ) throws(ByteSourceError) -> (SeekPlan, cancel: URLSessionDataTask?) {
        try checkUsable()
        guard offset >= 0 else { throw .io("invalid seek offset \(offset)", url) }
        let hasFailed = if case .failed = phase { true } else { false }
        if !hasFailed && readPosition <= offset && offset <= fetchOffset {
            buffer.discard(Int(offset - readPosition))
            readPosition = offset
            return (.done, nil)
        }
        guard isSeekable else { throw .notSeekable(url) }
        let stale = detachTask(at: now)
        buffer.removeAll()
        readPosition = offset
        if let length, offset >= length {
            phase = .finished
            return (.done, stale)
        }
        return (.request(.seek(offset)), stale)
    }

    /// Marks the source cancelled (or closed) and frees the buffer; returns the task to
    /// cancel. Returns `nil` and changes nothing when already in `terminal` or closed.
    mutating func terminate(as terminal: Phase, at now: Duration) -> URLSessionDataTask? {
        switch (phase, terminal) {
        case (.closed, _), (.cancelled, .cancelled): return nil
        default: break
        }
        let task = detachTask(at: now)
        phase = terminal
        buffer.removeAll()
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
    ) -> URLSessionDataTask? {
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
        case .refill(let offset):
            return fail(.network("the server ignored the byte range when resuming at byte \(offset)", url), at: now)
        }
        phase = .streaming
        hasAcceptedResponse = true
        return nil
    }

    private mutating func fail(_ error: ByteSourceError, at now: Duration) -> URLSessionDataTask? {
        let task = detachTask(at: now)
        phase = .failed(error)
        return task
    }
}
