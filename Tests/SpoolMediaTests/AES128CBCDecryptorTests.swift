import Foundation
import SpoolMedia
import SpoolTestSupport
import Testing

/// AES128CBCDecryptor against the `openssl enc` CLI as the reference, and against the
/// encrypted HLS ladder.
@Suite struct AES128CBCDecryptorTests {
    private let key = [UInt8](TestMedia.pseudoRandomBytes(count: 16, seed: 11))
    private let iv = [UInt8](TestMedia.pseudoRandomBytes(count: 16, seed: 12))

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// `plaintext` encrypted by `openssl enc -aes-128-cbc` (PKCS#7 padding).
    private func opensslEncrypt(_ plaintext: Data, key: [UInt8], iv: [UInt8]) async throws -> Data {
        let input = try TestMedia.file(named: "aes-plain-\(UUID().uuidString)", contents: plaintext)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try await ToolRunner.run(
            try ToolRunner.find("openssl"),
            ["enc", "-aes-128-cbc", "-K", hex(key), "-iv", hex(iv), "-in", input.path], timeout: .seconds(30))
        #expect(result.status == 0, "\(result.errorText)")
        return result.standardOutput
    }

    /// Decrypts `ciphertext` fed in chunks cycling through `chunkSizes`.
    private func decrypt(_ ciphertext: Data, key: [UInt8], iv: [UInt8], chunkSizes: [Int]) throws -> Data {
        let decryptor = try AES128CBCDecryptor(key: key, iv: iv)
        var output = Data()
        var offset = ciphertext.startIndex
        var turn = 0
        while offset < ciphertext.endIndex {
            let end = min(offset + chunkSizes[turn % chunkSizes.count], ciphertext.endIndex)
            output.append(decryptor.update(ciphertext[offset..<end]))
            offset = end
            turn += 1
        }
        output.append(try decryptor.finish())
        return output
    }

    @Test(arguments: [0, 1, 15, 16, 17, 1 << 20])
    func matchesOpenSSLWhateverTheChunking(size: Int) async throws {
        let plaintext = TestMedia.pseudoRandomBytes(count: size, seed: UInt64(size) + 1)
        let ciphertext = try await opensslEncrypt(plaintext, key: key, iv: iv)
        #expect(ciphertext.count == (size / 16 + 1) * 16)
        for chunking in [[ciphertext.count], [1], [7, 9, 16], [15, 17, 33], [4099, 1, 65_536]] {
            #expect(try decrypt(ciphertext, key: key, iv: iv, chunkSizes: chunking) == plaintext, "\(chunking)")
        }
    }

    @Test func holdsBackTheLastBlockUntilFinish() async throws {
        let plaintext = TestMedia.pseudoRandomBytes(count: 48, seed: 3)
        let ciphertext = try await opensslEncrypt(plaintext, key: key, iv: iv)  // 64 bytes
        let decryptor = try AES128CBCDecryptor(key: key, iv: iv)
        #expect(decryptor.update(ciphertext.prefix(16)).isEmpty)
        // A partial block after them proves the first two blocks are not the last.
        #expect(decryptor.update(ciphertext[16..<40]) == plaintext.prefix(32))
        // Ending on a block boundary: the last block (all padding here) waits for finish().
        #expect(decryptor.update(ciphertext[40...]) == plaintext[32..<48])
        #expect(try decryptor.finish().isEmpty)
        #expect(throws: AES128DecryptionError.finished) { try decryptor.finish() }
        #expect(decryptor.update(ciphertext).isEmpty)
    }

    @Test func wrongKeyIsAPaddingError() async throws {
        let plaintext = TestMedia.pseudoRandomBytes(count: 1000, seed: 5)
        let ciphertext = try await opensslEncrypt(plaintext, key: key, iv: iv)
        var wrongKey = key
        wrongKey[0] ^= 0x80
        #expect(throws: AES128DecryptionError.badPadding) {
            try decrypt(ciphertext, key: wrongKey, iv: iv, chunkSizes: [100])
        }
    }

    @Test func rejectsBadLengthsAndTruncatedInput() throws {
        #expect(throws: AES128DecryptionError.badKeyLength(15)) {
            try AES128CBCDecryptor(key: Array(key.prefix(15)), iv: iv)
        }
        #expect(throws: AES128DecryptionError.badIVLength(17)) { try AES128CBCDecryptor(key: key, iv: iv + [0]) }
        let empty = try AES128CBCDecryptor(key: key, iv: iv)
        #expect(throws: AES128DecryptionError.truncated(remainder: 0)) { try empty.finish() }
        let partial = try AES128CBCDecryptor(key: key, iv: iv)
        _ = partial.update(Data(count: 40))
        #expect(throws: AES128DecryptionError.truncated(remainder: 8)) { try partial.finish() }
        #expect(AES128DecryptionError.badPadding.description.contains("wrong key"))
    }

    @Test func decryptsTheEncryptedLadderToTheClearOne() async throws {
        let encrypted = try await HLSTestMedia.ladder(.aes128)
        let clear = try await HLSTestMedia.ladder(.ts)
        // Variant 0 has an explicit IV; variant 1 uses the media sequence number (segment 2 → IV 2).
        let sequenceIV = [UInt8](repeating: 0, count: 15) + [2]
        for (variant, segment, segmentIV) in [(0, "seg001.ts", HLSTestMedia.aes128IV), (1, "seg002.ts", sequenceIV)] {
            let ciphertext = try Data(contentsOf: encrypted.fileURL("/aes128/v\(variant)/\(segment)"))
            let plaintext = try decrypt(
                ciphertext, key: HLSTestMedia.aes128Key, iv: segmentIV, chunkSizes: [1316, 7, 65_536])
            #expect(plaintext == (try Data(contentsOf: clear.fileURL("/ts/v\(variant)/\(segment)"))))
            #expect(plaintext.first == 0x47)  // an MPEG-TS sync byte
        }
    }
}
