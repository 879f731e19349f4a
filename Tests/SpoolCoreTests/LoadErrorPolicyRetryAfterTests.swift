import SpoolCore
import Testing

/// `Retry-After` in the load-error policy and its parser: pure values, no network, no clock.
@Suite struct LoadErrorPolicyRetryAfterTests {
    private let policy = LoadErrorPolicy()

    @Test("delta-seconds parse; dates, negatives and junk do not")
    func parsing() {
        #expect(RetryAfter.delay("7") == .seconds(7))
        #expect(RetryAfter.delay(" 120 ") == .seconds(120))
        #expect(RetryAfter.delay("0") == .zero)
        #expect(RetryAfter.delay("99999999999999999999") == .seconds(999_999_999))
        #expect(RetryAfter.delay("Wed, 21 Oct 2015 07:28:00 GMT") == nil)
        #expect(RetryAfter.delay("-5") == nil)
        #expect(RetryAfter.delay("1.5") == nil)
        #expect(RetryAfter.delay("") == nil)
    }

    @Test("a 503 or 429 with Retry-After waits exactly that long, at every attempt", arguments: [503, 429])
    func honoured(status: Int) {
        for attempt in 1...3 {
            #expect(
                policy.decision(for: .httpStatus(status), attempt: attempt, resuming: false, retryAfter: .seconds(5))
                    == .retry(after: .seconds(5)))
        }
    }

    @Test("Retry-After is cut to maxRetryAfter")
    func bounded() {
        let policy = LoadErrorPolicy(maxRetryAfter: .seconds(12))
        #expect(
            policy.decision(for: .httpStatus(503), attempt: 1, resuming: false, retryAfter: .seconds(3600))
                == .retry(after: .seconds(12)))
    }

    @Test("Retry-After changes neither what is retried nor how often")
    func onlyThePause() {
        #expect(policy.decision(for: .httpStatus(404), attempt: 1, resuming: false, retryAfter: .seconds(1)) == .fail)
        #expect(
            policy.decision(
                for: .httpStatus(503), attempt: policy.maxRetries + 1, resuming: false, retryAfter: .seconds(1))
                == .fail)
        // On a 500 it is not the server's throttling answer: the backoff applies.
        #expect(
            policy.decision(for: .httpStatus(500), attempt: 2, resuming: false, retryAfter: .seconds(9))
                == .retry(after: .seconds(2)))
    }

    @Test("a 429 without Retry-After is retried with the backoff")
    func tooManyRequestsBackoff() {
        #expect(policy.isRetryable(.httpStatus(429), resuming: false))
        #expect(policy.decision(for: .httpStatus(429), attempt: 1, resuming: false) == .retry(after: .seconds(1)))
    }
}
