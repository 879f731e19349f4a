import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

/// Cancellation must reach the network: once a source is cancelled, no more bytes of its
/// resource may keep downloading. The server is the witness.
@Suite struct HTTPByteSourceCancellationTests {
    @Test(arguments: HTTPTransportKind.allCases)
    func cancelClosesTheConnectionLongBeforeTheFileIsServed(transport: HTTPTransportKind) async throws {
        let fileSize = 8 << 20
        let server = try LoopbackHTTPServer()
        let file = RandomBytes.make(count: fileSize)
        // 64 KiB/s: half the file takes 64 s, so even a loaded start (CI once took 16 s to read
        // the first 64 KiB at 256 KiB/s) stays far from it.
        server.setRoute("/big.bin", .file(file, throttle: .rate(bytesPerSecond: 64 << 10)))
        let source = HTTPByteSource(url: server.url("/big.bin"), options: .init(transport: transport.transport))

        let readBytes = try await onThread {
            try source.open()
            return try source.read(exactly: 64 << 10).count
        }.get()
        let cancelledAt = ContinuousClock.now
        source.cancel()

        let sawClose = await server.waitUntil(timeout: .seconds(5)) { log in
            log.connections.first?.isClosed == true
        }
        let connection = try #require(server.log.connections.first)
        let closedAt = try #require(connection.closedAt)
        let cancelToClose = closedAt - cancelledAt
        let sinceOpen = closedAt - connection.openedAt
        print(
            "cancellation: read \(readBytes) B, server sent \(connection.bodyBytesSent) of \(fileSize) B,",
            "connection closed \(cancelToClose) after cancel(), \(sinceOpen) after it opened")

        #expect(sawClose)
        #expect(readBytes == 64 << 10)
        #expect(connection.clientClosedEarly)
        #expect(cancelToClose < .seconds(2))
        // Far from the whole file (under a loaded machine's scheduling, reading the first 64 KiB
        // can take seconds of the server's pacing).
        #expect(connection.bodyBytesSent < fileSize / 2)
        #expect(source.bytesTransferred == Int64(readBytes))
        #expect(await onThread { try source.read(upTo: 1) }.failure == .cancelled)
        // No request was made after the cancel.
        #expect(server.log.requests.count == 1)
        source.close()
        server.stop()
    }
}
