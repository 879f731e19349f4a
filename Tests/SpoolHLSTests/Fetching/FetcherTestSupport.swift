import Foundation
import SpoolCore
import SpoolHLS
import SpoolNetwork
import SpoolTestSupport

/// Every fetcher suite runs against each HTTP client.
extension HTTPTransportKind {
    /// A fetcher over this transport, timed on the test process's monotonic clock.
    func fetcher(requestTimeout: Duration = .seconds(4)) -> StandardResourceFetcher {
        let epoch = ContinuousClock.now
        return StandardResourceFetcher(
            requestTimeout: requestTimeout, transport: transport, now: { epoch.duration(to: .now) })
    }
}

/// Answers a route with `refusals` in order (one per request), then with `final` for good.
final class ScriptedRoute: Sendable {
    private let answers: Locked<[ScriptedResponse]>
    private let final: ScriptedResponse

    init(_ refusals: [ScriptedResponse], then final: ScriptedResponse) {
        answers = Locked(refusals)
        self.final = final
    }

    func next() -> ScriptedResponse {
        answers.withLock { $0.isEmpty ? final : $0.removeFirst() }
    }

    /// A refusal with `status` and, when given, `Retry-After: retryAfter`.
    static func refusal(_ status: Int, retryAfter: String? = nil) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: retryAfter.map { [("Retry-After", $0)] } ?? [])
    }
}

/// Runs a blocking fetch on a thread of its own (never on the cooperative pool) and hands
/// back its outcome and how long it took in real time.
func fetchOnThread(
    _ fetcher: StandardResourceFetcher, _ request: ResourceRequest
) async -> (result: Result<FetchedResource, ResourceFetchError>, elapsed: Duration) {
    await runOnDedicatedThread {
        let started = ContinuousClock.now
        let result = Result { () throws(ResourceFetchError) in try fetcher.fetch(request) }
        return (result, started.duration(to: .now))
    }
}

extension Result where Failure == ResourceFetchError {
    /// The error, or `nil` on success.
    var failure: ResourceFetchError? {
        if case .failure(let error) = self { error } else { nil }
    }
}
