import Foundation
import SpoolCore
import SpoolHLS
import Testing

/// Which failures are retried, and the forward buffer target.
@Suite struct AdaptiveRetryTests {
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
