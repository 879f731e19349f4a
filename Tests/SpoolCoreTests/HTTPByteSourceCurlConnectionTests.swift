import Foundation
import SpoolCore
import SpoolNetwork
import SpoolTestSupport
import Testing

/// What libcurl's transport does with connections and redirects, seen from the server.
@Suite struct HTTPByteSourceCurlConnectionTests {
    @Test("a request after a complete body reuses the kept-alive connection")
    func keepAliveReusesTheConnection() async throws {
        let payload = RandomBytes.make(count: 256 << 10)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/f.bin", .file(payload))
        // Nothing kept behind the reader: going back after the whole body needs a request.
        let source = HTTPByteSource(
            url: server.url("/f.bin"), options: .init(backBufferLimit: 0, transport: CurlHTTPTransport()))
        defer { source.close() }
        let (all, again) = try await onThread {
            try source.open()
            let all = try source.readToEnd()
            // The buffer is drained: going back needs a new request.
            try source.seek(to: 1000)
            return (all, try source.read(exactly: 1000))
        }.get()
        #expect(all == payload)
        #expect(again == payload[1000..<2000])
        let log = server.log
        #expect(log.requests.count == 2)
        #expect(log.requests.last?.header("Range") == "bytes=1000-")
        #expect(log.connections.count == 1, "a second connection was opened")
        #expect(Set(log.requests.map(\.connectionID)).count == 1)
    }

    @Test(
        "a seek back within the 4 MiB kept behind the reader makes no request; one further back does",
        arguments: HTTPTransportKind.allCases)
    func backwardSeekWithinTheBackBuffer(transport: HTTPTransportKind) async throws {
        let payload = RandomBytes.make(count: 6 << 20)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/f.bin", .file(payload))
        let source = HTTPByteSource(url: server.url("/f.bin"), options: .init(transport: transport.transport))
        defer { source.close() }
        let (near, requestsBefore, requestsAfter, far) = try await onThread {
            try source.open()
            _ = try source.read(exactly: 5 << 20)
            // (URLSession refills the buffer with range requests as it drains: count from here.)
            let before = server.log.requests.count
            // 1 MiB back: kept.
            try source.seek(to: 4 << 20)
            let near = try source.read(exactly: 4096)
            let after = server.log.requests.count
            // 5 MiB back from the reader: more than is kept.
            try source.seek(to: 100)
            return (near, before, after, try source.read(exactly: 4096))
        }.get()
        #expect(near == payload[(4 << 20)..<((4 << 20) + 4096)])
        #expect(requestsAfter == requestsBefore, "the near seek made a request")
        #expect(far == payload[100..<4196])
        #expect(server.log.requests.last?.header("Range") == "bytes=100-")
    }

    @Test("a redirect is followed to the file; the redirect's head is not taken for the file's")
    func redirectIsFollowed() async throws {
        let payload = RandomBytes.make(count: 64 << 10)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/f.bin", .file(payload))
        server.setRoute("/moved", ScriptedResponse(status: 302, headers: [("Location", "/f.bin")]))
        let source = HTTPByteSource(url: server.url("/moved"), options: .init(transport: CurlHTTPTransport()))
        defer { source.close() }
        let data = try await onThread {
            try source.open()
            return try source.readToEnd()
        }.get()
        #expect(data == payload)
        #expect(source.length == Int64(payload.count))
        #expect(server.log.requests.map(\.path) == ["/moved", "/f.bin"])
    }

    @Test("a redirect loop ends in one clear error, not a hang")
    func redirectLoopFails() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/loop", ScriptedResponse(status: 302, headers: [("Location", "/loop")]))
        let source = HTTPByteSource(
            url: server.url("/loop"), options: .init(transport: CurlHTTPTransport(maximumRedirects: 3)))
        defer { source.close() }
        let error = try #require(await onThread { try source.open() }.failure)
        #expect(error.description.contains("too many redirects"), "\(error)")
        #expect(server.log.requests.count == 4)
    }
}
