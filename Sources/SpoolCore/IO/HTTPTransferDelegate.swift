import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes one `HTTPByteSource`'s URLSession callbacks into its state.
///
/// The session retains its delegate until it is invalidated, so the delegate holds only the
/// shared state and what requests are made from, never the source or the session: dropping
/// the source still runs its deinit, which invalidates the session. Callbacks arrive on the
/// session's serial delegate queue, in order; each wakes the reader waiting on the state. A
/// failure the load-error policy retries is scheduled here, with the session the callback
/// names.
final class HTTPTransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let state: ConditionLock<HTTPTransferState>
    private let url: URL
    private let options: HTTPByteSource.Options
    private let timeline: ClockTimeline

    init(state: ConditionLock<HTTPTransferState>, url: URL, options: HTTPByteSource.Options, timeline: ClockTimeline) {
        self.state = state
        self.url = url
        self.options = options
        self.timeline = timeline
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let now = options.now()
        let driver = driver(for: session)
        let refused = state.update { transfer in
            let refused = transfer.receiveResponse(response, from: dataTask, at: now, clockNow: timeline.now)
            driver.scheduleRetryIfDecided(in: &transfer)
            return refused
        }
        // swift-corelibs-foundation ignores the disposition, so a refused response's task
        // is cancelled explicitly; otherwise its body would still be downloaded.
        refused?.cancel()
        completionHandler(refused == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let now = options.now()
        let paused = state.update { $0.receiveData(data, from: dataTask, at: now, clockNow: timeline.now) }
        paused?.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let now = options.now()
        let driver = driver(for: session)
        state.update { transfer in
            transfer.complete(task, error: error, at: now)
            driver.scheduleRetryIfDecided(in: &transfer)
        }
    }

    private func driver(for session: URLSession) -> HTTPTransferDriver {
        HTTPTransferDriver(state: state, session: session, url: url, options: options, timeline: timeline)
    }
}
