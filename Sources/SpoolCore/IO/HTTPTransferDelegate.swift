import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes one `HTTPByteSource`'s URLSession callbacks into its state.
///
/// The session retains its delegate until it is invalidated, so the delegate holds only the
/// shared state, never the source: dropping the source still runs its deinit, which
/// invalidates the session. Callbacks arrive on the session's serial delegate queue, in
/// order; each wakes the reader waiting on the state.
final class HTTPTransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let state: ConditionLock<HTTPTransferState>

    init(state: ConditionLock<HTTPTransferState>) {
        self.state = state
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let refused = state.update { $0.receiveResponse(response, from: dataTask) }
        // swift-corelibs-foundation ignores the disposition, so a refused response's task
        // is cancelled explicitly; otherwise its body would still be downloaded.
        refused?.cancel()
        completionHandler(refused == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let paused = state.update { $0.receiveData(data, from: dataTask) }
        paused?.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.update { $0.complete(task, error: error) }
    }
}
