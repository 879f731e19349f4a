import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolMedia

/// What the demuxer selects and reads, against ffprobe's view of the same files.
@Suite("Demuxer", .timeLimit(.minutes(3)))
struct DemuxerTests {
    /// Packets read per stream index, and the first packet of each stream.
    struct Reading: Sendable {
        var video: MediaStreamInfo?
        var audio: MediaStreamInfo?
        var duration: MediaTime
        var counts: [Int: Int] = [:]
        var firstVideoPacketIsKeyframe = false
        var kindsMatchStreams = true
        var everyPacketTimed = true
    }

    static func readAll(_ url: URL) async throws -> Reading {
        try await runOnDedicatedThread { () throws -> Reading in
            let demuxer = try openDemuxer(url)
            var reading = Reading(video: demuxer.video, audio: demuxer.audio, duration: demuxer.duration)
            while let packet = try demuxer.readPacket() {
                if packet.kind == .video, reading.counts[packet.streamIndex] == nil {
                    reading.firstVideoPacketIsKeyframe = packet.isKeyframe
                }
                reading.counts[packet.streamIndex, default: 0] += 1
                let stream = packet.kind == .video ? demuxer.video : demuxer.audio
                reading.kindsMatchStreams = reading.kindsMatchStreams && stream?.index == packet.streamIndex
                // Matroska leaves decode times of reordered video unset; a presentation time is there.
                let timed = packet.decodeTime.isNumeric || packet.presentationTime.isNumeric
                reading.everyPacketTimed = reading.everyPacketTimed && timed && packet.byteCount > 0
            }
            return reading
        }
    }

    /// `ffprobe -count_packets`: packets per stream index.
    static func ffprobePacketCounts(_ url: URL) async throws -> [Int: Int] {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            [
                "-v", "error", "-count_packets", "-show_entries", "stream=index,nb_read_packets", "-of", "csv=p=0",
                url.path,
            ])
        // MPEG-TS lists each stream twice (under its program too); the counts agree.
        var counts: [Int: Int] = [:]
        for line in output.outputText.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ",").compactMap { Int($0) }
            if fields.count == 2 { counts[fields[0]] = fields[1] }
        }
        return counts
    }

    @Test("the MP4's streams are described as ffprobe describes them")
    func describesStreams() async throws {
        let reading = try await Self.readAll(TestMedia.url(for: .h264AACMP4))
        let video = try #require(reading.video)
        #expect(video.kind == .video && video.codecName == "h264" && video.index == 0)
        #expect(video.width == 320 && video.height == 240)
        #expect(video.guessedFrameRate == Rational(numerator: 25, denominator: 1))
        #expect(video.sampleAspectRatio == Rational(numerator: 1, denominator: 1))
        #expect(video.timeBase == Rational(numerator: 1, denominator: 12800))
        #expect(video.codecParameters.hasDecoder)
        let audio = try #require(reading.audio)
        #expect(audio.kind == .audio && audio.codecName == "aac" && audio.index == 1)
        #expect(audio.sampleRate == 48000 && audio.channelCount == 1)
        #expect(abs(reading.duration.seconds - 2) < 0.05)
    }

    @Test(
        "every packet of the selected streams is read once, keyframe first",
        arguments: [TestMedia.Fixture.h264AACMP4, .vp9OpusWebM, .h264AACTransportStream, .hevcMKV])
    func readsEveryPacket(_ fixture: TestMedia.Fixture) async throws {
        let url = try await TestMedia.url(for: fixture)
        let reading = try await Self.readAll(url)
        let expected = try await Self.ffprobePacketCounts(url)
        #expect(reading.counts == expected)
        #expect(reading.firstVideoPacketIsKeyframe)
        #expect(reading.kindsMatchStreams)
        #expect(reading.everyPacketTimed)
    }

    @Test("a cover picture is not a video stream")
    func coverIsNotVideo() async throws {
        let reading = try await Self.readAll(TestMedia.url(for: .mp3WithCover))
        #expect(reading.video == nil)
        #expect(reading.audio?.codecName == "mp3")
        #expect(reading.counts.count == 1)
    }

    @Test("decoders refuse streams of the other kind and packets of other streams")
    func decodersCheckTheirStream() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let errors = try await runOnDedicatedThread { () throws -> [FFmpegError?] in
            let demuxer = try openDemuxer(url)
            guard let video = demuxer.video, let audio = demuxer.audio else { throw ToolError(description: "streams") }
            func failure(_ body: () throws(FFmpegError) -> Void) -> FFmpegError? {
                do throws(FFmpegError) { try body() } catch { return error }
                return nil
            }
            let videoDecoder = try VideoDecoder(stream: video, threadCount: 1)
            var audioPacket: DemuxedPacket?
            while audioPacket == nil, let packet = try demuxer.readPacket() {
                if packet.kind == .audio { audioPacket = packet }
            }
            guard let audioPacket else { throw ToolError(description: "no audio packet") }
            let wrongKind = failure { () throws(FFmpegError) in _ = try VideoDecoder(stream: audio) }
            let wrongKindAudio = failure { () throws(FFmpegError) in _ = try AudioDecoder(stream: video) }
            let wrongStream = failure { () throws(FFmpegError) in _ = try videoDecoder.send(audioPacket) }
            return [wrongKind, wrongKindAudio, wrongStream]
        }
        #expect(errors == [FFmpegError.invalidArgument, .invalidArgument, .invalidArgument])
    }

    @Test("FrameMD5Timing drops frames without a timestamp and jumps over gaps")
    func timingEdges() async throws {
        let reading = try await Self.readAll(TestMedia.url(for: .h264AACMP4))
        let video = try #require(reading.video)
        var timing = FrameMD5Timing(stream: video, containerStartTime: .zero)
        let frame = MediaTime(value: 1, timescale: 25)
        #expect(timing.outputTimeBase == Rational(numerator: 1, denominator: 25))
        #expect(timing.tick(presentationTime: .zero, packetDuration: frame) == 0)
        #expect(timing.tick(presentationTime: .invalid, packetDuration: frame) == nil)
        #expect(timing.tick(presentationTime: frame, packetDuration: frame) == 1)
        #expect(timing.tick(presentationTime: frame * 5, packetDuration: frame) == 5)
        // A frame far behind the output would end before its slot: ffmpeg drops it.
        #expect(timing.tick(presentationTime: frame * 2, packetDuration: frame) == nil)
        #expect(timing.tick(presentationTime: frame * 6, packetDuration: frame) == 6)
    }
}
