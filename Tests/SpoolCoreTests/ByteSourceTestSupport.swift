import Foundation
import SpoolCore
import SpoolNetwork
import SpoolTestSupport

/// The real byte sources the contract suite covers.
enum SourceKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case file
    /// HTTP over URLSession (SpoolCore's default transport).
    case http
    /// HTTP over libcurl (the product's).
    case httpCurl

    var description: String { rawValue }
}

/// The same random 1 MiB payload, as a temporary file and on a loopback HTTP server. Each
/// test makes its own fixture; deinit stops the server and deletes the file.
final class ByteSourceFixture: Sendable {
    /// One payload for the whole run, so both sources are checked against the same bytes.
    static let payload = RandomBytes.make(count: 1 << 20)
    static let servedPath = "/media/payload.bin"

    let server: LoopbackHTTPServer
    let directory: URL

    init() throws {
        server = try LoopbackHTTPServer()
        server.setRoute(Self.servedPath, .file(Self.payload))
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("spool-bytesource-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.payload.write(to: fileURL)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var fileURL: URL { directory.appendingPathComponent("payload.bin") }

    /// Where `kind` finds the payload.
    func url(_ kind: SourceKind) -> URL {
        switch kind {
        case .file: fileURL
        case .http, .httpCurl: server.url(Self.servedPath)
        }
    }

    /// A location of `kind` with nothing there.
    func missingURL(_ kind: SourceKind) -> URL {
        switch kind {
        case .file: directory.appendingPathComponent("missing.bin")
        case .http, .httpCurl: server.url("/media/missing.bin")
        }
    }

    /// A fresh, unopened source of `kind` for the payload, made by the factory.
    func source(_ kind: SourceKind) throws -> any ByteSource {
        try Self.source(kind, for: url(kind))
    }

    /// A fresh, unopened source of `kind` for `url`, made by the factory.
    static func source(_ kind: SourceKind, for url: URL) throws -> any ByteSource {
        switch kind {
        case .file, .http: try ByteSources.make(for: url)
        case .httpCurl: try ByteSources.make(for: url, httpOptions: .init(transport: CurlHTTPTransport()))
        }
    }
}

/// Runs blocking source calls on a thread of their own (never on the cooperative pool)
/// and hands back their outcome.
func onThread<Success: Sendable>(
    _ body: @escaping @Sendable () throws -> Success
) async -> Result<Success, any Error> {
    await runOnDedicatedThread { Result(catching: body) }
}

extension Result {
    /// The error as a `ByteSourceError`, or `nil` on success (or for any other error type,
    /// which no byte source throws).
    var failure: ByteSourceError? {
        if case .failure(let error) = self { error as? ByteSourceError } else { nil }
    }
}

extension ByteSourceError {
    /// Whether this is `.network` for `url`, whatever the message.
    func isNetwork(for url: URL) -> Bool {
        if case .network(_, let failing) = self { failing == url } else { false }
    }
}
