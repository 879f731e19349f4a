import Foundation

/// Turns one variant of ffmpeg's AES-128 output (explicit IV) into the other form RFC 8216
/// allows: no IV attribute, each segment encrypted with its media sequence number as IV.
/// ffmpeg 5.1 cannot write it: without an IV in the key info file it still writes IV=0x0…0.
struct HLSSequenceIVRewriter {
    /// The variant's directory, holding index.m3u8 and its segments.
    let variantDirectory: URL

    func rewrite() async throws {
        let openssl = try ToolRunner.find("openssl")
        let playlist = variantDirectory.appendingPathComponent("index.m3u8")
        let text = try String(contentsOf: playlist, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let firstSequence =
            lines.first { $0.hasPrefix("#EXT-X-MEDIA-SEQUENCE:") }
            .flatMap { Int($0.dropFirst("#EXT-X-MEDIA-SEQUENCE:".count)) } ?? 0
        let key = HLSTestMedia.aes128Key.hexString
        let segments = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        for (offset, segment) in segments.enumerated() {
            let file = variantDirectory.appendingPathComponent(segment)
            let plain = file.appendingPathExtension("plain")
            try await run(
                openssl,
                [
                    "enc", "-d", "-aes-128-cbc", "-K", key, "-iv", HLSTestMedia.aes128IV.hexString, "-in", file.path,
                    "-out", plain.path,
                ])
            try await run(
                openssl,
                [
                    "enc", "-aes-128-cbc", "-K", key, "-iv", Self.sequenceIV(firstSequence + offset).hexString, "-in",
                    plain.path, "-out", file.path,
                ])
            try FileManager.default.removeItem(at: plain)
        }
        for index in lines.indices where lines[index].hasPrefix("#EXT-X-KEY:") {
            lines[index] = lines[index].replacingOccurrences(
                of: ",IV=0x[0-9a-fA-F]+", with: "", options: .regularExpression)
        }
        try lines.joined(separator: "\n").write(to: playlist, atomically: true, encoding: .utf8)
    }

    /// The media sequence number as a 16-byte big-endian integer (RFC 8216 section 5.2).
    static func sequenceIV(_ sequence: Int) -> [UInt8] {
        let value = UInt64(sequence)
        return [UInt8](repeating: 0, count: 8) + (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    private func run(_ openssl: URL, _ arguments: [String]) async throws {
        let result = try await ToolRunner.run(openssl, arguments, timeout: .seconds(30))
        guard result.status == 0 else {
            throw ToolError(description: "openssl \(arguments.joined(separator: " ")) failed: \(result.errorText)")
        }
    }
}
