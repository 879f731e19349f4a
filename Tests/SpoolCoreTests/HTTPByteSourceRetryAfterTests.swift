import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolCore

/// A byte source told `Retry-After` by a real loopback server waits exactly that long on its
/// injected clock before asking again, over each transport.
@Suite(.timeLimit(.minutes(3)))
struct HTTPByteSourceRetryAfterTests {
    static let file = RandomBytes.make(count: 64 << 10)

    @Test(
        "503 with Retry-After: 5 is retried after 5 s on the clock, not before", arguments: HTTPTransportKind.allCases)
    func serviceUnavailable(transport: HTTPTransportKind) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let refusals = Locked(1)
        server.setRoute("/file") { _ in
            let refuse = refusals.withLock { count -> Bool in
                defer { count -= 1 }
                return count > 0
            }
            return refuse ? ScriptedResponse(status: 503, headers: [("Retry-After", "5")]) : .file(Self.file)
        }
        let clock = ManualClock()
        let source = HTTPByteSource(
            url: server.url("/file"), options: .init(clock: clock, transport: transport.transport))
        async let read = onThread {
            try source.open()
            return try source.readToEnd()
        }
        // After the async let: on a failed expectation the source is closed first, which
        // ends the blocked call the async let then waits for (else the suite would hang).
        defer { source.close() }
        let retries = await runOnDedicatedThread { source.waitForRetries(1, timeout: .seconds(30)) }
        #expect(retries == [.seconds(5)])
        // The default backoff (1 s) passes: no second request yet.
        clock.advance(by: .seconds(4))
        #expect(!(await server.waitUntil(timeout: .milliseconds(300)) { $0.requests.count > 1 }))
        clock.advance(by: .seconds(1))
        let data = try await read.get()
        #expect(data == Self.file)
        #expect(server.log.requests.map(\.status) == [503, 200])
    }
}
