import Foundation
public import SpoolCore

/// Fetches http(s) resources over one session of an `HTTPTransport` (so connections are kept
/// alive from one segment to the next) and `file:` resources from disk.
///
/// Guarantees, whatever the transport: every fetch ends — an answer that stops arriving fails
/// after `requestTimeout` of silence with `.failed(.network)` (the transport's own time-out,
/// with a watchdog behind it); 404/410 fail with `.notFound`, other error statuses with
/// `.httpStatus` (a 503 or 429 reporting its `Retry-After` to `fetchWithRetryAdvice`);
/// answers are bounded by the request's `maxBytes`; `cancel()` ends every fetch in flight at
/// once and refuses later ones.
public final class StandardResourceFetcher: ResourceFetching {
    private let session: any HTTPTransportSession
    /// Whether cancelling a transfer about to complete can crash the transport (URLSession).
    private let cancellingNearCompletionIsUnsafe: Bool
    private let transfers = FetchTransferTable()
    private let now: @Sendable () -> Duration
    private let headers: [String: String]
    private let silenceLimit: Duration

    /// A fetcher whose requests fail after `requestTimeout` without data, sending `headers`
    /// with every request over one session of `transport` (URLSession unless told otherwise;
    /// the product passes libcurl's); `now` is a monotonic clock (for transfer durations).
    public init(
        requestTimeout: Duration = .seconds(4), headers: [String: String] = [:],
        transport: any HTTPTransport = URLSessionHTTPTransport(), now: @escaping @Sendable () -> Duration
    ) {
        self.now = now
        self.headers = headers
        cancellingNearCompletionIsUnsafe = transport.cancellingNearCompletionIsUnsafe
        // Transports count whole seconds (at least one): the watchdog waits out their rounding.
        silenceLimit = max(requestTimeout, .seconds(1)) + .seconds(2)
        session = transport.makeSession(HTTPTransportConfiguration(requestTimeout: requestTimeout, label: "HLS"))
    }

    deinit {
        // Every fetch has returned by now (each holds the fetcher) and stopped its transfer
        // when it failed; this closes the kept-alive connections.
        session.invalidate()
    }

    /// Fetches `request`; see the type's guarantees.
    public func fetch(_ request: ResourceRequest) throws(ResourceFetchError) -> FetchedResource {
        do {
            return try fetchWithRetryAdvice(request)
        } catch {
            throw error.error
        }
    }

    /// Fetches `request`; a refused 503 or 429 carries the server's `Retry-After`.
    public func fetchWithRetryAdvice(_ request: ResourceRequest) throws(ResourceFetchFailure) -> FetchedResource {
        switch request.url.scheme?.lowercased() {
        case nil, "file":
            do {
                return try fetchFile(request)
            } catch {
                throw ResourceFetchFailure(error)
            }
        case "http", "https": return try fetchHTTP(request)
        default: throw ResourceFetchFailure(.failed(.unsupportedScheme(request.url)))
        }
    }

    /// Ends every fetch in flight and refuses later ones.
    public func cancel() {
        transfers.cancelAll()
    }

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { transfers.isCancelled }

    private func fetchHTTP(_ request: ResourceRequest) throws(ResourceFetchFailure) -> FetchedResource {
        var fields = headers
        if let range = request.byteRange {
            fields["Range"] = "bytes=\(range.offset)-\(range.offset + range.length - 1)"
        }
        let transfer = FetchTransfer(request: request, now: now, silenceLimit: silenceLimit)
        guard transfers.register(transfer) else { throw ResourceFetchFailure(.failed(.cancelled)) }
        defer { transfers.remove(transfer) }
        let running = session.start(HTTPTransferRequest(url: request.url, headers: fields), events: transfer)
        switch transfer.waitForOutcome() {
        case .success(let data, let firstByte, let finishedAt):
            return FetchedResource(
                data: Self.slice(data, to: request.byteRange, partial: transfer.wasPartial),
                transferDuration: finishedAt - transfer.startedAt,
                timeToFirstByte: firstByte.map { $0 - transfer.startedAt })
        case .failure(let failure):
            stop(running, of: transfer)
            throw failure
        }
    }

    /// Ends `running` after its fetch failed. Over libcurl that is always safe. Over
    /// URLSession, cancelling a task whose completion is under way races it and traps in
    /// swift-corelibs-foundation, so a completed task is left alone, one whose last bytes are
    /// arriving (`ImminentCompletion`) is left to finish, and a refused response (404, 5xx: a
    /// short body, then completion) gets a second to complete on its own.
    private func stop(_ running: any HTTPTransfer, of transfer: FetchTransfer) {
        guard cancellingNearCompletionIsUnsafe else {
            running.cancel()
            return
        }
        if transfer.isCompleted || transfer.isNearlyComplete(at: now()) { return }
        if transfer.wasRefused, transfer.waitForCompletion(timeout: .seconds(1)) { return }
        running.cancel()
    }

    /// A server that ignored the Range header sent the whole resource: keep the part asked for.
    private static func slice(_ data: Data, to range: ByteRange?, partial: Bool) -> Data {
        guard let range, !partial else { return data }
        let lower = min(range.offset, data.count)
        let upper = min(range.offset + range.length, data.count)
        return data.subdata(in: lower..<upper)
    }

    private func fetchFile(_ request: ResourceRequest) throws(ResourceFetchError) -> FetchedResource {
        guard !transfers.isCancelled else { throw .failed(.cancelled) }
        return try FileResourceReader.read(request, now: now)
    }
}
