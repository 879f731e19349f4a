/// The validators of one version of an HTTP resource (RFC 9110 §8.8): what tells a resumed
/// transfer whether the bytes it continues with belong to the file it started.
struct HTTPResourceValidator: Equatable, Sendable {
    var etag: String?
    var lastModified: String?

    init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Why `other` is not the same version, or `nil` when nothing says so: a validator
    /// missing on either side proves nothing.
    func mismatch(with other: HTTPResourceValidator) -> String? {
        if let etag, let newer = other.etag, etag != newer { return "its ETag changed from \(etag) to \(newer)" }
        if let lastModified, let newer = other.lastModified, lastModified != newer {
            return "its Last-Modified changed from \(lastModified) to \(newer)"
        }
        return nil
    }
}
