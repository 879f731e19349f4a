import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

@Suite("MediaProbe metadata and artwork", .timeLimit(.minutes(3)))
struct MediaProbeMetadataTests {
    @Test("an MP3's cover picture is artwork, not a video track, and its tags are read")
    func mp3CoverArt() async throws {
        let url = try await TestMedia.url(for: .mp3WithCover)
        let probed = try await probeFile(url)

        #expect(probed.tracks.map(\.kind) == [.audio])
        #expect(probed.isPlayable)
        #expect(probed.metadata.title == TestMedia.mp3Tags.title)
        #expect(probed.metadata.artist == TestMedia.mp3Tags.artist)
        #expect(probed.metadata.album == TestMedia.mp3Tags.album)
        #expect(probed.metadata.artworkMIMEType == "image/jpeg")

        let expected = try await FFprobeReport.load(url)
        #expect(expected.streams.filter(\.isAttachedPicture).count == 1)
        #expect(probed.metadata.title == expected.formatTag("title"))
        #expect(probed.metadata.artist == expected.formatTag("artist"))
        #expect(probed.metadata.album == expected.formatTag("album"))

        // ffmpeg copying the picture stream out yields the exact bytes stored in the file.
        let extracted = try TestMedia.directory().appendingPathComponent("extracted-cover-\(UUID().uuidString).jpg")
        let ffmpeg = try ToolRunner.find("ffmpeg")
        let copy = try await ToolRunner.run(
            ffmpeg,
            [
                "-nostdin", "-loglevel", "error", "-y", "-i", url.path, "-map", "0:v", "-c", "copy", "-f", "mjpeg",
                extracted.path,
            ])
        try #require(copy.status == 0, "\(copy.errorText)")
        let artwork = try #require(probed.metadata.artwork)
        #expect(artwork == (try Data(contentsOf: extracted)))
        #expect(artwork.starts(with: [0xFF, 0xD8]))
    }

    @Test("a file without tags has empty metadata")
    func noTags() async throws {
        let probed = try await probeFile(TestMedia.url(for: .flacStereo))
        #expect(probed.metadata == AssetMetadata.empty)
    }
}
