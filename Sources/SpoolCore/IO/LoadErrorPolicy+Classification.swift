import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension LoadErrorPolicy.Failure {
    /// The kind of a URLSession transport failure. `midBody`: the body was under way, so an
    /// error libcurl reports without a specific code (a short body, a receive error) is a
    /// lost connection too.
    init(transportError error: any Error, midBody: Bool) {
        let code = (error as? URLError)?.code
        switch code {
        case .timedOut?: self = .timedOut
        case .networkConnectionLost?: self = .connectionLost
        case .cannotConnectToHost?: self = .connectionRefused
        case .cannotFindHost?, .dnsLookupFailed?, .secureConnectionFailed?, .serverCertificateUntrusted?,
            .serverCertificateHasBadDate?, .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?,
            .httpTooManyRedirects?, .cancelled?, .unsupportedURL?, .badURL?:
            self = .other
        default: self = midBody ? .connectionLost : .other
        }
    }
}
