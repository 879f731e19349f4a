import Foundation
import SpoolCore
import SpoolHLS
import Testing

/// The I-frame playlists thumbnails read: RFC 8216 §4.3.3.6 (EXT-X-I-FRAMES-ONLY, each segment one
/// I-frame given by EXT-X-BYTERANGE, the PAT/PMT as EXT-X-MAP) and §4.3.4.3
/// (EXT-X-I-FRAME-STREAM-INF in the multivariant playlist).
@Suite("HLS I-frame playlists")
struct IFramePlaylistTests {
    @Test("an I-frame playlist: byte ranges in one file, the map on every I-frame, exact start times")
    func iFrameMediaPlaylist() throws {
        let playlist = try parseMedia(
            """
            #EXTM3U
            #EXT-X-VERSION:4
            #EXT-X-TARGETDURATION:1
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-I-FRAMES-ONLY
            #EXT-X-MAP:URI="main.ts",BYTERANGE="564@0"
            #EXTINF:1.0,
            #EXT-X-BYTERANGE:9400@564
            main.ts
            #EXTINF:0.96,
            #EXT-X-BYTERANGE:9212@41172
            main.ts
            #EXTINF:1.04,
            #EXT-X-BYTERANGE:8836
            main.ts
            #EXT-X-ENDLIST
            """)
        #expect(playlist.isIFramesOnly && playlist.segments.count == 3)
        #expect(
            playlist.segments.map(\.byteRange) == [
                ByteRange(offset: 564, length: 9400), ByteRange(offset: 41172, length: 9212),
                // No offset: the sub-range continues the previous one of the same file.
                ByteRange(offset: 50384, length: 8836),
            ])
        #expect(playlist.segments.allSatisfy { $0.map?.byteRange == ByteRange(offset: 0, length: 564) })
        #expect(
            playlist.segments.map(\.startTime) == [
                .zero, MediaTime(value: 1, timescale: 1), MediaTime(value: 196, timescale: 100),
            ])
        #expect(playlist.segment(containing: MediaTime(value: 15, timescale: 10))?.byteRange?.offset == 41172)
    }

    @Test("EXT-X-I-FRAME-STREAM-INF is an I-frame stream, not a variant to play")
    func iFrameStreamInMultivariant() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240
            main.m3u8
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=100000,RESOLUTION=320x240,URI="iframes.m3u8"
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=50000,RESOLUTION=160x120,URI="small/iframes.m3u8"
            """)
        #expect(playlist.variants.count == 1)
        #expect(playlist.iFrameVariants.map(\.bandwidth) == [100_000, 50_000])
        #expect(playlist.iFrameVariants.map(\.uri.lastPathComponent) == ["iframes.m3u8", "iframes.m3u8"])
        #expect(playlist.iFrameVariants[1].uri.absoluteString.hasSuffix("small/iframes.m3u8"))
        #expect(playlist.iFrameVariants[1].resolution == PixelSize(width: 160, height: 120))
    }
}
