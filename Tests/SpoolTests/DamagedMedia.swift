import Foundation
import SpoolTestSupport

/// Damaged copies of the generated fixtures, made at test time: bit errors written into the
/// packets by ffmpeg's `noise` bitstream filter (the container stays intact), or the file's
/// bytes cut, overwritten or interleaved with garbage (the container is damaged too).
///
/// Every kind of damage is deterministic — the `noise` filter's generator starts from the
/// same state on every run, and the byte edits use fixed offsets and seeds — so a test sees
/// the same damaged file each time.
enum DamagedMedia {
    /// Which packets are damaged by default (an expression of the packet's index `n` in its
    /// stream): the 11th to the 31st, in the middle of the 2-second fixtures. The last
    /// packets stay clean, so the end of the file is intact.
    static let middlePackets = "between(n\\,10\\,30)"

    /// `fixture` remuxed into `container` (`-c copy`), keeping only `streams` (`-map`), with
    /// about one byte in `period` changed in the `packets` of `streamType` ("v" or "a").
    /// A `period` of 50 breaks a few H.264 packets beyond concealment (the decoder rejects
    /// them) and leaves the rest concealable: both kinds of damage at once.
    static func noisy(
        _ fixture: TestMedia.Fixture, container: String, streams: [String] = ["0"], streamType: String,
        packets: String = middlePackets, period: Int = 50
    ) async throws -> URL {
        // Remuxed first, damaged second: the noise goes into the packets as the container
        // holds them (a transport stream's Annex B H.264), and no filter after it (the
        // muxer's own MP4-to-Annex B conversion) chokes on what it did.
        let clean = try DamagedMedia.file(
            "clean.\(container)", try await remuxed(fixture, container: container, streams: streams))
        let output = try PlayTool.scratchPath("noisy-\(streamType)\(period).\(container)")
        let filter = "noise=amount=if(\(packets)\\,\(period)\\,0)"
        _ = try await PlayTool.ffmpeg(
            ["-y", "-i", clean.path, "-map", "0", "-c", "copy", "-bsf:\(streamType)", filter, output])
        return URL(fileURLWithPath: output)
    }

    /// `fixture`'s `streams` (`-map`) remuxed into `container` (`-c copy`, then `options`), as bytes.
    static func remuxed(
        _ fixture: TestMedia.Fixture, container: String, streams: [String] = ["0"], options: [String] = []
    ) async throws -> Data {
        let source = try await TestMedia.url(for: fixture)
        let output = try PlayTool.scratchPath("remuxed.\(container)")
        _ = try await PlayTool.ffmpeg(
            ["-y", "-i", source.path] + streams.flatMap { ["-map", $0] } + ["-c", "copy"] + options + [output])
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// `bytes` with `count` bytes overwritten by zeros from `offset` on: a disk's bad sector.
    static func zeroing(_ bytes: Data, at offset: Int, count: Int) -> Data {
        var damaged = bytes
        damaged.replaceSubrange(offset..<(offset + count), with: Data(count: count))
        return damaged
    }

    /// `bytes` with `count` seeded pseudo-random bytes inserted at `offset`: a stream that
    /// picked up garbage, which the demuxer must resynchronise after.
    static func inserting(garbage count: Int, into bytes: Data, at offset: Int) -> Data {
        var damaged = bytes
        damaged.insert(contentsOf: TestMedia.pseudoRandomBytes(count: count, seed: 5), at: offset)
        return damaged
    }

    /// Writes `bytes` to a fresh scratch file named after `name`.
    static func file(_ name: String, _ bytes: Data) throws -> URL {
        let url = URL(fileURLWithPath: try PlayTool.scratchPath(name))
        try bytes.write(to: url)
        return url
    }
}
