public import Foundation
public import SpoolCore
import SpoolNetwork

extension ByteSources {
    /// The product's source for `url`: `make(for:httpOptions:)` with http(s) carried by
    /// libcurl (`CurlHTTPTransport`), so back-pressure pauses in place and cancelling cannot
    /// race a completion. Every source the player opens (assets, the pipeline, thumbnails)
    /// comes from here.
    public static func makeForPlayback(for url: URL) throws(ByteSourceError) -> any ByteSource {
        try make(for: url, httpOptions: HTTPByteSource.Options(transport: CurlHTTPTransport()))
    }
}
