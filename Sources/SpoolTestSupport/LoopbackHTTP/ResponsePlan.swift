import Foundation

/// The bytes one scripted response turns into for one request: status line and headers,
/// the body (or the requested slice of it), and how to pace it.
struct ResponsePlan {
    var status: Int
    var head: Data
    var body: Data
    var throttle: ScriptedResponse.Throttle?
    /// Body bytes to send before closing the connection mid-body; `nil` sends it all.
    var hangUpAfter: Int?
    var interruption: ScriptedResponse.Interruption?
    var latency: Duration?

    /// Resolves `scripted` against `request`: applies a byte range when the route honours
    /// ranges, drops the body for HEAD, and computes the framing headers.
    init(_ scripted: ScriptedResponse, for request: HTTPRequestHead) {
        var status = scripted.status
        var body = scripted.body
        var framing: [(name: String, value: String)] = []
        if scripted.ranges != .none && status == 200 {
            framing.append(("Accept-Ranges", "bytes"))
        }
        if scripted.ranges == .bytes, status == 200, let header = request.header("Range"),
            let range = ByteRangeRequest(header: header, bodyLength: scripted.body.count)
        {
            switch range {
            case .satisfiable(let bytes):
                status = 206
                framing.append(("Content-Range", "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(body.count)"))
                let base = scripted.body.startIndex
                body = scripted.body.subdata(in: (base + bytes.lowerBound)..<(base + bytes.upperBound + 1))
            case .unsatisfiable:
                status = 416
                framing.append(("Content-Range", "bytes */\(body.count)"))
                body = Data()
            }
        }
        let announced = max(0, body.count + scripted.contentLengthError)
        framing.append(("Content-Length", "\(announced)"))
        var text = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for (name, value) in framing + scripted.headers {
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n"
        head = Data(text.utf8)
        self.status = status
        self.body = request.method == "HEAD" ? Data() : body
        throttle = scripted.throttle
        hangUpAfter = scripted.hangUpAfterBodyBytes
        interruption = scripted.interruption
        latency = scripted.latency
        // A wrong length: send what is true (or what was announced, if less), then close,
        // as a server whose length was stale would.
        if announced != body.count, request.method != "HEAD" {
            hangUpAfter = min(hangUpAfter ?? Int.max, announced, body.count)
        }
    }

    private static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 206: "Partial Content"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 410: "Gone"
        case 416: "Range Not Satisfiable"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
