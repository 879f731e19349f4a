import Foundation
import SpoolCore
import SpoolHLS
import Testing

/// Retry backoff, which failures are retried, and the forward buffer target.
@Suite struct AdaptiveRetryTests {
    @Test func backoffDoublesUpToTheMaximum() {
        let policy = RetryPolicy()
        let delays = (1...7).map { policy.delay(afterFailures: $0) }
        #expect(
            delays == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5), .seconds(5),
            ])
        #expect(policy.delay(afterFailures: 0) == .milliseconds(500))
        #expect(RetryPolicy().delay(afterFailures: 1_000) == .seconds(5))
    }

    @Test func transientFailuresRetryUntilTheLastAttemptThenFailOver() {
        let policy = RetryPolicy()
        for kind in [FetchFailureKind.timeout, .serverError(status: 503), .tooManyRequests, .network] {
            #expect(policy.action(after: kind, failures: 1) == .retry(after: .milliseconds(500)))
            #expect(policy.action(after: kind, failures: 2) == .retry(after: .seconds(1)))
            #expect(policy.action(after: kind, failures: 3) == .failOver)
        }
    }

    @Test func permanentFailuresFailOverAtOnce() {
        for kind in [FetchFailureKind.notFound, .clientError(status: 403), .other] {
            #expect(RetryPolicy().action(after: kind, failures: 1) == .failOver)
        }
    }

    @Test func failureKindsFromHTTPStatusesAndByteSourceErrors() {
        #expect(FetchFailureKind(httpStatus: 404) == .notFound)
        #expect(FetchFailureKind(httpStatus: 410) == .notFound)
        #expect(FetchFailureKind(httpStatus: 429) == .tooManyRequests)
        #expect(FetchFailureKind(httpStatus: 403) == .clientError(status: 403))
        #expect(FetchFailureKind(httpStatus: 502) == .serverError(status: 502))
        #expect(FetchFailureKind(httpStatus: 304) == .other)
        let location = URL(string: "https://example.com/seg.ts")!
        #expect(FetchFailureKind(ByteSourceError.notFound(location)) == .notFound)
        #expect(FetchFailureKind(ByteSourceError.httpStatus(500, location)) == .serverError(status: 500))
        #expect(FetchFailureKind(ByteSourceError.network("reset", location)).isRetryable)
        #expect(!FetchFailureKind(ByteSourceError.cancelled).isRetryable)
    }

    @Test func forwardBufferTargetIsAutomaticAtZeroAndNeverBelowTwoSegments() {
        #expect(ABRConfiguration().forwardBufferTarget(segmentDuration: .seconds(4)) == .seconds(30))
        #expect(ABRConfiguration().forwardBufferTarget(segmentDuration: .seconds(20)) == .seconds(40))
        let ten = ABRConfiguration(preferredForwardBufferDuration: .seconds(10))
        #expect(ten.forwardBufferTarget(segmentDuration: .seconds(4)) == .seconds(10))
        let three = ABRConfiguration(preferredForwardBufferDuration: .seconds(3))
        #expect(three.forwardBufferTarget(segmentDuration: .seconds(4)) == .seconds(8))
    }
}
