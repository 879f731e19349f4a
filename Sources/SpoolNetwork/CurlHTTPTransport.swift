public import SpoolCore

/// `HTTPTransport` over libcurl's multi interface: the product's HTTP client for the byte
/// path (the library Kodi and GStreamer's curlhttpsrc use).
///
/// Guarantees:
/// - A session's transfers run on its own I/O thread and multi handle (`CurlMultiLoop`),
///   woken by `curl_multi_wakeup` when a caller starts, resumes or cancels one, so a slow link
///   costs a poll per arrival and nothing more. The thread starts with the first request and
///   ends when the session is invalidated (the source closed), closing its connections.
/// - `pause()` stops reading the socket (`CURL_WRITEFUNC_PAUSE`) and `resume()` continues
///   on the same connection (`curl_easy_pause`): back-pressure sends no new request.
/// - `cancel()` from any thread returns at once; the I/O thread removes the transfer and
///   closes its connection (an incomplete body cannot be reused). Nothing is reported after.
/// - Connections are kept alive and reused between a source's requests (the session's
///   connection cache); HTTP/2 where a TLS server offers it; proxies from the environment
///   (`http_proxy`, `https_proxy`, `no_proxy`, as curl reads them); TLS verified against the
///   system's CA store; redirects followed up to `maximumRedirects`, http(s) only;
///   `CURLOPT_NOSIGNAL`, so no signal is raised on any thread.
public struct CurlHTTPTransport: HTTPTransport {
    /// The most redirects one request follows.
    public var maximumRedirects: Int

    /// A transport; each session gets its own I/O thread.
    public init(maximumRedirects: Int = 10) {
        self.maximumRedirects = maximumRedirects
    }

    /// `true`: a paused transfer keeps its connection.
    public var pausesInPlace: Bool { true }
    /// `false`: removing a transfer from the multi handle cannot race its completion.
    public var cancellingNearCompletionIsUnsafe: Bool { false }

    /// A session with an I/O thread of its own (started by its first request).
    public func makeSession(_ configuration: HTTPTransportConfiguration) -> any HTTPTransportSession {
        CurlTransportSession(
            options: CurlTransfer.Options(
                requestTimeout: configuration.requestTimeout, maximumRedirects: maximumRedirects),
            loop: CurlMultiLoop())
    }
}

/// One byte source's transfers: started on the session's loop; invalidating the session
/// cancels them and ends the loop (closing its connections).
final class CurlTransportSession: HTTPTransportSession {
    private let options: CurlTransfer.Options
    private let loop: CurlMultiLoop
    /// Transfers not yet finished, and whether the session was invalidated.
    private let live = ConditionLock<(transfers: [ObjectIdentifier: CurlTransfer], invalidated: Bool)>(([:], false))

    init(options: CurlTransfer.Options, loop: CurlMultiLoop) {
        self.options = options
        self.loop = loop
    }

    func start(_ request: HTTPTransferRequest, events: any HTTPTransferEvents) -> any HTTPTransfer {
        let transfer = CurlTransfer(request: request, options: options, events: events, loop: loop) {
            [live] finished in
            live.update { _ = $0.transfers.removeValue(forKey: ObjectIdentifier(finished)) }
        }
        let invalidated = live.update { state in
            if !state.invalidated { state.transfers[ObjectIdentifier(transfer)] = transfer }
            return state.invalidated
        }
        if invalidated {
            transfer.cancel()
        } else {
            loop.submit(.add(transfer))
        }
        return transfer
    }

    func invalidate() {
        let running = live.update { state in
            state.invalidated = true
            defer { state.transfers = [:] }
            return Array(state.transfers.values)
        }
        running.forEach { $0.cancel() }
        loop.submit(.shutdown)
    }
}
