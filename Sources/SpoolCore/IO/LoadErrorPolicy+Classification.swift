extension LoadErrorPolicy.Failure {
    /// The kind of a transport failure. `midBody`: the body was under way, so an error the
    /// transport reports without a specific reason (a short body, a receive error) is a lost
    /// connection too.
    init(_ error: HTTPTransportError, midBody: Bool) {
        switch error.kind {
        case .timedOut: self = .timedOut
        case .connectionLost: self = .connectionLost
        case .connectionRefused: self = .connectionRefused
        case .permanent, .cancelled: self = .other
        case .unspecified: self = midBody ? .connectionLost : .other
        }
    }
}
