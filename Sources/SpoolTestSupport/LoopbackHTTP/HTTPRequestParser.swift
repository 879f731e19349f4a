import Foundation

/// The request line and header fields of one HTTP/1.1 request.
struct HTTPRequestHead {
    var method: String
    /// The request target, e.g. "/media/a.bin?x=1".
    var target: String
    var headers: [(name: String, value: String)]

    /// The target up to "?".
    var path: String { String(target.prefix { $0 != "?" }) }

    /// The target after "?", if any.
    var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The declared body length; 0 without Content-Length; `nil` when it is not a number.
    var contentLength: Int? {
        guard let value = header("Content-Length") else { return 0 }
        return Int(value.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Whether the client asked to close the connection after this exchange.
    var wantsClose: Bool {
        header("Connection")?.lowercased().contains("close") == true
    }
}

/// Why a request could not be parsed; the connection answers 400 and closes.
struct HTTPRequestParseError: Error {
    var reason: String
}

/// Incremental HTTP/1.1 request parser: bytes are appended as they arrive and complete
/// heads and bodies are taken out, so keep-alive connections can carry many requests.
struct HTTPRequestParser {
    /// Heads larger than this are refused: a test server has no use for them.
    static let maximumHeadSize = 64 << 10

    private var buffer = Data()

    /// Adds bytes received from the socket.
    mutating func append(_ data: Data) {
        buffer.append(data)
    }

    /// Removes and returns the next request head once it is complete, `nil` until then.
    mutating func nextHead() throws(HTTPRequestParseError) -> HTTPRequestHead? {
        guard let end = buffer.firstRange(of: Data("\r\n\r\n".utf8)) else {
            if buffer.count > Self.maximumHeadSize { throw HTTPRequestParseError(reason: "head too large") }
            return nil
        }
        let text = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        buffer = Data(buffer[end.upperBound...])
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            throw HTTPRequestParseError(reason: "bad request line")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else {
                throw HTTPRequestParseError(reason: "bad header line")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append((name, value))
        }
        return HTTPRequestHead(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
    }

    /// Removes and returns the next `count` body bytes once they have all arrived.
    mutating func takeBody(count: Int) -> Data? {
        guard buffer.count >= count else { return nil }
        let body = Data(buffer.prefix(count))
        buffer = Data(buffer.dropFirst(count))
        return body
    }
}
