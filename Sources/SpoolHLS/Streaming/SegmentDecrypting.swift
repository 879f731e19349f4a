public import Foundation

/// Decrypts AES-128 (CBC, PKCS#7) segments: implemented where a cipher library is at hand
/// (SpoolMedia uses libavutil's AES), so SpoolHLS stays pure Swift.
public protocol SegmentDecrypting: Sendable {
    /// The plaintext of `data`, encrypted with `key` and `iv` (16 bytes each). Throws a
    /// message when the data is not a whole number of blocks or the padding is wrong (a
    /// wrong key, usually).
    func decryptAES128(_ data: Data, key: [UInt8], iv: [UInt8]) throws(SegmentDecryptionError) -> Data
}

/// Why a segment could not be decrypted.
public struct SegmentDecryptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
