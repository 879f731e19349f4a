/// Why discovery could not run at all (as opposed to one renderer being ignored, which is an
/// event).
public enum RendererDiscoveryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sockets could not be opened or no search could be sent: the reason in words.
    case network(String)

    /// One line for the user.
    public var description: String {
        switch self {
        case .network(let why): "renderer discovery: \(why)"
        }
    }
}
