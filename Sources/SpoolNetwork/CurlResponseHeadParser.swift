import SpoolCore

/// Collects libcurl's header lines into the final response head: a status line starts a
/// new head (each redirect and interim answer has its own), the blank line ends it, and only
/// a head that is not interim (1xx) nor a redirect libcurl will follow is reported.
struct CurlResponseHeadParser: Sendable {
    /// Whether libcurl follows redirects, so a 3xx with a Location is not the final answer.
    var followsRedirects = true
    private var status: Int?
    private var fields: [String: String] = [:]

    /// Takes one header line (with its CRLF); returns the head when this line completed the
    /// final one.
    mutating func consume(_ line: String) -> HTTPTransferHead? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            let parts = trimmed.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) : nil
            fields = [:]
            return nil
        }
        guard !trimmed.isEmpty else { return endOfHead() }
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        fields[name] = value
        return nil
    }

    private mutating func endOfHead() -> HTTPTransferHead? {
        guard let status else { return nil }
        defer { self.status = nil }
        if status < 200 { return nil }
        let redirects: Set = [301, 302, 303, 307, 308]
        if followsRedirects, redirects.contains(status), fields["location"] != nil { return nil }
        return HTTPTransferHead(status: status, fields: fields)
    }
}
