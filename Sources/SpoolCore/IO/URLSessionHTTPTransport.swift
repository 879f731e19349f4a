import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPTransport` over swift-corelibs-foundation's URLSession: SpoolCore's default, kept for
/// comparison and for programs that do not link SpoolNetwork.
///
/// It cannot pause a transfer in place (`URLSessionTask.suspend()` on Linux drops the
/// connection and `resume()` sends the request again from byte 0), and cancelling a task
/// about to complete can trap inside Foundation, so the byte source works around both.
public struct URLSessionHTTPTransport: HTTPTransport {
    /// A transport; each session is a URLSession of its own.
    public init() {}

    /// `false`: back-pressure cancels and re-requests with a range.
    public var pausesInPlace: Bool { false }
    /// `true`: see `ImminentCompletion`.
    public var cancellingNearCompletionIsUnsafe: Bool { true }

    /// An ephemeral URLSession without a cache, with a serial delegate queue.
    public func makeSession(_ configuration: HTTPTransportConfiguration) -> any HTTPTransportSession {
        URLSessionTransportSession(configuration)
    }
}

/// One URLSession and the router of its delegate callbacks.
final class URLSessionTransportSession: HTTPTransportSession {
    private let session: URLSession
    private let router: URLSessionEventRouter

    init(_ configuration: HTTPTransportConfiguration) {
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // swift-corelibs-foundation counts whole seconds.
        sessionConfiguration.timeoutIntervalForRequest = max(1, configuration.requestTimeout.timeInterval)
        let delegateQueue = OperationQueue()
        // Serial, so data callbacks are applied to the buffer in arrival order.
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.name = "HTTPByteSource \(configuration.label)"
        router = URLSessionEventRouter()
        session = URLSession(configuration: sessionConfiguration, delegate: router, delegateQueue: delegateQueue)
    }

    func start(_ request: HTTPTransferRequest, events: any HTTPTransferEvents) -> any HTTPTransfer {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        // Compressed bodies would make Content-Length and byte offsets disagree.
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if let start = request.rangeStart, start > 0 {
            urlRequest.setValue("bytes=\(start)-", forHTTPHeaderField: "Range")
        }
        let task = session.dataTask(with: urlRequest)
        let transfer = URLSessionTransfer(task: task)
        router.register(transfer, events: events)
        task.resume()
        return transfer
    }

    // Not `invalidateAndCancel()`: it cancels every task the session still lists, including
    // one whose completion is under way, which traps in swift-corelibs-foundation. The source
    // cancels its current transfer itself first.
    func invalidate() {
        session.finishTasksAndInvalidate()
    }
}

/// A URLSession data task as an `HTTPTransfer`.
final class URLSessionTransfer: HTTPTransfer {
    let task: URLSessionDataTask

    init(task: URLSessionDataTask) {
        self.task = task
    }

    func cancel() { task.cancel() }
    /// Nothing: URLSession cannot pause in place on Linux.
    func pause() {}
    func resume() {}
}

/// Routes a session's delegate callbacks to the events of the transfer they belong to.
///
/// The session retains its delegate until it is invalidated, so this holds only the
/// registrations of running tasks, never the source or the session.
final class URLSessionEventRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let registrations = ConditionLock<[ObjectIdentifier: (URLSessionTransfer, any HTTPTransferEvents)]>([:])

    func register(_ transfer: URLSessionTransfer, events: any HTTPTransferEvents) {
        registrations.update { $0[ObjectIdentifier(transfer.task)] = (transfer, events) }
    }

    private func registration(of task: URLSessionTask) -> (URLSessionTransfer, any HTTPTransferEvents)? {
        registrations.withLock { $0[ObjectIdentifier(task)] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // swift-corelibs-foundation ignores the disposition; a refused answer's task is
        // cancelled by the source.
        defer { completionHandler(.allow) }
        guard let (transfer, events) = registration(of: dataTask) else { return }
        guard let http = response as? HTTPURLResponse else {
            events.transfer(transfer, didCompleteWith: HTTPTransportError(.permanent, "the response is not HTTP"))
            return
        }
        var fields: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields {
            fields[name] = value
        }
        events.transfer(transfer, didReceive: HTTPTransferHead(status: http.statusCode, fields: fields))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let (transfer, events) = registration(of: dataTask) else { return }
        events.transfer(transfer, didReceive: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let registration = registrations.update { $0.removeValue(forKey: ObjectIdentifier(task)) }
        guard let (transfer, events) = registration else { return }
        events.transfer(transfer, didCompleteWith: error.map(HTTPTransportError.init(urlSessionError:)))
    }
}

extension HTTPTransportError {
    /// A URLSession failure in the source's words.
    init(urlSessionError error: any Error) {
        guard let urlError = error as? URLError else {
            self.init(.unspecified, error.localizedDescription)
            return
        }
        let kind: Kind =
            switch urlError.code {
            case .timedOut: .timedOut
            case .networkConnectionLost: .connectionLost
            case .cannotConnectToHost: .connectionRefused
            case .cancelled: .cancelled
            case .cannotFindHost, .dnsLookupFailed, .secureConnectionFailed, .serverCertificateUntrusted,
                .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
                .httpTooManyRedirects, .unsupportedURL, .badURL:
                .permanent
            default: .unspecified
            }
        self.init(kind, ByteSourceError.transportMessage(for: urlError))
    }
}
