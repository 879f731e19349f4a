import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolCore

/// A failure while the network path is down spends no retry: the source waits for the path
/// to return and then continues at the byte where the body broke. The policy allows no
/// retries at all, so a source that counted the offline failure would fail at once.
@Suite(.timeLimit(.minutes(3)))
struct HTTPByteSourceOfflineTests {
    static let file = RandomBytes.make(count: 2 << 20)
    static let cut = file.count * 3 / 10

    static func source(
        _ server: FaultInjectingHTTPServer, network: FakeNetworkPathMonitor, _ transport: HTTPTransportKind
    ) -> HTTPByteSource {
        HTTPByteSource(
            url: server.url,
            options: .init(
                loadErrorPolicy: .never, clock: ManualClock(), transport: transport.transport, networkPath: network))
    }

    @Test(
        "a reset while offline waits for the network, then resumes by Range without spending a retry",
        arguments: HTTPTransportKind.allCases)
    func resetWhileOfflineWaitsForTheNetwork(transport: HTTPTransportKind) async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.reset(afterBytes: Self.cut)])
        let network = FakeNetworkPathMonitor(NetworkPath(status: .unsatisfied))
        let source = Self.source(server, network: network, transport)
        async let read = onThread {
            try source.open()
            return try source.readToEnd()
        }
        defer { source.close() }
        let waited = await runOnDedicatedThread { source.waitForOfflineWaits(1, timeout: .seconds(30)) }
        try #require(waited)
        // Waiting, not retrying: the retry's task listens for the path and sends nothing.
        #expect(await runOnDedicatedThread { network.waitForSubscribers(1, timeout: .seconds(30)) })
        #expect(server.requests.count == 1)
        network.set(.satisfied)
        let data = try await read.get()
        #expect(data == Self.file)
        let requests = server.requests
        #expect(requests.map(\.status) == [200, 206])
        #expect(requests.last?.range == "bytes=\(Self.cut)-", "\(requests)")
        #expect(source.waitForRetries(1, timeout: .zero) == nil, "no retry was spent")
    }

    @Test("the same reset with the network up fails at once: the policy allows no retry")
    func resetWhileOnlineFailsUnderANoRetryPolicy() async throws {
        let server = try FaultInjectingHTTPServer(file: Self.file)
        server.script([.reset(afterBytes: Self.cut)])
        let source = Self.source(server, network: FakeNetworkPathMonitor(), .curl)
        defer { source.close() }
        let outcome = await onThread {
            try source.open()
            return try source.readToEnd()
        }
        guard case .network = outcome.failure else {
            Issue.record("expected a network failure, got \(outcome)")
            return
        }
        #expect(server.requests.count == 1)
    }
}
