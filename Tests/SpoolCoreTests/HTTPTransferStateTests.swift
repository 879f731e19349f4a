import Foundation
import Testing

@testable import SpoolCore

@Suite("HTTPTransferState: a body cut off in the same burst as its head")
struct HTTPTransferStateTests {
    private static let url = URL(string: "http://127.0.0.1:9/cut.ts")!

    private static func response(_ status: Int, _ headers: [String: String]) -> HTTPTransferHead {
        HTTPTransferHead(status: status, fields: headers)
    }

    /// A transfer only as the transfer's identity; nothing runs.
    private static func task() -> any HTTPTransfer {
        IdentityTransfer()
    }

    @Test("head, bytes and the hang-up all before the reader looks: the response counts, the bytes come first")
    func failureAfterResponse() throws {
        var state = HTTPTransferState(url: Self.url, bufferLimit: 1 << 20)
        let task = Self.task()
        state.begin(task, for: .open)
        #expect(try state.responseOutcome(to: state.attempt) == nil, "nothing arrived yet")
        #expect(
            state.receiveResponse(
                Self.response(200, ["Content-Length": "1000", "Accept-Ranges": "bytes"]), from: task, at: .zero) == nil)
        #expect(state.receiveData(Data(repeating: 7, count: 600), from: task, at: .zero) == nil)
        state.complete(task, error: HTTPTransportError(.connectionLost, "lost"))

        #expect(
            try state.responseOutcome(to: state.attempt) == true, "opened (seekable) despite the failure that followed")
        #expect(try state.take(upTo: 1 << 20)?.count == 600)
        #expect(throws: ByteSourceError.self) { try state.take(upTo: 1 << 20) }
    }

    @Test(
        "head, bytes, the hang-up, a resume and its refusal all before the reader looks: the open still succeeded"
    )
    func refusedResumeAfterResponse() throws {
        var state = HTTPTransferState(
            url: Self.url, bufferLimit: 1 << 20, policy: LoadErrorPolicy(maxRetries: 3, retryDelay: .zero))
        let open = Self.task()
        state.begin(open, for: .open)
        let awaited = state.attempt
        _ = state.receiveResponse(Self.response(200, ["Content-Length": "1000"]), from: open, at: .zero)
        _ = state.receiveData(Data(repeating: 7, count: 600), from: open, at: .zero)
        state.complete(open, error: HTTPTransportError(.connectionLost, "lost"))
        #expect(state.takePendingRetryDelay() != nil, "the policy retries the lost connection")
        let resume = Self.task()
        state.begin(resume, for: .resume(600))
        _ = state.receiveResponse(Self.response(410, [:]), from: resume, at: .zero)

        #expect(try state.responseOutcome(to: awaited) == false, "opened (not seekable); the refusal comes later")
        #expect(try state.take(upTo: 1 << 20)?.count == 600)
        #expect(throws: ByteSourceError.self) { try state.take(upTo: 1 << 20) }
        #expect(throws: ByteSourceError.self, "the resume's own caller") {
            try state.responseOutcome(to: state.attempt)
        }
    }

    @Test("a failure before any response is the open's error")
    func failureBeforeResponse() {
        var state = HTTPTransferState(url: Self.url, bufferLimit: 1 << 20)
        let task = Self.task()
        state.begin(task, for: .open)
        state.complete(task, error: HTTPTransportError(.connectionRefused, "refused"))
        #expect(throws: ByteSourceError.self) { try state.responseOutcome(to: state.attempt) }
    }

    @Test("a new request forgets the previous one's response")
    func newRequestForgetsResponse() throws {
        var state = HTTPTransferState(url: Self.url, bufferLimit: 1 << 20)
        let first = Self.task()
        state.begin(first, for: .open)
        _ = state.receiveResponse(
            Self.response(200, ["Content-Length": "1000", "Accept-Ranges": "bytes"]), from: first, at: .zero)
        let second = Self.task()
        state.begin(second, for: .seek(500))
        state.complete(second, error: HTTPTransportError(.connectionRefused, "refused"))
        #expect(throws: ByteSourceError.self) { try state.responseOutcome(to: state.attempt) }
    }

    /// A streaming transfer of `length` bytes that received `received` of them `seconds` after
    /// its response head.
    private static func streaming(
        length: Int, received: Int, seconds: Double, bufferLimit: Int = 64 << 20
    ) -> (HTTPTransferState, any HTTPTransfer, now: Duration) {
        var state = HTTPTransferState(url: url, bufferLimit: bufferLimit)
        let task = Self.task()
        state.begin(task, for: .open)
        _ = state.receiveResponse(
            response(200, ["Content-Length": "\(length)", "Accept-Ranges": "bytes"]), from: task, at: .seconds(10))
        let now = Duration.seconds(10) + .milliseconds(Int64(seconds * 1000))
        _ = state.receiveData(Data(count: received), from: task, at: now)
        return (state, task, now)
    }

    @Test("a transfer about to complete is not cancelled: few bytes left, or little time at its rate")
    func imminentCompletionIsNotCancelled() {
        // 40 KiB left: whatever the rate.
        var (nearEnd, _, now) = Self.streaming(length: 1 << 20, received: (1 << 20) - (40 << 10), seconds: 5)
        #expect(!nearEnd.canCancelSafely(at: now))
        #expect(nearEnd.detachTask(at: now) == nil, "left to finish")
        // 4 MiB in 4 ms: 36 MiB more take 36 ms.
        let (fast, _, fastNow) = Self.streaming(length: 40 << 20, received: 4 << 20, seconds: 0.004)
        #expect(!fast.canCancelSafely(at: fastNow))
    }

    @Test("a slow or young transfer with much left is cancelled")
    func slowTransferIsCancelled() {
        // 2 MiB in 2 s: 38 MiB more take 38 s.
        var (slow, task, now) = Self.streaming(length: 40 << 20, received: 2 << 20, seconds: 2)
        #expect(slow.canCancelSafely(at: now))
        #expect(slow.detachTask(at: now) === task)
        // 16 KiB so far: too little to judge the rate, and 200 KiB are left.
        let (young, _, youngNow) = Self.streaming(length: 216 << 10, received: 16 << 10, seconds: 0.001)
        #expect(young.canCancelSafely(at: youngNow))
    }

    @Test("back-pressure pauses a slow transfer at the limit but lets a fast one finish")
    func backPressureOnlyWhereSafe() {
        let (slow, _, _) = Self.streaming(length: 40 << 20, received: 4 << 20, seconds: 4, bufferLimit: 4 << 20)
        #expect({ if case .paused = slow.phase { true } else { false } }())
        let (fast, _, _) = Self.streaming(length: 40 << 20, received: 4 << 20, seconds: 0.004, bufferLimit: 4 << 20)
        #expect({ if case .streaming = fast.phase { true } else { false } }())
    }

    @Test("a refused response with a short body is left to finish; a long one is cancelled")
    func refusedResponses() {
        for (length, cancelled) in [(512, false), (8 << 20, true)] {
            var state = HTTPTransferState(url: Self.url, bufferLimit: 1 << 20)
            let task = Self.task()
            state.begin(task, for: .open)
            let toCancel = state.receiveResponse(
                Self.response(404, ["Content-Length": "\(length)"]), from: task, at: .zero)
            #expect((toCancel != nil) == cancelled, "\(length)-byte body")
            #expect(throws: ByteSourceError.self) { try state.responseOutcome(to: state.attempt) }
        }
    }
}

/// An `HTTPTransfer` that does nothing: the state only compares identities.
private final class IdentityTransfer: HTTPTransfer {
    func cancel() {}
    func pause() {}
    func resume() {}
}
