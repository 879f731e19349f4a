import Foundation
import SpoolCore
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches http(s) resources over one URLSession (so connections are kept alive from one
/// segment to the next) and `file:` resources from disk.
///
/// Guarantees: every fetch ends — an answer that stops arriving fails after
/// `requestTimeout` of silence with `.failed(.network)`; 404/410 fail with `.notFound`, other
/// error statuses with `.httpStatus`; answers are bounded by the request's `maxBytes`;
/// `cancel()` ends every fetch in flight at once and refuses later ones.
public final class StandardResourceFetcher: ResourceFetching {
    private let session: URLSession
    private let transfers: TransferTable
    private let now: @Sendable () -> Duration
    private let headers: [String: String]

    /// A fetcher whose requests fail after `requestTimeout` without data, sending `headers`
    /// with every request; `now` is a monotonic clock (for transfer durations).
    public init(
        requestTimeout: Duration = .seconds(4), headers: [String: String] = [:],
        now: @escaping @Sendable () -> Duration
    ) {
        self.now = now
        self.headers = headers
        transfers = TransferTable(now: now)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = max(0.5, requestTimeout.timeInterval)
        configuration.httpMaximumConnectionsPerHost = 4
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "HLS fetches"
        session = URLSession(
            configuration: configuration, delegate: FetchDelegate(table: transfers), delegateQueue: queue)
    }

    deinit {
        // Every fetch has returned by now (each holds the fetcher), and `stop(_:of:)` ended its
        // task; cancelling again here could race a completion (see `stop`).
        session.finishTasksAndInvalidate()
    }

    /// Fetches `request`; see the type's guarantees.
    public func fetch(_ request: ResourceRequest) throws(ResourceFetchError) -> FetchedResource {
        switch request.url.scheme?.lowercased() {
        case nil, "file": return try fetchFile(request)
        case "http", "https": return try fetchHTTP(request)
        default: throw .failed(.unsupportedScheme(request.url))
        }
    }

    /// Ends every fetch in flight and refuses later ones.
    public func cancel() {
        transfers.cancelAll()
    }

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { transfers.isCancelled }

    private func fetchHTTP(_ request: ResourceRequest) throws(ResourceFetchError) -> FetchedResource {
        var urlRequest = URLRequest(url: request.url)
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let range = request.byteRange {
            urlRequest.setValue("bytes=\(range.offset)-\(range.offset + range.length - 1)", forHTTPHeaderField: "Range")
        }
        let task = session.dataTask(with: urlRequest)
        let transfer = Transfer(request: request, startedAt: now())
        guard transfers.register(transfer, for: task.taskIdentifier) else { throw .failed(.cancelled) }
        task.resume()
        defer { transfers.remove(task.taskIdentifier) }
        let outcome = transfer.waitForOutcome()
        switch outcome {
        case .success(let data, let firstByte, let finishedAt):
            return FetchedResource(
                data: Self.slice(data, to: request.byteRange, partial: transfer.wasPartial),
                transferDuration: finishedAt - transfer.startedAt,
                timeToFirstByte: firstByte.map { $0 - transfer.startedAt })
        case .failure(let error):
            stop(task, of: transfer)
            throw error
        }
    }

    /// Ends `task` after its fetch failed — unless the task completed or is about to. In
    /// swift-corelibs-foundation, cancelling a task whose completion is under way races it and
    /// traps ("a task that is not in the registry"), so a completed task is left alone, one
    /// whose last bytes are arriving (a few KiB left, or less than a quarter second at its
    /// rate, as on a fast local network) is left to finish, and a refused response (404, 5xx:
    /// a short body, then completion) gets a second to complete on its own.
    private func stop(_ task: URLSessionDataTask, of transfer: Transfer) {
        if transfer.isCompleted || transfer.isNearlyComplete(at: now()) { return }
        if transfer.wasRefused, transfer.waitForCompletion(timeout: .seconds(1)) { return }
        task.cancel()
    }

    /// A server that ignored the Range header sent the whole resource: keep the part asked for.
    private static func slice(_ data: Data, to range: ByteRange?, partial: Bool) -> Data {
        guard let range, !partial else { return data }
        let lower = min(range.offset, data.count)
        let upper = min(range.offset + range.length, data.count)
        return data.subdata(in: lower..<upper)
    }

    private func fetchFile(_ request: ResourceRequest) throws(ResourceFetchError) -> FetchedResource {
        let started = now()
        guard !transfers.isCancelled else { throw .failed(.cancelled) }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: request.url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: request.url.path)
            throw .failed(exists ? .io("\(error.localizedDescription)", request.url) : .notFound(request.url))
        }
        defer { try? handle.close() }
        do {
            let limit = request.byteRange?.length ?? request.maxBytes + 1
            if let range = request.byteRange { try handle.seek(toOffset: UInt64(range.offset)) }
            let data = try handle.read(upToCount: min(limit, request.maxBytes + 1)) ?? Data()
            guard data.count <= request.maxBytes else {
                throw ResourceFetchError.tooLarge(limit: request.maxBytes, request.url)
            }
            return FetchedResource(data: data, transferDuration: now() - started, timeToFirstByte: nil)
        } catch let error as ResourceFetchError {
            throw error
        } catch {
            throw .failed(.io(error.localizedDescription, request.url))
        }
    }
}

