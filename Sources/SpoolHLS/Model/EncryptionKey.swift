public import Foundation

/// How segments are encrypted (EXT-X-KEY, EXT-X-SESSION-KEY). METHOD=NONE is no key at all:
/// it ends the keys in force, so it never appears as a value.
public struct EncryptionKey: Sendable, Equatable {
    /// METHOD: the encryption scheme.
    public enum Method: String, Sendable, CaseIterable {
        /// Whole segments encrypted with AES-128 CBC and PKCS7 padding.
        case aes128 = "AES-128"
        /// Samples encrypted inside the segment (Apple's SAMPLE-AES).
        case sampleAES = "SAMPLE-AES"
        /// Samples encrypted with AES-CTR (common encryption 'cenc').
        case sampleAESCTR = "SAMPLE-AES-CTR"
    }

    /// KEYFORMAT's default: a key file holding the 16 raw key bytes.
    public static let identityFormat = "identity"

    /// METHOD.
    public let method: Method
    /// URI: where the key is obtained, resolved against the playlist URL. For the identity
    /// format it passed the URI policy; other formats (`skd:`, `data:` PSSH boxes) are opaque
    /// to the parser and meant for a content key provider.
    public let uri: URL
    /// IV: exactly 16 bytes when present. When absent, AES-128 uses the segment's media
    /// sequence number (`initializationVector(mediaSequence:)`).
    public let iv: [UInt8]?
    /// KEYFORMAT, `"identity"` when absent.
    public let keyFormat: String
    /// KEYFORMATVERSIONS (slash-separated), `[1]` when absent.
    public let keyFormatVersions: [Int]

    /// Whether this key is in the identity format: the only format the client fetches itself.
    public var isIdentityFormat: Bool { keyFormat == Self.identityFormat }

    /// The IV for a segment: `iv` when the tag gave one, otherwise the media sequence number as
    /// a 16-byte big-endian integer (RFC 8216 section 5.2).
    public func initializationVector(mediaSequence: Int) -> [UInt8] {
        if let iv { return iv }
        let value = UInt64(truncatingIfNeeded: mediaSequence)
        return [UInt8](repeating: 0, count: 8) + (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}
