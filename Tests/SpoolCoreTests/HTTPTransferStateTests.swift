import Foundation
import Testing

@testable import SpoolCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTPTransferState: a body cut off in the same burst as its head")
struct HTTPTransferStateTests {
    private static let url = URL(string: "http://127.0.0.1:9/cut.ts")!

    private static func response(_ status: Int, _ headers: [String: String]) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    /// A task only as the transfer's identity; it is never resumed.
    private static func task() -> URLSessionDataTask {
        URLSession(configuration: .ephemeral).dataTask(with: url)
    }

    @Test("head, bytes and the hang-up all before the reader looks: the response counts, the bytes come first")
    func failureAfterResponse() throws {
        var state = HTTPTransferState(url: Self.url, bufferLimit: 1 << 20)
        let task = Self.task()
        state.begin(task, for: .open)
        #expect(try state.responseOutcome() == nil, "nothing arrived yet")
        #expect(
            state.receiveResponse(
                Self.response(200, ["Content-Length": "1000", "Accept-Ranges": "bytes"]), from: task) == nil)
        #expect(state.receiveData(Data(repeating: 7, count: 600), from: task) == nil)
        state.complete(task, error: URLError(.networkConnectionLost))

        #expect(try state.responseOutcome() == true, "opened (seekable) despite the failure that followed")
        #expect(try state.take(upTo: 1 << 20)?.count == 600)
        #expect(throws: ByteSourceError.self) { try state.take(upTo: 1 << 20) }
    }

    @Test("a failure before any response is the open's error")
    func failureBeforeResponse() {
        var state = HTTPTransferState(url: Self.url, bufferLimit: 1 << 20)
        let task = Self.task()
        state.begin(task, for: .open)
        state.complete(task, error: URLError(.cannotConnectToHost))
        #expect(throws: ByteSourceError.self) { try state.responseOutcome() }
    }

    @Test("a new request forgets the previous one's response")
    func newRequestForgetsResponse() throws {
        var state = HTTPTransferState(url: Self.url, bufferLimit: 1 << 20)
        let first = Self.task()
        state.begin(first, for: .open)
        _ = state.receiveResponse(
            Self.response(200, ["Content-Length": "1000", "Accept-Ranges": "bytes"]), from: first)
        let second = Self.task()
        state.begin(second, for: .seek(500))
        state.complete(second, error: URLError(.cannotConnectToHost))
        #expect(throws: ByteSourceError.self) { try state.responseOutcome() }
    }
}
