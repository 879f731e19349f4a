import SpoolCore

/// Why a device description was rejected or could not be read; `description` is one line a
/// user can act on.
public enum DeviceDescriptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Larger than `DeviceDescriptionLimits.maxBytes`.
    case tooLarge(limit: Int)
    /// Not UTF-8.
    case notUTF8
    /// Not well formed XML, at a byte offset.
    case xmlSyntax(offset: Int, String)
    /// A DOCTYPE or ENTITY declaration: never accepted, so nothing external is read and no
    /// entity expands.
    case documentTypeDeclaration
    /// An entity other than XML's five and character references.
    case undefinedEntity(String)
    /// A nesting, count or length limit was exceeded.
    case limitExceeded(String)
    /// The root element is not UPnP's `root`.
    case notDeviceDescription(String)
    /// No device in it has the UDN that was announced (or it is not a MediaRenderer).
    case noSuchRenderer(udn: String)
    /// A required element is absent or empty.
    case missing(String)
    /// A required service is absent.
    case missingService(String)
    /// A URL that cannot be resolved, or is not `http` on the device's own host.
    case urlOutsideDevice(field: String, value: String)
    /// The HTTP fetch failed: status, transport error, redirect or time-out, in words.
    case fetchFailed(String)

    /// One line describing the problem.
    public var description: String {
        let excerpt = SSDPParseError.excerpt
        return switch self {
        case .tooLarge(let limit): "device description larger than \(limit) bytes"
        case .notUTF8: "device description is not UTF-8"
        case .xmlSyntax(let offset, let what): "device description: XML syntax error at byte \(offset): \(what)"
        case .documentTypeDeclaration:
            "device description has a DOCTYPE or ENTITY declaration, which is never accepted"
        case .undefinedEntity(let name): "device description uses the undefined entity &\(excerpt(name));"
        case .limitExceeded(let what): "device description exceeds a limit: \(what)"
        case .notDeviceDescription(let root): "not a UPnP device description (root element \(excerpt(root)))"
        case .noSuchRenderer(let udn): "the description has no MediaRenderer device \(excerpt(udn))"
        case .missing(let element): "device description lacks \(element)"
        case .missingService(let type): "the renderer has no \(type) service"
        case .urlOutsideDevice(let field, let value):
            "\(field) \(excerpt(value)) is not an http URL on the device's own host"
        case .fetchFailed(let why): "device description could not be read: \(why)"
        }
    }

    /// The description error a tokenizer error is.
    init(_ error: XMLParseError) {
        switch error {
        case .syntax(let offset, let what): self = .xmlSyntax(offset: offset, what)
        case .documentTypeDeclaration: self = .documentTypeDeclaration
        case .undefinedEntity(let name): self = .undefinedEntity(name)
        case .limitExceeded(.depth(let limit)): self = .limitExceeded("elements nested deeper than \(limit)")
        case .limitExceeded(.elements(let limit)): self = .limitExceeded("more than \(limit) elements")
        case .limitExceeded(.valueLength(let limit)): self = .limitExceeded("a value longer than \(limit) bytes")
        case .limitExceeded(.attributes(let limit)): self = .limitExceeded("more than \(limit) attributes")
        }
    }
}
