import Foundation
import SpoolCore

/// The JSON documents `HTTPProgressAPI` exchanges; see its doc comment for the format.
enum ProgressWireFormat {
    /// One item's position: `{"itemID":"ep1","seconds":12.5}`.
    struct Position: Codable, Equatable {
        var itemID: ItemID
        var seconds: Double
    }

    /// A saved batch: `{"positions":[…]}`.
    struct Batch: Codable, Equatable {
        var positions: [Position]
    }

    /// Keys in a fixed order, so the same batch is always the same bytes.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Characters left unescaped in an item ID path segment: RFC 3986's unreserved set.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `<endpoint>/<percent-encoded item ID>`, with exactly one "/" between them (any query
    /// on the endpoint is kept).
    static func positionURL(for itemID: ItemID, under endpoint: URL) -> URL {
        let segment = itemID.rawValue.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: true) else { return endpoint }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path + "/" + segment
        return components.url ?? endpoint
    }
}
