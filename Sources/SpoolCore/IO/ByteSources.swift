public import Foundation

/// Makes the right `ByteSource` for a location: the one place that maps URL schemes to
/// source types.
public enum ByteSources {
    /// The location `-` (standard input) stands for: `file:///dev/stdin`. Sources made for it
    /// share the one standard input (`StandardInputByteSource`).
    public static let standardInputURL = URL(fileURLWithPath: "/dev/stdin")

    /// A source for `url`: `FileByteSource` for `file:` URLs and URLs without a scheme
    /// (plain paths), `StandardInputByteSource` for `standardInputURL` unless standard input
    /// is a regular file (then it is reopened as one), `HTTPByteSource` for http and https. Nothing is opened yet.
    /// Throws `.unsupportedScheme` for any other scheme.
    public static func make(
        for url: URL, httpOptions: HTTPByteSource.Options = HTTPByteSource.Options()
    ) throws(ByteSourceError) -> any ByteSource {
        switch url.scheme?.lowercased() {
        case nil, "file":
            if url.isFileURL, url.path == standardInputURL.path, StandardInput.shared.kind != .regularFile {
                return StandardInputByteSource(url: url, input: StandardInput.shared)
            }
            return FileByteSource(url: url)
        case "http", "https":
            return HTTPByteSource(url: url, options: httpOptions)
        default:
            throw .unsupportedScheme(url)
        }
    }

    /// A source for `location` as typed by a user: a path ("/media/a.mkv", "a.mkv",
    /// relative to the current directory), `-` for standard input, or a URL with a scheme
    /// ("https://…").
    public static func make(
        for location: String, httpOptions: HTTPByteSource.Options = HTTPByteSource.Options()
    ) throws(ByteSourceError) -> any ByteSource {
        let url =
            if location == "-" {
                standardInputURL
            } else if location.contains("://"), let url = URL(string: location) { url } else {
                URL(fileURLWithPath: location)
            }
        return try make(for: url, httpOptions: httpOptions)
    }
}
