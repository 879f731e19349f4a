import Foundation

/// One completed request, as nginx wrote it to the access log.
///
/// nginx writes the line when the response has been sent (or the client went away), so a
/// request still in flight does not appear yet.
public struct NginxRequest: Sendable, Equatable {
    /// "GET", "HEAD"…
    public var method: String
    /// The request target as sent, with its query: "/ts/v0/seg001.ts?x=1".
    public var uri: String
    /// The status nginx answered with (499: the client closed the connection first).
    public var status: Int
    /// Bytes written to the client: headers and body.
    public var bytesSent: Int
    /// Body bytes written to the client.
    public var bodyBytesSent: Int
    /// Time from the first byte read from the client to the log write, millisecond precision.
    public var requestTime: Duration
    /// When nginx wrote the entry, in seconds since 1970 (millisecond precision).
    public var loggedAt: Double
    /// The Range header the client sent, if any.
    public var range: String?

    /// `uri` without its query.
    public var path: String { uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri }
}

/// Parses the access log written with `NginxConfiguration`'s `spool` log_format:
/// `GET "/a.ts" 200 1234 1000 0.004 1712345678.123 "bytes=0-99"`.
enum NginxAccessLog {
    /// Every well-formed line of `text`, in order; malformed lines (none are expected) are
    /// skipped rather than failing the whole log.
    static func parse(_ text: String) -> [NginxRequest] {
        text.split(separator: "\n").compactMap { parseLine(Substring($0)) }
    }

    static func parseLine(_ line: Substring) -> NginxRequest? {
        var fields: [String] = []
        var rest = line[...]
        while let first = rest.first {
            if first == " " {
                rest = rest.dropFirst()
            } else if first == "\"" {
                // nginx escapes `"` and `\` inside variables as \xHH, so the next quote ends the field.
                let body = rest.dropFirst()
                guard let end = body.firstIndex(of: "\"") else { return nil }
                fields.append(String(body[..<end]))
                rest = body[body.index(after: end)...]
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                fields.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        guard fields.count == 8, let status = Int(fields[2]), let bytesSent = Int(fields[3]),
            let bodyBytesSent = Int(fields[4]), let seconds = Double(fields[5]), let loggedAt = Double(fields[6])
        else { return nil }
        return NginxRequest(
            method: fields[0], uri: fields[1], status: status, bytesSent: bytesSent, bodyBytesSent: bodyBytesSent,
            requestTime: .milliseconds(Int64((seconds * 1000).rounded())), loggedAt: loggedAt,
            range: fields[7] == "-" ? nil : fields[7])
    }
}
