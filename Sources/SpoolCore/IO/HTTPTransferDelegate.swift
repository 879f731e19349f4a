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
    private let now: @Sendable () -> Duration

    init(state: ConditionLock<HTTPTransferState>, now: @escaping @Sendable () -> Duration) {
        self.state = state
        self.now = now
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let now = now()
        let refused = state.update { $0.receiveResponse(response, from: dataTask, at: now) }
        // swift-corelibs-foundation ignores the disposition, so a refused response's task
        // is cancelled explicitly; otherwise its body would still be downloaded.
        refused?.cancel()
        completionHandler(refused == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let now = now()
        let paused = state.update { $0.receiveData(data, from: dataTask, at: now) }
        paused?.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.update { $0.complete(task, error: error) }
    }
}
