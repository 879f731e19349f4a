import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolCore

/// Faults on a real loopback server (`FaultInjectingHTTPServer`) that the source must ride
/// out: the reader sees every byte of the file exactly once, and the request log shows the
/// `Range` requests that continued it. Backoffs and stall detection run on a manual clock.
@Suite(.timeLimit(.minutes(3)))
struct HTTPByteSourceRecoveryTests {
    /// One file for the suite: 2 MiB, so 30 % is well inside the body.
    static let file = RandomBytes.make(count: 2 << 20)
    static let cut = file.count * 3 / 10

    private static func source(
        _ server: FaultInjectingHTTPServer, clock: ManualClock, policy: LoadErrorPolicy = LoadErrorPolicy(),
        _ transport: HTTPTransportKind
    ) -> HTTPByteSource {
        HTTPByteSource(
            url: server.url, options: .init(loadErrorPolicy: policy, clock: clock, transport: transport.transport))
    }

    @Test(
        "a connection reset at 30 % continues with Range: bytes=N- at the byte where it broke",
        arguments: HTTPTransportKind.allCases)
    func resetAt30Percent(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.reset(afterBytes: Self.cut)])
        let source = Self.source(server, clock: ManualClock(), transport)
        defer { source.close() }
        let data = try await onThread {
            try source.open()
            return try source.readToEnd()
        }.get()
        #expect(data == Self.file)
        let requests = server.requests
        #expect(requests.map(\.status) == [200, 206])
        #expect(requests.first?.range == nil)
        #expect(requests.last?.range == "bytes=\(Self.cut)-", "\(requests)")
        #expect(source.bytesTransferred == Int64(Self.file.count))
        #expect(source.waitForRetries(1, timeout: .zero) == [.zero], "the first retry of a reset is immediate")
    }

    @Test(
        "a stall at 30 % is detected after the stall timeout and resumed with a Range request",
        arguments: HTTPTransportKind.allCases)
    func stallAt30Percent(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.stall(afterBytes: Self.cut, for: nil)])
        let clock = ManualClock()
        let policy = LoadErrorPolicy()
        let source = Self.source(server, clock: clock, policy: policy, transport)
        async let read = onThread {
            try source.open()
            return try source.readToEnd()
        }
        // After the async let: on a failed expectation the source is closed first, which
        // ends the blocked call the async let then waits for (else the suite would hang).
        defer { source.close() }
        let stalled = await server.waitUntil(timeout: .seconds(60)) { $0.first?.bodyBytesSent == Self.cut }
        try #require(stalled)
        // Every byte before the stall read while the clock stood at zero: the last progress is at
        // zero, and the stall watch is parked until the stall timeout. Only then does the clock
        // move, so no byte in flight can push the deadline (CI once saw the resume never come
        // while the clock was moved on a real-time guess).
        let readToCut = await eventually(timeout: .seconds(60)) { source.bytesTransferred == Int64(Self.cut) }
        try #require(readToCut)
        let stallDeadline = clock.now.advanced(by: policy.stallTimeout)
        await clock.waitForSleeper(until: stallDeadline)
        // Short of the threshold nothing happens…
        clock.advance(by: policy.stallTimeout - .seconds(1))
        #expect(!(await server.waitUntil(timeout: .milliseconds(300)) { $0.count > 1 }))
        // …at it, the transfer is resumed at once (a stall's first retry has no pause).
        clock.advance(by: .seconds(1))
        let resumed = await server.waitUntil(timeout: .seconds(60)) { $0.count > 1 }
        // `#require`: a resume that never comes must end the test (closing the source), not
        // leave it waiting on the read below for ever.
        try #require(resumed)
        let data = try await read.get()
        #expect(data == Self.file)
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.last?.status == 206)
        let start = requests.last?.rangeStart ?? -1
        #expect(start > 0 && start <= Self.cut, "\(requests)")
    }

    @Test("503 twice, then the file: retried after 1 s and 2 s on the clock", arguments: HTTPTransportKind.allCases)
    func serviceUnavailableTwice(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.status(503), .status(503)])
        let clock = ManualClock()
        let source = Self.source(server, clock: clock, transport)
        async let read = onThread {
            try source.open()
            return try source.readToEnd()
        }
        // After the async let: on a failed expectation the source is closed first, which
        // ends the blocked call the async let then waits for (else the suite would hang).
        defer { source.close() }
        let first = await runOnDedicatedThread { source.waitForRetries(1, timeout: .seconds(30)) }
        #expect(first == [.seconds(1)])
        #expect(server.requests.count == 1)
        clock.advance(by: .seconds(1))
        let second = await runOnDedicatedThread { source.waitForRetries(2, timeout: .seconds(30)) }
        #expect(second == [.seconds(1), .seconds(2)])
        clock.advance(by: .seconds(2))
        let data = try await read.get()
        #expect(data == Self.file)
        #expect(server.requests.map(\.status) == [503, 503, 200])
    }

    @Test(
        "a 5xx that never ends fails after the retries, as HTTP 503 for the URL", arguments: HTTPTransportKind.allCases)
    func serviceUnavailableForever(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script(Array(repeating: .status(503), count: 10))
        let clock = ManualClock()
        let source = Self.source(server, clock: clock, policy: LoadErrorPolicy(maxRetries: 2), transport)
        async let open = onThread { try source.open() }
        // After the async let: on a failed expectation the source is closed first, which
        // ends the blocked call the async let then waits for (else the suite would hang).
        defer { source.close() }
        // The first retry of a lost connection is immediate, so the second may be scheduled
        // (and recorded) before this wait wakes: advance by the count-th delay, not the last.
        for count in 1...2 {
            let delays = try #require(
                await runOnDedicatedThread { source.waitForRetries(count, timeout: .seconds(30)) })
            try #require(delays.count >= count)
            clock.advance(by: delays[count - 1])
        }
        let error = await open.failure
        #expect(error == .httpStatus(503, source.url))
        #expect(error?.description.contains(source.url.absoluteString) == true)
        #expect(server.requests.map(\.status) == [503, 503, 503])
    }

    @Test("404 and 403 are not retried", arguments: [404, 403], HTTPTransportKind.allCases)
    func clientErrorsAreNotRetried(_ status: Int, transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.status(status)])
        let source = Self.source(server, clock: ManualClock(), transport)
        defer { source.close() }
        let error = await onThread { try source.open() }.failure
        #expect(error == .forHTTPStatus(status, url: source.url))
        #expect(server.requests.count == 1)
    }

    @Test(
        "a Content-Length 1 MiB too long plays to the real end: the 416 at the end is the end",
        arguments: HTTPTransportKind.allCases)
    func contentLengthTooLong(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.wrongContentLength(by: 1 << 20)])
        let source = Self.source(server, clock: ManualClock(), transport)
        defer { source.close() }
        let data = try await onThread {
            try source.open()
            return try source.readToEnd()
        }.get()
        #expect(data == Self.file)
        let requests = server.requests
        #expect(requests.map(\.status) == [200, 416])
        #expect(requests.last?.range == "bytes=\(Self.file.count)-")
        #expect(source.length == Int64(Self.file.count))
    }

    @Test("a Content-Length too short plays what is there, without an error", arguments: HTTPTransportKind.allCases)
    func contentLengthTooShort(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        let missing = 256 << 10
        server.script([.wrongContentLength(by: -missing)])
        let source = Self.source(server, clock: ManualClock(), transport)
        defer { source.close() }
        let data = try await onThread {
            try source.open()
            return try source.readToEnd()
        }.get()
        #expect(data == Self.file.prefix(Self.file.count - missing))
        #expect(server.requests.count == 1)
    }

    @Test(
        "a server ignoring the resume's Range (200): the delivered bytes are skipped, no gap, no repeat",
        arguments: HTTPTransportKind.allCases)
    func rangeIgnoredOnResume(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.reset(afterBytes: Self.cut), .ignoringRange])
        let source = Self.source(server, clock: ManualClock(), transport)
        defer { source.close() }
        let data = try await onThread {
            try source.open()
            return try source.readToEnd()
        }.get()
        #expect(data == Self.file)
        let requests = server.requests
        #expect(requests.map(\.status) == [200, 200])
        #expect(requests.last?.range == "bytes=\(Self.cut)-")
        #expect(!source.isSeekable, "a server that ignores ranges cannot seek")
    }

    @Test(
        "a resource whose ETag changed mid-transfer fails clearly instead of splicing two files",
        arguments: HTTPTransportKind.allCases)
    func changedResourceFails(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.reset(afterBytes: Self.cut), HTTPFault(etag: "\"another-version\"")])
        let source = Self.source(server, clock: ManualClock(), transport)
        defer { source.close() }
        let outcome = await onThread {
            try source.open()
            return try source.readToEnd()
        }
        let error = try #require(outcome.failure)
        #expect(error.isNetwork(for: source.url))
        #expect(error.description.contains("ETag"), "\(error)")
        #expect(server.requests.count == 2)
    }

    @Test(
        "a server gone mid-body: the retries end with one line naming the URL and the reason",
        arguments: HTTPTransportKind.allCases)
    func serverGoneMidBody(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.stall(afterBytes: Self.cut, for: nil)])
        let clock = ManualClock()
        let source = Self.source(server, clock: clock, policy: LoadErrorPolicy(maxRetries: 2), transport)
        defer { source.close() }
        let first = try await onThread {
            try source.open()
            return try source.read(exactly: Self.cut)
        }.get()
        #expect(first == Self.file.prefix(Self.cut))
        server.stop()
        async let rest = onThread { try source.readToEnd() }
        // After the async let: on a failed expectation the source is closed first, which
        // ends the blocked call the async let then waits for (else the suite would hang).
        defer { source.close() }
        // The stopped server closed the stalled connection: a lost connection, then refused ones.
        // The first retry of a lost connection is immediate, so the second may be scheduled
        // (and recorded) before this wait wakes: advance by the count-th delay, not the last.
        for count in 1...2 {
            let delays = try #require(
                await runOnDedicatedThread { source.waitForRetries(count, timeout: .seconds(30)) })
            try #require(delays.count >= count)
            clock.advance(by: delays[count - 1])
        }
        let error = try #require(await rest.failure)
        #expect(error.isNetwork(for: source.url), "\(error)")
        let message = error.description
        #expect(
            message.contains(source.url.absoluteString) && message.contains("gave up after 3 attempts"), "\(message)")
        #expect(!message.contains("\n"))
    }
}
