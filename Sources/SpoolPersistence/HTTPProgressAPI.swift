public import Foundation
public import SpoolCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `ProgressAPI` that keeps resume positions on a remote HTTP service.
///
/// Wire format (all bodies UTF-8 JSON, positions in seconds as JSON numbers):
///
/// - `save` sends one request per batch:
///   `POST <endpoint>` with `Content-Type: application/json` and the body
///   `{"positions":[{"itemID":"ep1","seconds":12.5},{"itemID":"ep2","seconds":0}]}`,
///   entries sorted by item ID. Any 2xx answer means the whole batch is stored.
/// - `position(for:)` sends `GET <endpoint>/<item ID>`, the ID percent-encoded as a single
///   path segment (everything but `A–Z a–z 0–9 - . _ ~` is escaped, "/" included). A 200
///   answer carries `{"itemID":"ep1","seconds":12.5}`; 404 means no position is stored.
///
/// Guarantees: a non-2xx answer throws `.httpStatus` naming the status and URL; a failed
/// transfer throws `.transport` with the reason; a 200 whose body is not the documented
/// JSON (or names another item) throws `.invalidResponse`. Task cancellation cancels the
/// request and throws `.cancelled`.
public final class HTTPProgressAPI: ProgressAPI {
    /// The collection URL positions are POSTed to; single positions live below it.
    public let endpoint: URL
    private let session: URLSession
    private let headers: [String: String]

    /// A client for the service at `endpoint`.
    ///
    /// - Parameters:
    ///   - timeout: how long a request may go without progress before it fails
    ///     (swift-corelibs-foundation counts whole seconds; at least 1 s).
    ///   - headers: extra request headers, e.g. `Authorization`.
    public init(endpoint: URL, timeout: Duration = .seconds(15), headers: [String: String] = [:]) {
        self.endpoint = endpoint
        self.headers = headers
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = max(1, timeout.timeInterval)
        session = URLSession(configuration: configuration)
    }

    deinit {
        // Without a delegate the session retains nothing of ours, but it keeps its
        // connections and threads until invalidated.
        session.finishTasksAndInvalidate()
    }

    /// POSTs the whole batch as one JSON document (see the type's wire format). An empty
    /// batch sends nothing.
    public func save(_ batch: [ItemID: Double]) async throws(HTTPProgressAPIError) {
        guard !batch.isEmpty else { return }
        let entries = batch.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { ProgressWireFormat.Position(itemID: $0.key, seconds: $0.value) }
        let body: Data
        do {
            body = try ProgressWireFormat.encoder.encode(ProgressWireFormat.Batch(positions: entries))
        } catch {
            throw .invalidRequest("the batch cannot be encoded as JSON (\(error))", endpoint)
        }
        var request = makeRequest(url: endpoint, method: "POST")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, status) = try await send(request, body: body)
        guard (200..<300).contains(status) else { throw .httpStatus(status, endpoint) }
    }

    /// GETs the position of `itemID`; `nil` when the service answers 404.
    public func position(for itemID: ItemID) async throws(HTTPProgressAPIError) -> Double? {
        let url = ProgressWireFormat.positionURL(for: itemID, under: endpoint)
        let (data, status) = try await send(makeRequest(url: url, method: "GET"), body: nil)
        if status == 404 { return nil }
        guard status == 200 else { throw .httpStatus(status, url) }
        let position: ProgressWireFormat.Position
        do {
            position = try JSONDecoder().decode(ProgressWireFormat.Position.self, from: data)
        } catch {
            throw .invalidResponse("the body is not {\"itemID\":…,\"seconds\":…} JSON", url)
        }
        guard position.itemID == itemID else {
            throw .invalidResponse("the answer is for item \(position.itemID), not \(itemID)", url)
        }
        guard position.seconds.isFinite else { throw .invalidResponse("seconds is not a finite number", url) }
        return position.seconds
    }

    private func makeRequest(url: URL, method: String) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// Performs `request`; transport failures become `.transport` (or `.cancelled`).
    private func send(_ request: URLRequest, body: Data?) async throws(HTTPProgressAPIError) -> (Data, Int) {
        let url = request.url ?? endpoint
        let data: Data
        let response: URLResponse
        do {
            if let body {
                (data, response) = try await session.upload(for: request, from: body)
            } else {
                (data, response) = try await session.data(for: request)
            }
        } catch let error as URLError where error.code == .cancelled {
            throw .cancelled(url)
        } catch {
            throw .transport((error as? URLError).map(Self.describe) ?? "\(error)", url)
        }
        guard let http = response as? HTTPURLResponse else { throw .invalidResponse("not an HTTP response", url) }
        return (data, http.statusCode)
    }

    private static func describe(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "the host name could not be resolved"
        case .timedOut: "the service did not respond in time"
        case .networkConnectionLost: "the connection was lost"
        default: "\(error.localizedDescription) (URLError \(error.code.rawValue))"
        }
    }
}

/// Why an `HTTPProgressAPI` call failed. Every case names the URL involved.
public enum HTTPProgressAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The service answered with a status other than the expected ones.
    case httpStatus(Int, URL)
    /// The request did not complete: refused, reset, timed out, DNS.
    case transport(String, URL)
    /// The service's answer was not the documented JSON.
    case invalidResponse(String, URL)
    /// The batch could not be sent as JSON (e.g. a position that is not a finite number).
    case invalidRequest(String, URL)
    /// The calling task was cancelled.
    case cancelled(URL)

    /// One line naming the cause and the URL, e.g. "progress service answered HTTP 500 for …".
    public var description: String {
        switch self {
        case .httpStatus(let status, let url): "progress service answered HTTP \(status) for \(url.redactedForDisplay)"
        case .transport(let message, let url): "progress service unreachable at \(url.redactedForDisplay): \(message)"
        case .invalidResponse(let message, let url): "invalid answer from \(url.redactedForDisplay): \(message)"
        case .invalidRequest(let message, let url): "cannot send to \(url.redactedForDisplay): \(message)"
        case .cancelled(let url): "request to \(url.redactedForDisplay) cancelled"
        }
    }
}
