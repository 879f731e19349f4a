import Foundation
import SpoolCore
import SpoolPersistence
import SpoolTestSupport
import Testing

/// `HTTPProgressAPI` against a loopback server playing the progress service.
@Suite struct HTTPProgressAPITests {
    @Test func saveSendsTheBatchOnceAsTheDocumentedJSON() async throws {
        let server = try LoopbackHTTPServer()
        server.setRoute("/v1/progress", .status(204))
        let api = HTTPProgressAPI(endpoint: server.url("/v1/progress"))

        try await api.save(["ep2": 0, "ep1": 12.5, "show/ep 3": 3600.25])

        let requests = server.log.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/progress")
        #expect(request.header("Content-Type") == "application/json")
        let body = String(decoding: request.body, as: UTF8.self)
        let expected =
            #"{"positions":["#
            + #"{"itemID":"ep1","seconds":12.5},"#
            + #"{"itemID":"ep2","seconds":0},"#
            + #"{"itemID":"show/ep 3","seconds":3600.25}"#
            + #"]}"#
        #expect(body == expected)
    }

    @Test func serverErrorThrowsAnErrorNamingTheStatusAndURL() async throws {
        let server = try LoopbackHTTPServer()
        server.setRoute("/progress", .status(500))
        let endpoint = server.url("/progress")
        let api = HTTPProgressAPI(endpoint: endpoint)

        await #expect(throws: HTTPProgressAPIError.httpStatus(500, endpoint)) {
            try await api.save(["ep1": 1])
        }
        let error = HTTPProgressAPIError.httpStatus(500, endpoint)
        #expect(error.description.contains("500"))
        #expect(error.description.contains(endpoint.absoluteString))
        #expect(server.log.requests.count == 1)
    }

    @Test func positionRoundTripsThroughTheService() async throws {
        let server = try LoopbackHTTPServer()
        let store = Locked<[String: Double]>([:])
        server.setRoute("/progress") { request in
            struct Batch: Decodable {
                struct Entry: Decodable {
                    var itemID: String
                    var seconds: Double
                }
                var positions: [Entry]
            }
            guard let batch = try? JSONDecoder().decode(Batch.self, from: request.body) else { return .status(400) }
            store.withLock { stored in
                for entry in batch.positions { stored[entry.itemID] = entry.seconds }
            }
            return .status(204)
        }
        server.setRoute(prefix: "/progress/") { request in
            let encoded = String(request.path.dropFirst("/progress/".count))
            guard let id = encoded.removingPercentEncoding, let seconds = store.withLock({ $0[id] }) else {
                return .status(404)
            }
            let body = try? JSONEncoder().encode(["itemID": id])
            let idJSON = body.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return .json(idJSON.dropLast() + #","seconds":\#(seconds)}"#)
        }
        let api = HTTPProgressAPI(endpoint: server.url("/progress"))
        let ids: [ItemID] = ["ep1", "show/ep 2?", "épisode#3"]

        try await api.save([ids[0]: 12.5, ids[1]: 61, ids[2]: 0.25])

        #expect(try await api.position(for: ids[0]) == 12.5)
        #expect(try await api.position(for: ids[1]) == 61)
        #expect(try await api.position(for: ids[2]) == 0.25)
        #expect(try await api.position(for: "never-saved") == nil)
        let paths = server.log.requests.filter { $0.method == "GET" }.map(\.path)
        #expect(paths.contains("/progress/show%2Fep%202%3F"))
        #expect(paths.contains("/progress/%C3%A9pisode%233"))
    }

    @Test func missingPositionIsNil() async throws {
        let server = try LoopbackHTTPServer()
        let api = HTTPProgressAPI(endpoint: server.url("/progress/"))
        #expect(try await api.position(for: "ep1") == nil)
        #expect(server.log.requests.first?.path == "/progress/ep1")
    }

    @Test func unreachableServiceIsATransportError() async throws {
        let port = try LoopbackHTTPServer.refusedPort()
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/progress"))
        let api = HTTPProgressAPI(endpoint: endpoint)
        let error = await #expect(throws: HTTPProgressAPIError.self) { try await api.save(["ep1": 1]) }
        guard case .transport(let message, let url)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(url == endpoint)
        #expect(message.contains("refused"))
    }

    @Test func answerForAnotherItemIsRejected() async throws {
        let server = try LoopbackHTTPServer()
        server.setRoute("/progress/ep1", .json(#"{"itemID":"ep2","seconds":5}"#))
        let api = HTTPProgressAPI(endpoint: server.url("/progress"))
        let error = await #expect(throws: HTTPProgressAPIError.self) { try await api.position(for: "ep1") }
        guard case .invalidResponse? = error else {
            Issue.record("expected .invalidResponse, got \(String(describing: error))")
            return
        }
    }
}
