import Foundation
import SpoolTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The nginx test server, checked with URLSession as an independent client.
@Suite(.timeLimit(.minutes(3))) struct NginxServerIntegrationTests {
    /// A directory with one file per HLS type, removed by the caller.
    private func makeRoot(_ files: [String: Data]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("spool-nginx-root-\(UUID().uuidString)", isDirectory: true)
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    private func get(_ url: URL, range: String? = nil, timeout: TimeInterval = 10) async throws -> (
        Data, HTTPURLResponse
    ) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        if let range { request.setValue(range, forHTTPHeaderField: "Range") }
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    @Test func servesHLSTypesAndByteRanges() async throws {
        let segment = RandomBytes.make(count: 10_000)
        let root = try makeRoot([
            "a/index.m3u8": Data("#EXTM3U\n".utf8), "a/seg0.ts": segment, "a/seg0.m4s": segment,
            "a/init.mp4": segment, "a/subs.vtt": Data("WEBVTT\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await NginxServer.start(NginxConfiguration(root: root))
        defer { server.stop() }
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")

        let expected = [
            "/a/index.m3u8": "application/vnd.apple.mpegurl", "/a/seg0.ts": "video/mp2t", "/a/seg0.m4s": "video/mp4",
            "/a/init.mp4": "video/mp4", "/a/subs.vtt": "text/vtt",
        ]
        for (path, type) in expected.sorted(by: { $0.key < $1.key }) {
            let (_, response) = try await get(server.url(path))
            #expect(response.statusCode == 200, "\(path)")
            #expect(response.value(forHTTPHeaderField: "Content-Type") == type, "\(path)")
        }

        let (partial, response) = try await get(server.url("/a/seg0.ts"), range: "bytes=100-1099")
        #expect(response.statusCode == 206)
        #expect(response.value(forHTTPHeaderField: "Content-Range") == "bytes 100-1099/10000")
        #expect(partial == segment[100..<1100])
        let (tail, _) = try await get(server.url("/a/seg0.ts"), range: "bytes=9990-")
        #expect(tail == segment[9990...])
        let (_, missing) = try await get(server.url("/a/absent.ts"))
        #expect(missing.statusCode == 404)
    }

    @Test func injectsStatusesForChosenPathsOnly() async throws {
        let root = try makeRoot(["v/seg0.ts": Data(count: 100), "v/seg1.ts": Data(count: 100)])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await NginxServer.start(
            NginxConfiguration(root: root, statusOverrides: ["/v/seg0.ts": 404, "/v/index.m3u8": 503]))
        defer { server.stop() }
        #expect(try await get(server.url("/v/seg0.ts")).1.statusCode == 404)
        #expect(try await get(server.url("/v/index.m3u8")).1.statusCode == 503)
        let (body, ok) = try await get(server.url("/v/seg1.ts"))
        #expect(ok.statusCode == 200)
        #expect(body.count == 100)
    }

    @Test func accessLogRecordsEveryRequest() async throws {
        let root = try makeRoot(["x/seg.ts": RandomBytes.make(count: 5_000)])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await NginxServer.start(NginxConfiguration(root: root))
        defer { server.stop() }
        _ = try await get(server.url("/x/seg.ts"))
        _ = try await get(server.url("/x/seg.ts?token=1"), range: "bytes=0-99")
        _ = try await get(server.url("/x/none.ts"))
        let logged = await server.waitForRequests(timeout: .seconds(5)) { $0.count >= 3 }
        #expect(logged)
        let requests = server.requests()
        #expect(requests.map(\.method) == ["GET", "GET", "GET"])
        #expect(requests.map(\.uri) == ["/x/seg.ts", "/x/seg.ts?token=1", "/x/none.ts"])
        #expect(requests.map(\.path) == ["/x/seg.ts", "/x/seg.ts", "/x/none.ts"])
        #expect(requests.map(\.status) == [200, 206, 404])
        #expect(requests.map(\.range) == [nil, "bytes=0-99", nil])
        #expect(requests[0].bodyBytesSent == 5_000)
        #expect(requests[1].bodyBytesSent == 100)
        #expect(requests[0].bytesSent > 5_000)
    }

    @Test func limitRateSlowsTransfersAfterTheFreeBytes() async throws {
        let file = RandomBytes.make(count: 220_000)
        let root = try makeRoot(["slow.ts": file])
        defer { try? FileManager.default.removeItem(at: root) }
        // 40 KB free, then 180 KB at 60 KB/s: about 2 s, since nginx grants one second of
        // credit up front (it allows rate × (elapsed seconds + 1) bytes).
        let server = try await NginxServer.start(
            NginxConfiguration(root: root, limitRate: 60_000, limitRateAfter: 40_000))
        defer { server.stop() }
        let started = ContinuousClock.now
        let (body, _) = try await get(server.url("/slow.ts"))
        let elapsed = started.duration(to: .now)
        #expect(body == file)
        #expect(elapsed >= .milliseconds(1_500), "limit_rate not applied: \(elapsed)")
        // Only a sanity bound (a machine loaded by two builds beside the suite took 11.7 s).
        #expect(elapsed < .seconds(30))
        #expect(await server.waitForRequests(timeout: .seconds(5)) { !$0.isEmpty })
        #expect(try #require(server.requests().first).requestTime >= .milliseconds(1_500))
    }

    @Test func stopAnsweringHangsClientsUntilResumed() async throws {
        let root = try makeRoot(["a.m3u8": Data("#EXTM3U\n".utf8)])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await NginxServer.start(NginxConfiguration(root: root))
        defer { server.stop() }
        // curl rather than URLSession: FoundationNetworking on Linux does not time out a
        // request whose connection was accepted but never answered.
        let curl = try ToolRunner.find("curl")
        let arguments = [
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "1", server.url("/a.m3u8").absoluteString,
        ]
        server.stopAnswering()
        let hung = try await ToolRunner.run(curl, arguments, timeout: .seconds(10))
        #expect(hung.status == 28, "curl should time out (exit 28): \(hung.status) \(hung.outputText)")
        server.resume()
        let answered = try await ToolRunner.run(curl, arguments, timeout: .seconds(10))
        #expect(answered.status == 0)
        #expect(answered.outputText == "200")
        // Stopping a paused server must not hang.
        server.stopAnswering()
        server.stop()
    }

    @Test func stopFreesThePort() async throws {
        let root = try makeRoot(["a.ts": Data(count: 10)])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await NginxServer.start(NginxConfiguration(root: root))
        #expect(LoopbackHTTPServer.canConnect(toIPv4: "127.0.0.1", port: server.port))
        #expect(!LoopbackHTTPServer.canConnect(toIPv4: "127.0.0.2", port: server.port))
        await runOnDedicatedThread { server.stop() }
        #expect(!LoopbackHTTPServer.canConnect(toIPv4: "127.0.0.1", port: server.port))
        server.stop()
    }
}
