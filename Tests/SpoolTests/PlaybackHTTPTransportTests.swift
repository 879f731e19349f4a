import Foundation
import SpoolCore
import SpoolHLS
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// The product's HTTP client choice, made once (`PlaybackHTTPTransport`) for both the
/// progressive and the HLS path.
@Suite(.timeLimit(.minutes(3)))
struct PlaybackHTTPTransportTests {
    @Test("libcurl unless SPOOL_HTTP_CLIENT=urlsession")
    func choice() {
        // Only libcurl pauses in place: the property tells the two apart without naming types.
        #expect(PlaybackHTTPTransport.make(environment: [:]).pausesInPlace)
        #expect(PlaybackHTTPTransport.make(environment: ["SPOOL_HTTP_CLIENT": "curl"]).pausesInPlace)
        #expect(!PlaybackHTTPTransport.make(environment: ["SPOOL_HTTP_CLIENT": "urlsession"]).pausesInPlace)
    }

    @Test("the product's HLS fetcher runs on the product's transport and keeps one connection for its segments")
    func productFetcher() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        for index in 0..<3 {
            server.setRoute("/seg\(index).ts", .file(Data(repeating: UInt8(index), count: 16 << 10)))
        }
        let fetcher = StandardResourceFetcher.makeForPlayback()
        let urls = (0..<3).map { server.url("/seg\($0).ts") }
        let sizes = try await runOnDedicatedThread { () throws(ResourceFetchError) -> [Int] in
            var sizes: [Int] = []
            for url in urls { sizes.append(try fetcher.fetch(ResourceRequest(url: url, maxBytes: 1 << 20)).data.count) }
            return sizes
        }
        #expect(sizes == [16 << 10, 16 << 10, 16 << 10])
        let requests = server.log.requests
        #expect(Set(requests.map(\.connectionID)).count == 1, "\(requests.map(\.connectionID))")
        // libcurl names itself; the tests run without SPOOL_HTTP_CLIENT, so the product's
        // choice is libcurl for both paths.
        let curlChosen = PlaybackHTTPTransport.shared.pausesInPlace
        #expect(requests.allSatisfy { ($0.header("User-Agent")?.contains("libcurl") ?? false) == curlChosen })
    }
}
