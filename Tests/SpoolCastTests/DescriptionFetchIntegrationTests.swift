import Foundation
import SpoolCast
import SpoolNetwork
import SpoolTestSupport
import Testing

/// The product's description fetcher (libcurl, no redirects) against a loopback server: the
/// body cap, a redirect elsewhere and error statuses are refused in words.
@Suite("Description fetches over libcurl: bounded, never redirected (loopback, integration)")
struct DescriptionFetchIntegrationTests {
    static let fetcher = HTTPDescriptionFetcher(transport: CurlHTTPTransport(maximumRedirects: 0))

    static func problem(_ url: URL, maxBytes: Int = 131_072) async -> DeviceDescriptionError? {
        do {
            _ = try await fetcher.fetch(url, maxBytes: maxBytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func aDescriptionIsReadWhole() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let body = CastFixtures.description()
        server.setRoute("/description.xml", ScriptedResponse(headers: [("Content-Type", "text/xml")], body: body))
        #expect(try await Self.fetcher.fetch(server.url("/description.xml"), maxBytes: 131_072) == body)
    }

    @Test func aBodyBeyondTheCapIsCutOff() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/huge.xml", ScriptedResponse(body: Data(repeating: 0x20, count: 4 << 20)))
        #expect(await Self.problem(server.url("/huge.xml"), maxBytes: 131_072) == .tooLarge(limit: 131_072))
    }

    @Test func aRedirectIsNotFollowed() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/description.xml", ScriptedResponse(status: 302, headers: [("Location", "/elsewhere.xml")]))
        server.setRoute("/elsewhere.xml", ScriptedResponse(body: CastFixtures.description()))
        #expect(
            await Self.problem(server.url("/description.xml"))
                == .fetchFailed("HTTP 302 redirect not followed (a description is read only from its device)"))
        #expect(!server.log.requests.contains { $0.path == "/elsewhere.xml" })
    }

    @Test func anErrorStatusAndARefusedConnectionAreNamed() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/gone.xml", .status(404))
        #expect(await Self.problem(server.url("/gone.xml")) == .fetchFailed("HTTP status 404"))
        let refused = URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.refusedPort())/d.xml")!
        let problem = await Self.problem(refused)
        #expect(
            problem.map { if case .fetchFailed = $0 { true } else { false } } == true, "\(String(describing: problem))")
    }
}
