import Foundation

/// Routes one `HTTPByteSource`'s transport events into its state.
///
/// The transport holds the events of a running transfer until it completes or is cancelled,
/// so this holds only the shared state, the session and what requests are made from, never
/// the source: dropping the source still runs its deinit, which cancels the transfer and
/// invalidates the session. Events of one transfer arrive in order; each wakes the reader
/// waiting on the state. A failure the load-error policy retries is scheduled here.
final class HTTPTransferDelegate: HTTPTransferEvents {
    private let state: ConditionLock<HTTPTransferState>
    private let session: any HTTPTransportSession
    private let url: URL
    private let options: HTTPByteSource.Options
    private let timeline: ClockTimeline

    init(
        state: ConditionLock<HTTPTransferState>, session: any HTTPTransportSession, url: URL,
        options: HTTPByteSource.Options, timeline: ClockTimeline
    ) {
        self.state = state
        self.session = session
        self.url = url
        self.options = options
        self.timeline = timeline
    }

    /// The driver requests are started with, from here and from the source.
    var driver: HTTPTransferDriver {
        HTTPTransferDriver(state: state, session: session, events: self, url: url, options: options, timeline: timeline)
    }

    func transfer(_ transfer: any HTTPTransfer, didReceive head: HTTPTransferHead) {
        let now = options.now()
        let driver = driver
        let refused = state.update { state in
            let refused = state.receiveResponse(head, from: transfer, at: now, clockNow: timeline.now)
            driver.scheduleRetryIfDecided(in: &state)
            return refused
        }
        // A refused answer's body would still be downloaded.
        refused?.cancel()
    }

    func transfer(_ transfer: any HTTPTransfer, didReceive data: Data) {
        let now = options.now()
        let (full, pausesInPlace) = state.update { state in
            (state.receiveData(data, from: transfer, at: now, clockNow: timeline.now), state.pausesInPlace)
        }
        if pausesInPlace { full?.pause() } else { full?.cancel() }
    }

    func transfer(_ transfer: any HTTPTransfer, didCompleteWith error: HTTPTransportError?) {
        let now = options.now()
        let driver = driver
        state.update { state in
            state.complete(transfer, error: error, at: now)
            driver.scheduleRetryIfDecided(in: &state)
        }
    }
}