/// One HTTP fetch in flight: filled by the delegate queue, awaited by the fetching thread.
final class Transfer: Sendable {
    enum Outcome {
        case success(Data, firstByte: Duration?, finishedAt: Duration)
        case failure(ResourceFetchError)
    }

    struct State {
        var data = Data()
        var firstByte: Duration?
        var partial = false
        var outcome: Outcome?
        /// The server's status refused the fetch (the body that follows is not wanted).
        var refused = false
        /// URLSession reported the task's completion.
        var completed = false
        /// The body length the response announced, when it did.
        var expectedLength: Int64?
    }

    let request: ResourceRequest
    let startedAt: Duration
    let state: ConditionLock<State>

    init(request: ResourceRequest, startedAt: Duration) {
        self.request = request
        self.startedAt = startedAt
        state = ConditionLock(State())
    }

    var wasPartial: Bool { state.withLock { $0.partial } }
    var wasRefused: Bool { state.withLock { $0.refused } }
    var isCompleted: Bool { state.withLock { $0.completed } }

    /// Whether the body is about to be complete (`ImminentCompletion`).
    func isNearlyComplete(at now: Duration) -> Bool {
        state.withLock { state in
            guard let expected = state.expectedLength else { return false }
            let received = Int64(state.data.count)
            return ImminentCompletion.isImminent(
                remaining: expected - received, received: received, elapsed: state.firstByte.map { now - $0 } ?? .zero)
        }
    }

    /// Records that URLSession reported the task's completion (before its outcome).
    func markCompleted() { state.update { $0.completed = true } }

    /// Waits up to `timeout` for the task's completion; returns whether it came.
    func waitForCompletion(timeout: Duration) -> Bool {
        state.wait(timeout: timeout) { $0.completed ? true : nil } ?? false
    }

    func waitForOutcome() -> Outcome {
        state.wait(timeout: nil) { $0.outcome } ?? .failure(.failed(.cancelled))
    }

    /// Records the outcome unless one is already there; returns whether it did.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        state.update { state in
            guard state.outcome == nil else { return false }
            state.outcome = outcome
            return true
        }
    }
}

/// The fetches in flight by task identifier, and whether the fetcher was cancelled.
final class TransferTable: Sendable {
    private struct State {
        var cancelled = false
        var transfers: [Int: Transfer] = [:]
    }

    private let state = Mutex(State())
    let now: @Sendable () -> Duration

    init(now: @escaping @Sendable () -> Duration) { self.now = now }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func register(_ transfer: Transfer, for id: Int) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.transfers[id] = transfer
            return true
        }
    }

    func transfer(for id: Int) -> Transfer? { state.withLock { $0.transfers[id] } }

    func remove(_ id: Int) { state.withLock { _ = $0.transfers.removeValue(forKey: id) } }

    /// Marks the table cancelled and fails every transfer: each fetching thread then cancels
    /// its own task.
    func cancelAll() {
        let transfers = state.withLock { state -> [Transfer] in
            state.cancelled = true
            return Array(state.transfers.values)
        }
        for transfer in transfers { transfer.finish(.failure(.failed(.cancelled))) }
    }
}
