internal import CFFmpeg
public import Foundation

/// Decrypts HLS METHOD=AES-128 segments: AES-128 in CBC mode with PKCS#7 padding
/// (RFC 8216 section 4.3.2.4), streaming, with libavutil's AES.
///
/// Feed ciphertext in chunks of any size with `update(_:)`; it returns the plaintext of every
/// whole block it can release. The last whole block is always held back, because only at
/// the end is it known to be the padded final block; `finish()` decrypts it, checks and
/// strips the padding. So the concatenated outputs are exactly the plaintext, whatever the
/// chunking.
///
/// Pointer ownership: owns one `AVAES` context (`av_aes_alloc`), freed in `deinit`.
/// Thread confinement: not `Sendable`; one segment's decryption runs on one thread (the
/// download thread) from `init` to `finish`.
public final class AES128CBCDecryptor {
    /// AES's block size, and the key and IV length, in bytes.
    public static let blockSize = 16

    private let context: OpaquePointer
    /// The chaining value: the IV, then each previous ciphertext block (av_aes_crypt updates it).
    private var chain: [UInt8]
    /// Ciphertext not yet decrypted: a partial block, or the held-back last whole block.
    private var pending: [UInt8] = []
    private var isFinished = false

    /// A decryptor for one segment. Throws when `key` or `iv` is not exactly 16 bytes.
    public init(key: [UInt8], iv: [UInt8]) throws(AES128DecryptionError) {
        guard key.count == Self.blockSize else { throw .badKeyLength(key.count) }
        guard iv.count == Self.blockSize else { throw .badIVLength(iv.count) }
        guard let context = av_aes_alloc() else { throw .outOfMemory }
        let status = key.withUnsafeBufferPointer { av_aes_init(context, $0.baseAddress, 128, 1) }
        guard status == 0 else {
            av_free(UnsafeMutableRawPointer(context))
            throw .outOfMemory
        }
        self.context = context
        chain = iv
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    /// Takes the next ciphertext bytes and returns the plaintext now certain: all whole
    /// blocks except the last one seen. After `finish()` it ignores its input and returns
    /// no bytes.
    public func update(_ data: Data) -> Data {
        guard !isFinished else { return Data() }
        pending.append(contentsOf: data)
        let whole = pending.count / Self.blockSize * Self.blockSize
        // When the input so far ends on a block boundary, that last block may be the final one.
        let releasable = whole == pending.count ? max(whole - Self.blockSize, 0) : whole
        guard releasable > 0 else { return Data() }
        let plaintext = decrypt(pending[..<releasable])
        pending.removeFirst(releasable)
        return plaintext
    }

    /// Decrypts the held-back final block and returns its plaintext without the padding.
    /// Throws `.truncated` when the ciphertext was not a positive multiple of 16 bytes,
    /// `.badPadding` when the padding is not valid PKCS#7 (typically: the wrong key or IV),
    /// `.finished` when called twice.
    public func finish() throws(AES128DecryptionError) -> Data {
        guard !isFinished else { throw .finished }
        isFinished = true
        guard pending.count == Self.blockSize else { throw .truncated(remainder: pending.count) }
        var last = [UInt8](decrypt(pending[...]))
        pending = []
        let padding = Int(last[last.count - 1])
        guard (1...Self.blockSize).contains(padding), last.suffix(padding).allSatisfy({ Int($0) == padding }) else {
            throw .badPadding
        }
        last.removeLast(padding)
        return Data(last)
    }

    private func decrypt(_ ciphertext: ArraySlice<UInt8>) -> Data {
        var plaintext = Data(count: ciphertext.count)
        let blocks = Int32(ciphertext.count / Self.blockSize)
        plaintext.withUnsafeMutableBytes { output in
            ciphertext.withUnsafeBufferPointer { input in
                chain.withUnsafeMutableBufferPointer { iv in
                    av_aes_crypt(
                        context, output.baseAddress?.assumingMemoryBound(to: UInt8.self), input.baseAddress, blocks,
                        iv.baseAddress, 1)
                }
            }
        }
        return plaintext
    }
}

/// Why AES-128 decryption of a segment failed.
public enum AES128DecryptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key was not 16 bytes (the count it had).
    case badKeyLength(Int)
    /// The IV was not 16 bytes (the count it had).
    case badIVLength(Int)
    /// The ciphertext ended mid-block or was empty: `remainder` bytes were left over.
    case truncated(remainder: Int)
    /// The final block's PKCS#7 padding was invalid: usually the wrong key or IV.
    case badPadding
    /// `finish()` was called twice.
    case finished
    /// libavutil could not allocate its AES context.
    case outOfMemory

    /// A one-line message saying what was wrong.
    public var description: String {
        switch self {
        case .badKeyLength(let count): "AES-128 key must be 16 bytes, got \(count)"
        case .badIVLength(let count): "AES-128 IV must be 16 bytes, got \(count)"
        case .truncated(let remainder):
            "AES-128 ciphertext is not a positive multiple of 16 bytes (\(remainder) bytes left at the end)"
        case .badPadding: "AES-128 decryption produced invalid PKCS#7 padding (wrong key or IV?)"
        case .finished: "AES-128 decryptor already finished"
        case .outOfMemory: "out of memory allocating an AES context"
        }
    }
}
