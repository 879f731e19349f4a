import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// The probe must see each generated file exactly as `ffprobe` does.
@Suite("MediaProbe agrees with ffprobe", .timeLimit(.minutes(3)))
struct MediaProbeFFprobeTests {
    /// One video frame at the fixtures' 25 fps: the duration tolerance.
    static let oneFrame = 1.0 / 25.0

    @Test("duration, format, tracks and codec parameters match ffprobe", arguments: TestMedia.Fixture.allCases)
    func matchesFFprobe(_ fixture: TestMedia.Fixture) async throws {
        let url = try await TestMedia.url(for: fixture)
        let expected = try await FFprobeReport.load(url)
        let probed = try await probeFile(url)

        #expect(probed.formatName == expected.format.formatName)
        let expectedDuration = try #require(expected.format.duration.flatMap(Double.init))
        #expect(probed.duration.isNumeric)
        #expect(abs(probed.duration.seconds - expectedDuration) <= Self.oneFrame)
        #expect(probed.bitRate == expected.format.bitRate.flatMap(Int.init))
        #expect(probed.isSeekable)
        #expect(probed.isPlayable)

        // Cover pictures are streams to ffprobe but artwork, not tracks, to Spool.
        let streams = expected.streams.filter { !$0.isAttachedPicture }
        try #require(probed.tracks.count == streams.count)
        for (track, stream) in zip(probed.tracks, streams) {
            #expect(track.kind.rawValue == stream.codecType)
            #expect(track.codec == stream.codecName)
            // A data stream (an MP4's QuickTime chapter text track, `bin_data` to ffprobe
            // too) has no decoder; every audio, video and subtitle track does.
            #expect(track.isDecodable || track.kind == .data)
            // Containers without a stated stream bit rate (MPEG-TS) leave FFmpeg to estimate
            // it from the packets it happened to read, so only rough agreement is meaningful.
            let expectedBitRate = stream.bitRate.flatMap(Int.init)
            #expect((track.bitRate == nil) == (expectedBitRate == nil))
            if let bitRate = track.bitRate, let expectedBitRate {
                #expect(abs(Double(bitRate - expectedBitRate)) <= 0.05 * Double(expectedBitRate))
            }
            let language = stream.tags?["language"]
            #expect(track.language == (language == "und" ? nil : language))
            switch track.kind {
            case .video:
                #expect(track.width == stream.width)
                #expect(track.height == stream.height)
                let rate = try #require(track.frameRate)
                let expectedRate = try #require(stream.framesPerSecond)
                #expect(abs(rate - expectedRate) < 1e-9)
                #expect(track.channels == nil && track.sampleRate == nil)
            case .audio:
                #expect(track.channels == stream.channels)
                #expect(track.sampleRate == stream.sampleRate.flatMap(Int.init))
                #expect(track.width == nil && track.height == nil && track.frameRate == nil)
            case .subtitle, .data:
                break
            }
        }
    }

    @Test("the fixtures have the tracks they were generated with")
    func fixtureShapes() async throws {
        let mp4 = try await probeFile(TestMedia.url(for: .h264AACMP4))
        #expect(mp4.tracks.map(\.kind) == [.video, .audio])
        #expect(mp4.tracks.map(\.codec) == ["h264", "aac"])
        #expect(mp4.tracks[0].width == 320 && mp4.tracks[0].height == 240 && mp4.tracks[0].frameRate == 25)
        #expect(mp4.tracks[1].language == "eng")
        #expect(abs(mp4.duration.seconds - 2) <= Self.oneFrame)

        let webm = try await probeFile(TestMedia.url(for: .vp9OpusWebM))
        #expect(webm.tracks.map(\.codec) == ["vp9", "opus"])
        #expect(webm.metadata.title == TestMedia.webmTitle)

        let flac = try await probeFile(TestMedia.url(for: .flacStereo))
        #expect(flac.tracks.count == 1)
        #expect(flac.tracks[0].kind == .audio && flac.tracks[0].codec == "flac")
        #expect(flac.tracks[0].channels == 2 && flac.tracks[0].sampleRate == 48000)
        #expect(flac.metadata.artwork == nil)
    }
}
