public import Foundation

/// Reads a device description: the seam between discovery and HTTP, so unit tests hand
/// descriptions in without a server.
public protocol DescriptionFetching: Sendable {
    /// The body at `url`, at most `maxBytes` long; throws `.fetchFailed` (or `.tooLarge`) with
    /// the reason. Redirects are not followed: a description is read only from the host that
    /// announced it.
    func fetch(_ url: URL, maxBytes: Int) async throws(DeviceDescriptionError) -> Data
}
