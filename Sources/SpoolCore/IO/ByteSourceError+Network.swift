package import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ByteSourceError {
    /// The error for an HTTP status that is not a success: 404 and 410 mean the resource
    /// does not exist; every other status is reported with its code.
    package static func forHTTPStatus(_ status: Int, url: URL) -> ByteSourceError {
        status == 404 || status == 410 ? .notFound(url) : .httpStatus(status, url)
    }

    /// A transport failure from URLSession as a `.network` error whose message says what
    /// happened in words a user can act on.
    package static func forTransportError(_ error: any Error, url: URL) -> ByteSourceError {
        guard let urlError = error as? URLError else { return .network(error.localizedDescription, url) }
        return .network(transportMessage(for: urlError), url)
    }

    /// What a URLSession failure means, in words a user can act on.
    static func transportMessage(for urlError: URLError) -> String {
        switch urlError.code {
        case .cannotConnectToHost: "connection refused (nothing is listening, or a firewall rejected it)"
        case .cannotFindHost, .dnsLookupFailed: "the host name could not be resolved (DNS)"
        case .timedOut: "the server did not respond in time"
        case .networkConnectionLost: "the connection was lost during the transfer"
        case .notConnectedToInternet: "no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "the secure (TLS) connection failed"
        case .badServerResponse: "the server's response was not valid HTTP"
        case .httpTooManyRedirects: "too many redirects"
        default: "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        }
    }
}
