import SpoolCore
import Testing

/// The load-error policy alone: which failures are retried, after how long, and when it
/// gives up. Pure values, no network, no clock.
@Suite struct LoadErrorPolicyTests {
    private let policy = LoadErrorPolicy()

    private func delays(_ failure: LoadErrorPolicy.Failure, resuming: Bool = false) -> [LoadErrorPolicy.Decision] {
        (1...8).map { policy.decision(for: failure, attempt: $0, resuming: resuming) }
    }

    @Test("a lost connection is retried at once, then with a doubling backoff up to 8 s, six times")
    func lostConnectionBackoff() {
        let expected: [LoadErrorPolicy.Decision] = [
            .retry(after: .zero), .retry(after: .seconds(1)), .retry(after: .seconds(2)),
            .retry(after: .seconds(4)), .retry(after: .seconds(8)), .retry(after: .seconds(8)), .fail, .fail,
        ]
        #expect(delays(.connectionLost) == expected)
        #expect(delays(.stalled) == expected)
        #expect(delays(.timedOut) == expected)
    }

    @Test("a 5xx waits from the first retry: 1, 2, 4, 8, 8, 8 s, then fails")
    func serverErrorBackoff() {
        let expected: [LoadErrorPolicy.Decision] = [
            .retry(after: .seconds(1)), .retry(after: .seconds(2)), .retry(after: .seconds(4)),
            .retry(after: .seconds(8)), .retry(after: .seconds(8)), .retry(after: .seconds(8)), .fail, .fail,
        ]
        #expect(delays(.httpStatus(503)) == expected)
        #expect(delays(.httpStatus(500)) == expected)
        #expect(delays(.httpStatus(599)) == expected)
    }

    @Test("4xx answers and unclassified failures are final at once", arguments: [400, 401, 403, 404, 410, 416, 451])
    func clientErrorsAreFinal(_ status: Int) {
        #expect(policy.decision(for: .httpStatus(status), attempt: 1, resuming: true) == .fail)
        #expect(!policy.isRetryable(.httpStatus(status), resuming: false))
    }

    @Test("DNS, TLS and other failures are not retried")
    func otherFailuresAreFinal() {
        #expect(policy.decision(for: .other, attempt: 1, resuming: true) == .fail)
    }

    @Test("a refused connection is retried only when a body was already under way")
    func refusedOnlyWhenResuming() {
        #expect(policy.decision(for: .connectionRefused, attempt: 1, resuming: false) == .fail)
        #expect(policy.decision(for: .connectionRefused, attempt: 1, resuming: true) == .retry(after: .seconds(1)))
    }

    @Test("maxRetries bounds the retries in a row; .never retries nothing")
    func maxRetries() {
        let two = LoadErrorPolicy(maxRetries: 2)
        #expect(two.decision(for: .connectionLost, attempt: 2, resuming: true) == .retry(after: .seconds(1)))
        #expect(two.decision(for: .connectionLost, attempt: 3, resuming: true) == .fail)
        #expect(LoadErrorPolicy.never.decision(for: .connectionLost, attempt: 1, resuming: true) == .fail)
        #expect(LoadErrorPolicy.never.decision(for: .httpStatus(503), attempt: 1, resuming: false) == .fail)
    }

    @Test("the backoff is capped by maxRetryDelay and starts at retryDelay")
    func customBackoff() {
        let policy = LoadErrorPolicy(maxRetries: 10, retryDelay: .milliseconds(250), maxRetryDelay: .seconds(1))
        let waits = (1...5).map { policy.delay(for: .httpStatus(502), attempt: $0) }
        #expect(waits == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(1), .seconds(1)])
        #expect(policy.delay(for: .connectionLost, attempt: 1) == .zero)
        #expect(policy.delay(for: .connectionLost, attempt: 2) == .milliseconds(250))
    }

    @Test("the defaults: six retries, 1 s doubling to 8 s, a stall after 8 s without a byte")
    func defaults() {
        #expect(policy.maxRetries == 6)
        #expect(policy.retryDelay == .seconds(1))
        #expect(policy.maxRetryDelay == .seconds(8))
        #expect(policy.stallTimeout == .seconds(8))
    }
}
