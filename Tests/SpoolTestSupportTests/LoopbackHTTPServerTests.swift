import Foundation
import SpoolTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The loopback server itself, checked with URLSession as an independent client.
@Suite struct LoopbackHTTPServerTests {
    @Test func bindsOnlyTheIPv4LoopbackAddress() throws {
        let server = try LoopbackHTTPServer()
        #expect(server.host == "127.0.0.1")
        #expect(server.port != 0)
        #expect(LoopbackHTTPServer.canConnect(toIPv4: "127.0.0.1", port: server.port))
        // 127.0.0.2 is also loopback on Linux: only a socket bound to a wildcard or to that
        // address would accept there.
        #expect(!LoopbackHTTPServer.canConnect(toIPv4: "127.0.0.2", port: server.port))
        server.stop()
        #expect(!LoopbackHTTPServer.canConnect(toIPv4: "127.0.0.1", port: server.port))
    }

    @Test func answersRangeRequestsWithPartialContent() async throws {
        let body = RandomBytes.make(count: 10_000)
        let server = try LoopbackHTTPServer()
        server.setRoute("/file", .file(body))
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }

        var request = URLRequest(url: server.url("/file"))
        request.setValue("bytes=9000-", forHTTPHeaderField: "Range")
        let (partial, partialResponse) = try await session.data(for: request)
        let partialHTTP = try #require(partialResponse as? HTTPURLResponse)
        #expect(partialHTTP.statusCode == 206)
        #expect(partialHTTP.value(forHTTPHeaderField: "Content-Range") == "bytes 9000-9999/10000")
        #expect(partialHTTP.value(forHTTPHeaderField: "Accept-Ranges") == "bytes")
        #expect(partial == body[9000...])

        request.setValue("bytes=10-19", forHTTPHeaderField: "Range")
        let (bounded, _) = try await session.data(for: request)
        #expect(bounded == body[10..<20])

        request.setValue("bytes=20000-", forHTTPHeaderField: "Range")
        let (_, unsatisfiable) = try await session.data(for: request)
        #expect((unsatisfiable as? HTTPURLResponse)?.statusCode == 416)

        request.setValue(nil, forHTTPHeaderField: "Range")
        let (full, fullResponse) = try await session.data(for: request)
        #expect((fullResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(full == body)

        let log = server.log
        #expect(log.requests.map { $0.header("Range") } == ["bytes=9000-", "bytes=10-19", "bytes=20000-", nil])
        server.stop()
    }

    @Test func recordsRequestsAndUnknownPathsAre404() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: server.url("/nowhere?x=1"))
        request.httpMethod = "POST"
        let (_, response) = try await session.upload(for: request, from: Data("hello".utf8))
        #expect((response as? HTTPURLResponse)?.statusCode == 404)
        let recorded = try #require(server.log.requests.first)
        #expect(recorded.method == "POST")
        #expect(recorded.path == "/nowhere")
        #expect(recorded.query == "x=1")
        #expect(recorded.body == Data("hello".utf8))
        server.stop()
    }

    @Test func recordsAClientHangingUpDuringAThrottledBody() async throws {
        let server = try LoopbackHTTPServer()
        let body = RandomBytes.make(count: 1 << 20)
        // 4 KiB per 200 ms: the whole body would take 51 s, far longer than a loaded
        // machine takes to deliver URLSession's cancel (CI once needed more than 5 s).
        server.setRoute("/slow", .file(body, throttle: .init(chunkSize: 4096, delay: .milliseconds(200))))
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: server.url("/slow"))
        task.resume()
        #expect(await server.waitUntil(timeout: .seconds(30)) { $0.connections.first?.bodyBytesSent ?? 0 >= 8192 })
        task.cancel()
        #expect(await server.waitUntil(timeout: .seconds(30)) { $0.connections.first?.isClosed == true })
        let connection = try #require(server.log.connections.first)
        #expect(connection.clientClosedEarly)
        #expect(connection.bodyBytesSent < body.count)
        session.invalidateAndCancel()
        server.stop()
    }
}
