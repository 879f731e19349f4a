import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// Accurate seeking as the engine will do it: `Demuxer.seek(to:)` lands on the keyframe at
/// or before the target, the decoder is flushed, frames before the target are discarded.
/// The first kept frame must be the one `ffmpeg -ss T -i F` (accurate by default) outputs.
@Suite("Accurate seek", .timeLimit(.minutes(3)))
struct AccurateSeekTests {
    /// What one accurate seek found: the first decoded frame's time and whether it was a
    /// keyframe, and the framemd5 hashes of the frames kept from the target on.
    struct Landing: Sendable {
        var firstDecodedTime: Double
        var firstDecodedIsKeyframe: Bool
        var keptHashes: [String]
    }

    /// Seeks one demuxer to each target in turn (reusing demuxer and decoder, as a player
    /// does) and decodes from there to the end.
    static func seek(_ url: URL, to targets: [Double]) async throws -> [Landing] {
        try await runOnDedicatedThread { () throws -> [Landing] in
            let demuxer = try openDemuxer(url)
            guard let stream = demuxer.video else { throw ToolError(description: "no video in \(url.path)") }
            let decoder = try VideoDecoder(stream: stream, threadCount: 0)
            let origin = demuxer.startTime.isNumeric ? demuxer.startTime : .zero
            var landings: [Landing] = []
            for seconds in targets {
                let target = origin + MediaTime(seconds: seconds, preferredTimescale: 90000)
                try demuxer.seek(to: target)
                decoder.flush()
                let collector = TextCollector()
                let writer = try FrameMD5Writer(stream: stream, containerStartTime: origin, sink: collector.sink)
                var first: DecodedVideoFrame?
                try forEachVideoFrame(demuxer, decoder) { frame in
                    if first == nil { first = frame }
                    if frame.presentationTime >= target { try writer.present(frame) }
                    return true
                }
                writer.stop()
                guard let landed = first else { throw ToolError(description: "nothing decoded after a seek") }
                landings.append(
                    Landing(
                        firstDecodedTime: (landed.presentationTime - origin).seconds,
                        firstDecodedIsKeyframe: landed.isKeyframe, keptHashes: hashColumn(collector.text)))
            }
            return landings
        }
    }

    @Test("seeking to a time between keyframes keeps exactly ffmpeg's frames from that time on")
    func matchesFFmpegAccurateSeek() async throws {
        let url = try await TestMedia.url(for: .h264ShortGOPMP4)
        // 1.30 s lies between frames 32 and 33 and after the keyframe at frame 24 (0.96 s);
        // 0.50 s lies after the keyframe at frame 12 (0.48 s): a seek backwards.
        let targets = [1.3, 0.5]
        let landings = try await Self.seek(url, to: targets)
        let keyframeTimes = [0.96, 0.48]
        for (index, target) in targets.enumerated() {
            let landing = landings[index]
            #expect(landing.firstDecodedIsKeyframe)
            #expect(abs(landing.firstDecodedTime - keyframeTimes[index]) < 0.001)
            let expected = hashColumn(
                try await ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1", "-ss", "\(target)"]))
            #expect(landing.keptHashes.count == 50 - Int((target * 25).rounded(.up)))
            #expect(landing.keptHashes == expected)
            let firstOnly = hashColumn(
                try await ffmpegFrameMD5(
                    of: url, inputOptions: ["-ss", "\(target)"], outputOptions: ["-frames:v", "1"]))
            #expect(landing.keptHashes.first == firstOnly.first)
        }
    }

    @Test("a seek before the first timestamp lands on the first keyframe", arguments: [0.0, -5.0])
    func seekBeforeStart(_ seconds: Double) async throws {
        let url = try await TestMedia.url(for: .h264AACTransportStream)
        let (first, hashes) = try await runOnDedicatedThread { () throws -> (Double, [String]) in
            let demuxer = try openDemuxer(url)
            guard let stream = demuxer.video else { throw ToolError(description: "no video") }
            let decoder = try VideoDecoder(stream: stream, threadCount: 1)
            let collector = TextCollector()
            let writer = try FrameMD5Writer(stream: stream, containerStartTime: demuxer.startTime, sink: collector.sink)
            _ = try demuxer.readPacket()
            // Zero on a timeline that starts near 1.4 s: before every timestamp in the file.
            try demuxer.seek(to: MediaTime(seconds: seconds, preferredTimescale: 90000))
            var first = MediaTime.invalid
            try forEachVideoFrame(demuxer, decoder) { frame in
                if !first.isNumeric { first = frame.presentationTime - stream.startTime }
                try writer.present(frame)
                return true
            }
            writer.stop()
            return (first.seconds, hashColumn(collector.text))
        }
        #expect(first == 0)
        #expect(hashes == hashColumn(try await ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])))
    }

    @Test("a one-way source refuses to seek")
    func oneWaySourceCannotSeek() async throws {
        var script = FakeByteSource.Script(bytes: try Data(contentsOf: await TestMedia.url(for: .vp9OpusWebM)))
        script.isSeekable = false
        script.reportsLength = false
        let fake = FakeByteSource(script: script, url: URL(fileURLWithPath: "/fake/stream.webm"))
        let (isSeekable, seekError) = try await runOnDedicatedThread { () throws -> (Bool, FFmpegError?) in
            let demuxer = try Demuxer(source: fake)
            do throws(FFmpegError) {
                try demuxer.seek(to: .zero)
                return (demuxer.isSeekable, nil)
            } catch {
                return (demuxer.isSeekable, error)
            }
        }
        #expect(!isSeekable)
        #expect(seekError == .notSeekable)
        #expect(fake.seekCount == 0)
    }
}
