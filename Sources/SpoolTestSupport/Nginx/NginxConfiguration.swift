public import Foundation

/// What a test's `NginxServer` serves and how it misbehaves. Every option maps onto one
/// nginx directive, so what a test sees is what a production nginx would do.
public struct NginxConfiguration: Sendable {
    /// The directory served at `/` (files only; no directory listings).
    public var root: URL
    /// nginx's `limit_rate`: the most bytes per second each response is sent at; `nil`
    /// for no limit. nginx applies it per response, in bursts, and grants one second of
    /// credit up front (it allows rate × (elapsed seconds + 1) bytes), so N limited bytes take
    /// about N / rate − 1 seconds: tests should use several times the rate and wide bounds.
    public var limitRate: Int?
    /// nginx's `limit_rate_after`: bytes of each response sent at full speed before
    /// `limitRate` applies (ignored without `limitRate`).
    public var limitRateAfter: Int?
    /// Exact request paths (e.g. "/ts/v0/seg001.ts") answered with the given status and an
    /// empty body instead of the file: injected 404s, 503s.
    public var statusOverrides: [String: Int]
    /// The address nginx listens on: 127.0.0.1, or an address inside a network namespace a
    /// test made (`NetworkNamespacePair`), which nothing outside the namespaces can reach.
    public var listenAddress = "127.0.0.1"

    /// Serves `root` at full speed with no injected statuses.
    public init(root: URL, limitRate: Int? = nil, limitRateAfter: Int? = nil, statusOverrides: [String: Int] = [:]) {
        self.root = root
        self.limitRate = limitRate
        self.limitRateAfter = limitRateAfter
        self.statusOverrides = statusOverrides
    }

    /// The MIME types served, by file extension: HLS's registered types, and octet-stream
    /// for keys and anything else.
    public static let mimeTypes: [String: String] = [
        "m3u8": "application/vnd.apple.mpegurl",
        "ts": "video/mp2t",
        "m4s": "video/mp4",
        "mp4": "video/mp4",
        "vtt": "text/vtt",
        "key": "application/octet-stream",
    ]

    /// The nginx.conf text for a server on `listenAddress`:`port` whose pid file, logs and
    /// temporary directories all live in `prefix`.
    func render(port: UInt16, prefix: URL) -> String {
        let types = Self.mimeTypes.sorted { $0.key < $1.key }.map { "        \($0.value) \($0.key);" }
        var server: [String] = [
            "        listen \(listenAddress):\(port);",
            "        root \(quoted(root.path));",
            "        autoindex off;",
        ]
        if let limitRate {
            server.append("        limit_rate \(limitRate);")
            if let limitRateAfter { server.append("        limit_rate_after \(limitRateAfter);") }
        }
        for (path, status) in statusOverrides.sorted(by: { $0.key < $1.key }) {
            server.append("        location = \(quoted(path)) { return \(status); }")
        }
        let temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map {
            "    \($0)_temp_path \(quoted(prefix.appendingPathComponent("temp-\($0)").path));"
        }
        return """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(quoted(prefix.appendingPathComponent("nginx.pid").path));
            error_log \(quoted(prefix.appendingPathComponent("error.log").path)) info;
            events { worker_connections 256; }
            http {
                types {
            \(types.joined(separator: "\n"))
                }
                default_type application/octet-stream;
                log_format spool '$request_method "$request_uri" $status $bytes_sent $body_bytes_sent '
                                 '$request_time $msec "$http_range"';
                access_log \(quoted(prefix.appendingPathComponent("access.log").path)) spool;
                sendfile on;
                keepalive_timeout 30s;
            \(temp.joined(separator: "\n"))
                server {
            \(server.joined(separator: "\n"))
                }
            }

            """
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
