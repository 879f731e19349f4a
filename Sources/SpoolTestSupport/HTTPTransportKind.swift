public import SpoolCore
import SpoolNetwork

/// The HTTP clients the player's HTTP paths run on; suites over real servers run against
/// each (as Swift Testing arguments).
public enum HTTPTransportKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case urlSession
    case curl

    /// The case's name, as the test report shows it.
    public var description: String { rawValue }

    /// A new transport of this kind.
    public var transport: any HTTPTransport {
        switch self {
        case .urlSession: URLSessionHTTPTransport()
        case .curl: CurlHTTPTransport()
        }
    }
}
