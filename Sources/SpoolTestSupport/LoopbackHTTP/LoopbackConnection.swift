import Foundation
import SpoolCore

/// Serves one accepted TCP connection on its own thread: reads requests one after another
/// (keep-alive), answers each from its route, and records what happened.
struct LoopbackConnection {
    let id: Int
    let fd: Int32
    let state: ConditionLock<ServerState>

    /// How sending a response ended.
    enum Delivery {
        case complete
        case peerClosed
        /// The response was scripted to stop mid-body: the server closes the connection.
        case hungUp
        /// The response was scripted to reset the connection: it is closed with an RST.
        case reset
    }

    /// Runs until the client closes, a request is malformed, or the server stops; then
    /// closes the socket (this thread owns it) and records when.
    func run() {
        var parser = HTTPRequestParser()
        var closedEarly = false
        serving: while let request = readRequest(with: &parser) {
            let (response, index) = respond(to: request)
            let sender = ResponseSender(connectionID: id, fd: fd, requestIndex: index, state: state)
            switch sender.send(ResponsePlan(response, for: request.head)) {
            case .peerClosed:
                closedEarly = true
                break serving
            case .hungUp:
                break serving
            case .reset:
                LoopbackSocket.setResetOnClose(fd)
                break serving
            case .complete where request.head.wantsClose:
                break serving
            case .complete:
                continue
            }
        }
        state.update { server in
            server.openSockets[id] = nil
            let early = closedEarly && !server.isStopping
            server.updateConnection(id) { record in
                record.closedAt = .now
                record.clientClosedEarly = record.clientClosedEarly || early
            }
        }
        LoopbackSocket.close(fd)
    }

    /// A complete request (head and body), or `nil` when the connection is over.
    private func readRequest(with parser: inout HTTPRequestParser) -> (head: HTTPRequestHead, body: Data)? {
        do {
            var head = try parser.nextHead()
            while head == nil {
                let data = LoopbackSocket.receive(from: fd)
                if data.isEmpty { return nil }
                parser.append(data)
                head = try parser.nextHead()
            }
            guard let head else { return nil }
            guard head.header("Transfer-Encoding") == nil, let length = head.contentLength else {
                _ = ResponseSender(connectionID: id, fd: fd, requestIndex: nil, state: state)
                    .send(ResponsePlan(.status(501), for: head))
                return nil
            }
            // curl asks before sending large bodies; without this answer it waits a second.
            if head.header("Expect")?.lowercased() == "100-continue" {
                guard LoopbackSocket.send(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: fd) else { return nil }
            }
            var body = parser.takeBody(count: length)
            while body == nil {
                let data = LoopbackSocket.receive(from: fd)
                if data.isEmpty { return nil }
                parser.append(data)
                body = parser.takeBody(count: length)
            }
            return body.map { (head, $0) }
        } catch {
            _ = LoopbackSocket.send(Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8), to: fd)
            return nil
        }
    }

    /// Records the request, then finds its answer (a handler runs outside the lock). Returns
    /// the request's index in the log too, for recording how it was answered.
    private func respond(to request: (head: HTTPRequestHead, body: Data)) -> (ScriptedResponse, Int) {
        let recorded = RecordedRequest(
            connectionID: id, method: request.head.method, path: request.head.path, query: request.head.query,
            headers: request.head.headers, body: request.body, receivedAt: .now)
        let (route, index) = state.update { server in
            server.log.requests.append(recorded)
            server.updateConnection(id) { $0.requestCount += 1 }
            return (server.route(for: recorded.path), server.log.requests.count - 1)
        }
        switch route {
        case .fixed(let response)?: return (response, index)
        case .handler(let handler)?: return (handler(recorded), index)
        case nil: return (.status(404), index)
        }
    }
}
