import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// Damaged input and cancellation: the demuxer decodes what there is and ends cleanly.
@Suite("Demuxer on truncated input", .timeLimit(.minutes(3)))
struct DemuxerTruncationTests {
    /// How decoding a damaged file ended.
    struct Outcome: Sendable {
        var hashes: [String]
        /// `nil` when `readPacket()` reported the end of the stream, else its error.
        var error: FFmpegError?
    }

    /// Decodes every video frame of `url` it can, hashing them, until the end or an error.
    static func decodeWhatThereIs(_ url: URL) async throws -> Outcome {
        try await runOnDedicatedThread { () throws -> Outcome in
            let demuxer = try openDemuxer(url)
            guard let stream = demuxer.video else { throw ToolError(description: "no video in \(url.path)") }
            let decoder = try VideoDecoder(stream: stream, threadCount: 1)
            let collector = TextCollector()
            let writer = try FrameMD5Writer(stream: stream, containerStartTime: demuxer.startTime, sink: collector.sink)
            var failure: FFmpegError?
            do {
                try forEachVideoFrame(demuxer, decoder) { frame in
                    try writer.present(frame)
                    return true
                }
            } catch let error as FFmpegError {
                failure = error
            }
            writer.stop()
            return Outcome(hashes: hashColumn(collector.text), error: failure)
        }
    }

    /// The first half of `fixture` (remuxed with `remuxOptions` first, if any), as a file.
    static func firstHalf(of fixture: TestMedia.Fixture, remuxOptions: [String] = [], named name: String) async throws
        -> URL
    {
        var source = try await TestMedia.url(for: fixture)
        if !remuxOptions.isEmpty {
            let remuxed = try TestMedia.directory().appendingPathComponent("full-\(name)")
            let result = try await ToolRunner.run(
                try ToolRunner.find("ffmpeg"),
                ["-nostdin", "-loglevel", "error", "-y", "-i", source.path, "-c", "copy"] + remuxOptions + [
                    remuxed.path
                ])
            guard result.status == 0 else { throw ToolError(description: "remux failed: \(result.errorText)") }
            source = remuxed
        }
        let bytes = try Data(contentsOf: source)
        return try TestMedia.file(named: name, contents: bytes.prefix(bytes.count / 2))
    }

    @Test(
        "a file cut in half decodes its first frames exactly, then ends cleanly",
        arguments: [
            (TestMedia.Fixture.h264AACTransportStream, [String](), "half.ts"),
            (.h264ShortGOPMP4, ["-movflags", "frag_keyframe+empty_moov"], "half-fragmented.mp4"),
        ])
    func truncatedFile(_ fixture: TestMedia.Fixture, remuxOptions: [String], name: String) async throws {
        let half = try await Self.firstHalf(of: fixture, remuxOptions: remuxOptions, named: name)
        let full = hashColumn(
            try await ffmpegFrameMD5(of: TestMedia.url(for: fixture), inputOptions: ["-threads", "1"]))
        let outcome = try await Self.decodeWhatThereIs(half)
        #expect(outcome.hashes.count >= 10)
        #expect(outcome.hashes.count < full.count)
        // The last frame may be built from a cut packet; every one before it is intact.
        #expect(Array(outcome.hashes.dropLast()) == Array(full.prefix(outcome.hashes.count - 1)))
        // And ffmpeg makes exactly the same of the cut file.
        #expect(outcome.hashes == hashColumn(try await ffmpegFrameMD5(of: half, inputOptions: ["-threads", "1"])))
        if let error = outcome.error { #expect(error != FFmpegError.exit) }
    }

    @Test("an MP4 cut before its index cannot be opened, and says so")
    func truncatedIndex() async throws {
        let url = try await Self.firstHalf(of: .h264AACMP4, named: "half.mp4")
        let failure = await runOnDedicatedThread { () -> FFmpegError? in
            do throws(FFmpegError) {
                _ = try Demuxer(source: FileByteSource(url: url))
                return nil
            } catch {
                return error
            }
        }
        #expect(failure != nil)
    }
}
