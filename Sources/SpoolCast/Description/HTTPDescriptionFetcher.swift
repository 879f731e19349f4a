public import Foundation
public import SpoolCore

/// Fetches descriptions over an `HTTPTransport` (libcurl's in the product): one session per
/// fetch, no redirects followed (the transport must be made with none), the body capped.
///
/// Guarantees: a status other than 200, a transport failure or a body beyond `maxBytes` ends
/// the transfer at once and throws `DeviceDescriptionError` in words; cancelling the awaiting
/// task cancels the transfer. `timeout` bounds connecting and each wait for bytes.
public struct HTTPDescriptionFetcher: DescriptionFetching {
    private let transport: any HTTPTransport
    private let timeout: Duration

    /// A fetcher over `transport`, which must not follow redirects.
    public init(transport: any HTTPTransport, timeout: Duration = .seconds(3)) {
        self.transport = transport
        self.timeout = timeout
    }

    /// See `DescriptionFetching.fetch(_:maxBytes:)`.
    public func fetch(_ url: URL, maxBytes: Int) async throws(DeviceDescriptionError) -> Data {
        let session = transport.makeSession(
            HTTPTransportConfiguration(requestTimeout: timeout, label: "upnp-description"))
        defer { session.invalidate() }
        let collector = DescriptionCollector(maxBytes: maxBytes)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Data, DeviceDescriptionError>, Never>) in
                collector.begin(continuation)
                let transfer = session.start(HTTPTransferRequest(url: url), events: collector)
                collector.attach(transfer)
            }
        } onCancel: {
            collector.finish(.failure(.fetchFailed("cancelled")))
        }
        return try result.get()
    }
}

/// One fetch's events turned into one result; the first outcome wins and cancels the transfer.
private final class DescriptionCollector: HTTPTransferEvents, Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Data, DeviceDescriptionError>, Never>?
        var transfer: (any HTTPTransfer)?
        var body = Data()
        var outcome: Result<Data, DeviceDescriptionError>?
    }

    private let maxBytes: Int
    private let state = Locked(State())

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    func begin(_ continuation: CheckedContinuation<Result<Data, DeviceDescriptionError>, Never>) {
        let early = state.withLock { state in
            state.continuation = continuation
            return state.outcome
        }
        // Cancelled before the continuation existed: answer at once.
        if let early { resolve(early) }
    }

    func attach(_ transfer: any HTTPTransfer) {
        let done = state.withLock { state in
            state.transfer = transfer
            return state.outcome != nil
        }
        if done { transfer.cancel() }
    }

    func transfer(_ transfer: any HTTPTransfer, didReceive head: HTTPTransferHead) {
        guard head.status != 200 else { return }
        let why =
            (300..<400).contains(head.status)
            ? "HTTP \(head.status) redirect not followed (a description is read only from its device)"
            : "HTTP status \(head.status)"
        finish(.failure(.fetchFailed(why)))
    }

    func transfer(_ transfer: any HTTPTransfer, didReceive data: Data) {
        let tooLarge = state.withLock { state in
            guard state.outcome == nil else { return false }
            state.body.append(data)
            return state.body.count > maxBytes
        }
        if tooLarge { finish(.failure(.tooLarge(limit: maxBytes))) }
    }

    func transfer(_ transfer: any HTTPTransfer, didCompleteWith error: HTTPTransportError?) {
        if let error {
            finish(.failure(.fetchFailed(error.message)))
        } else {
            finish(.success(state.withLock { $0.body }))
        }
    }

    /// Records the first outcome, cancels the transfer and resumes the waiting task.
    func finish(_ outcome: Result<Data, DeviceDescriptionError>) {
        let transfer = state.withLock { state -> (any HTTPTransfer)?? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            return .some(state.transfer)
        }
        guard let transfer else { return }
        transfer?.cancel()
        resolve(outcome)
    }

    private func resolve(_ outcome: Result<Data, DeviceDescriptionError>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }
}
