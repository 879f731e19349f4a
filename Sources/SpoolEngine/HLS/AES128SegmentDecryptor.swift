import Foundation
import SpoolHLS
import SpoolMedia

/// Decrypts AES-128 HLS segments with libavutil's AES (through SpoolMedia).
struct AES128SegmentDecryptor: SegmentDecrypting {
    func decryptAES128(_ data: Data, key: [UInt8], iv: [UInt8]) throws(SegmentDecryptionError) -> Data {
        do {
            let decryptor = try AES128CBCDecryptor(key: key, iv: iv)
            var plain = decryptor.update(data)
            plain.append(try decryptor.finish())
            return plain
        } catch {
            throw SegmentDecryptionError("\(error)")
        }
    }
}
