import Foundation
import SpoolCore

/// A transport that sends nothing and reports nothing, ever (not even a time-out): what only
/// the fetcher's own watchdog and `cancel()` can end. It records what it was asked.
final class SilentTransport: HTTPTransport, HTTPTransportSession, Sendable {
    private let log = Locked<(started: [HTTPTransferRequest], cancelled: Int)>(([], 0))

    var pausesInPlace: Bool { true }
    var cancellingNearCompletionIsUnsafe: Bool { false }

    /// The requests started so far.
    var started: [HTTPTransferRequest] { log.withLock { $0.started } }
    /// How many transfers were cancelled.
    var cancelled: Int { log.withLock { $0.cancelled } }

    func makeSession(_ configuration: HTTPTransportConfiguration) -> any HTTPTransportSession { self }

    func start(_ request: HTTPTransferRequest, events: any HTTPTransferEvents) -> any HTTPTransfer {
        log.withLock { $0.started.append(request) }
        return Transfer(owner: self)
    }

    func invalidate() {}

    private func recordCancel() { log.withLock { $0.cancelled += 1 } }

    private final class Transfer: HTTPTransfer {
        let owner: SilentTransport
        init(owner: SilentTransport) { self.owner = owner }
        func cancel() { owner.recordCancel() }
        func pause() {}
        func resume() {}
    }
}
