internal import CCurl
import Foundation
import SpoolCore

/// One GET as a libcurl easy handle, and the `HTTPTransfer` a byte source holds.
///
/// Ownership: the transfer owns its easy handle, its header list and its error buffer from
/// `init` to `deinit`. `init` configures the handle on the caller's thread before anything
/// else can see it; from then on only the loop thread touches it, while the loop holds the
/// transfer in its attached set — which is also what keeps the unretained pointer to `self`
/// that libcurl hands the callbacks valid. `deinit` runs only after the loop has removed the
/// handle from the multi handle (the loop held a reference until then).
///
/// Thread confinement: `response` and `isPaused` are touched only on the loop thread; the
/// flags other threads set (`cancel`, `pause`, `resume`) are behind `flags`' lock.
final class CurlTransfer: HTTPTransfer, @unchecked Sendable {
    /// What every transfer of a session is configured with.
    struct Options: Sendable {
        var requestTimeout: Duration
        var maximumRedirects: Int
    }

    /// CURL*, owned.
    let easy: UnsafeMutableRawPointer
    private let headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let events: any HTTPTransferEvents
    private let loop: CurlMultiLoop
    private let onFinished: @Sendable (CurlTransfer) -> Void

    private let flags = ConditionLock<(cancelled: Bool, pauseWanted: Bool)>((false, false))
    /// The response head being read (loop thread only).
    private var response = CurlResponseHeadParser()
    /// Whether a write callback returned CURL_WRITEFUNC_PAUSE and no unpause followed (loop
    /// thread only).
    private var isPaused = false

    init(
        request: HTTPTransferRequest, options: Options, events: any HTTPTransferEvents, loop: CurlMultiLoop,
        onFinished: @escaping @Sendable (CurlTransfer) -> Void
    ) {
        // NULL only when malloc fails (no input reaches it): a process out of memory cannot go
        // on decoding either, so this is not worth an error path.
        guard let easy = curl_easy_init() else {
            fatalError("curl_easy_init failed (out of memory)")  // invariant: only out of memory
        }
        self.easy = easy
        self.events = events
        self.loop = loop
        self.onFinished = onFinished
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        var fields = request.headers
        // Compressed bodies would make Content-Length and byte offsets disagree.
        if !fields.keys.contains(where: { $0.lowercased() == "accept-encoding" }) {
            fields["Accept-Encoding"] = "identity"
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            list = curl_slist_append(list, "\(name): \(value)")
        }
        headerList = list
        response.followsRedirects = options.maximumRedirects > 0
        configure(request, options)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Whether `cancel()` was called (any thread).
    var isCancelled: Bool { flags.withLock { $0.cancelled } }

    func cancel() {
        let first = flags.update { flags in
            defer { flags.cancelled = true }
            return !flags.cancelled
        }
        if first { loop.submit(.remove(self)) }
    }

    func pause() {
        flags.update { $0.pauseWanted = true }
    }

    func resume() {
        flags.update { $0.pauseWanted = false }
        loop.submit(.resume(self))
    }

    // MARK: Loop thread

    /// Continues a paused transfer unless a pause is wanted again. libcurl delivers the
    /// chunk held at the pause from inside `curl_easy_pause`.
    func unpauseIfWanted() {
        guard isPaused, !flags.withLock({ $0.pauseWanted || $0.cancelled }) else { return }
        isPaused = false
        curl_easy_pause(easy, ccurl_pause_cont())
    }

    /// Called by the loop once the handle is out of the multi handle.
    func finished() {
        onFinished(self)
    }

    /// Reports the end of the transfer (unless cancelled).
    func complete(with result: CURLcode) {
        guard !isCancelled else { return }
        guard result == CURLE_OK else {
            var osErrno = 0
            ccurl_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
            let detail = String(cString: errorBuffer)
            events.transfer(
                self, didCompleteWith: HTTPTransportError(curlCode: result, osErrno: Int32(osErrno), detail: detail))
            return
        }
        events.transfer(self, didCompleteWith: nil)
    }

    /// A header line (CURLOPT_HEADERFUNCTION); returns false to abort a cancelled transfer.
    fileprivate func receiveHeaderLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !isCancelled else { return false }
        if let head = response.consume(String(decoding: line, as: UTF8.self)) {
            events.transfer(self, didReceive: head)
        }
        return true
    }

    /// What the write callback tells libcurl about a body chunk.
    fileprivate enum BodyDisposition {
        case consumed
        case pause
        case abort
    }

    /// A body chunk (CURLOPT_WRITEFUNCTION). A chunk arriving while a pause is wanted is not
    /// consumed: libcurl keeps it and delivers it again after the unpause.
    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> BodyDisposition {
        let (cancelled, pauseWanted) = flags.withLock { ($0.cancelled, $0.pauseWanted) }
        if cancelled { return .abort }
        if pauseWanted {
            isPaused = true
            return .pause
        }
        events.transfer(self, didReceive: Data(bytes))
        return .consumed
    }

    private func configure(_ request: HTTPTransferRequest, _ options: Options) {
        let timeoutSeconds = max(1, Int(options.requestTimeout.components.seconds))
        let user = Unmanaged.passUnretained(self).toOpaque()
        ccurl_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)
        ccurl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, options.maximumRedirects > 0 ? 1 : 0)
        ccurl_setopt_long(easy, CURLOPT_MAXREDIRS, options.maximumRedirects)
        // Threads: no SIGALRM for DNS time-outs, no SIGPIPE.
        ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        ccurl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT, timeoutSeconds)
        // No byte for the request timeout (waiting for the head, or mid-body) is a time-out;
        // libcurl does not count a paused transfer.
        ccurl_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
        ccurl_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, timeoutSeconds)
        ccurl_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        ccurl_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
        // Fewer, larger callbacks on a fast link.
        ccurl_setopt_long(easy, CURLOPT_BUFFERSIZE, 128 << 10)
        ccurl_setopt_string(easy, CURLOPT_USERAGENT, "Spool (libcurl)")
        if let start = request.rangeStart, start > 0 {
            ccurl_setopt_string(easy, CURLOPT_RANGE, "\(start)-")
        }
        ccurl_setopt_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
        ccurl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        ccurl_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
        ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, user)
        ccurl_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteCallback)
        ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, user)
    }
}

/// CURLOPT_HEADERFUNCTION: one whole header line per call.
private func curlHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let user, let data else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    let length = size * count
    let line = UnsafeRawPointer(data).withMemoryRebound(to: UInt8.self, capacity: length) {
        UnsafeBufferPointer(start: $0, count: length)
    }
    return transfer.receiveHeaderLine(line) ? length : 0
}

/// CURLOPT_WRITEFUNCTION: body bytes.
private func curlWriteCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let user else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    let length = size * count
    switch transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) {
    case .consumed: return length
    case .pause: return ccurl_writefunc_pause()
    case .abort: return 0
    }
}
