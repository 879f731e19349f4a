import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// The example playlists of RFC 8216 section 8, parsed as a client must read them.
@Suite struct RFCExampleTests {
    @Test func simpleMediaPlaylist() throws {
        let playlist = try parseMedia(
            """
            #EXTM3U
            #EXT-X-TARGETDURATION:10
            #EXT-X-VERSION:3
            #EXTINF:9.009,
            http://media.example.com/first.ts
            #EXTINF:9.009,
            http://media.example.com/second.ts
            #EXTINF:3.003,
            http://media.example.com/third.ts
            #EXT-X-ENDLIST
            """, from: "http://media.example.com/index.m3u8")
        #expect(playlist.version == 3)
        #expect(playlist.targetDuration == MediaTime(value: 10, timescale: 1))
        #expect(playlist.hasEndList && !playlist.isLive)
        #expect(
            playlist.segments.map(\.uri.absoluteString)
                == ["first", "second", "third"].map { "http://media.example.com/\($0).ts" })
        #expect(
            playlist.segments.map(\.duration)
                == [9.009, 9.009, 3.003].map { MediaTime(seconds: $0, preferredTimescale: 1000) })
        #expect(playlist.segments.map(\.mediaSequence) == [0, 1, 2])
        #expect(
            playlist.segments.map(\.startTime)
                == [0, 9.009, 18.018].map { MediaTime(seconds: $0, preferredTimescale: 1000) })
        #expect(playlist.duration == MediaTime(value: 21_021, timescale: 1000))
        #expect(playlist.segments.allSatisfy { $0.keys.isEmpty && $0.map == nil && $0.title == nil && !$0.isGap })
    }

    @Test func liveMediaPlaylistUsingHTTPS() throws {
        let playlist = try parseMedia(
            """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-TARGETDURATION:8
            #EXT-X-MEDIA-SEQUENCE:2680

            #EXTINF:7.975,
            https://priv.example.com/fileSequence2680.ts
            #EXTINF:7.941,
            https://priv.example.com/fileSequence2681.ts
            #EXTINF:7.975,
            https://priv.example.com/fileSequence2682.ts
            """)
        #expect(playlist.isLive)
        #expect(playlist.mediaSequence == 2680)
        #expect(playlist.segments.map(\.mediaSequence) == [2680, 2681, 2682])
        #expect(playlist.nextMediaSequence == 2683)
        #expect(playlist.segments[1].uri == url("https://priv.example.com/fileSequence2681.ts"))
    }

    @Test func playlistWithEncryptedMediaSegments() throws {
        let playlist = try parseMedia(
            """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-MEDIA-SEQUENCE:7794
            #EXT-X-TARGETDURATION:15

            #EXT-X-KEY:METHOD=AES-128,URI="https://priv.example.com/key.php?r=52"

            #EXTINF:2.833,
            http://media.example.com/fileSequence52-A.ts
            #EXTINF:15.0,
            http://media.example.com/fileSequence52-B.ts
            #EXTINF:13.333,
            http://media.example.com/fileSequence52-C.ts

            #EXT-X-KEY:METHOD=AES-128,URI="https://priv.example.com/key.php?r=53"

            #EXTINF:15.0,
            http://media.example.com/fileSequence53-A.ts
            """)
        let keys = playlist.segments.map(\.key?.uri.absoluteString)
        #expect(keys == ["52", "52", "52", "53"].map { "https://priv.example.com/key.php?r=\($0)" })
        let key = try #require(playlist.segments[0].key)
        #expect(key.method == .aes128 && key.iv == nil && key.keyFormat == "identity" && key.keyFormatVersions == [1])
        #expect(key.initializationVector(mediaSequence: 7794) == [UInt8](repeating: 0, count: 14) + [0x1E, 0x72])
    }

    @Test func multivariantPlaylist() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=1280000,AVERAGE-BANDWIDTH=1000000
            http://example.com/low.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=2560000,AVERAGE-BANDWIDTH=2000000
            http://example.com/mid.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=7680000,AVERAGE-BANDWIDTH=6000000
            http://example.com/hi.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=65000,CODECS="mp4a.40.5"
            http://example.com/audio-only.m3u8
            """, from: "http://example.com/master.m3u8")
        #expect(playlist.variants.map(\.bandwidth) == [1_280_000, 2_560_000, 7_680_000, 65000])
        #expect(playlist.variants.map(\.averageBandwidth) == [1_000_000, 2_000_000, 6_000_000, nil])
        #expect(
            playlist.variants.map(\.uri.lastPathComponent) == ["low.m3u8", "mid.m3u8", "hi.m3u8", "audio-only.m3u8"])
        #expect(playlist.variants[3].codecs == ["mp4a.40.5"])
        #expect(playlist.renditions.isEmpty && playlist.iFrameVariants.isEmpty)
    }

    @Test func multivariantPlaylistWithIFrames() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=1280000
            low/audio-video.m3u8
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=86000,URI="low/iframe.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=2560000
            mid/audio-video.m3u8
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=150000,URI="mid/iframe.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=7680000
            hi/audio-video.m3u8
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=550000,URI="hi/iframe.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=65000,CODECS="mp4a.40.5"
            audio-only.m3u8
            """, from: "http://example.com/movie/master.m3u8")
        #expect(playlist.variants.count == 4)
        #expect(playlist.variants[0].uri == url("http://example.com/movie/low/audio-video.m3u8"))
        #expect(playlist.iFrameVariants.map(\.bandwidth) == [86000, 150_000, 550_000])
        #expect(playlist.iFrameVariants[2].uri == url("http://example.com/movie/hi/iframe.m3u8"))
    }

    @Test func multivariantPlaylistWithAlternativeAudio() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,URI="main/english-audio.m3u8"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",LANGUAGE="de",NAME="Deutsch",DEFAULT=NO,AUTOSELECT=YES,URI="main/german-audio.m3u8"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",LANGUAGE="en",NAME="Commentary",DEFAULT=NO,AUTOSELECT=NO,URI="commentary/audio-only.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=1280000,CODECS="...",AUDIO="aac"
            low/video-only.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=2560000,CODECS="...",AUDIO="aac"
            mid/video-only.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=7680000,CODECS="...",AUDIO="aac"
            hi/video-only.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=65000,CODECS="mp4a.40.5",AUDIO="aac"
            main/english-audio.m3u8
            """, from: "http://example.com/master.m3u8")
        let audio = playlist.renditions(ofType: .audio, inGroup: "aac")
        #expect(audio.map(\.name) == ["English", "Deutsch", "Commentary"])
        #expect(audio.map(\.language) == ["en", "de", "en"])
        #expect(audio.map(\.isDefault) == [true, false, false])
        #expect(audio.map(\.isAutoselect) == [true, true, false])
        #expect(audio[1].uri == url("http://example.com/main/german-audio.m3u8"))
        #expect(playlist.variants.allSatisfy { $0.audioGroupID == "aac" })
    }

    @Test func multivariantPlaylistWithAlternativeVideo() throws {
        var lines = ["#EXTM3U"]
        for (group, bandwidth) in [("low", 1_280_000), ("mid", 2_560_000), ("hi", 7_680_000)] {
            for (name, isDefault) in [("Main", "YES"), ("Centerfield", "NO"), ("Dugout", "NO")] {
                let uri = "\(group)/\(name.lowercased())/audio-video.m3u8"
                lines.append(
                    #"#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="\#(group)",NAME="\#(name)",DEFAULT=\#(isDefault),URI="\#(uri)""#
                )
            }
            lines.append(#"#EXT-X-STREAM-INF:BANDWIDTH=\#(bandwidth),CODECS="...",VIDEO="\#(group)""#)
            lines.append("\(group)/main/audio-video.m3u8")
        }
        let playlist = try parseMultivariant(lines.joined(separator: "\n"), from: "http://example.com/master.m3u8")
        #expect(playlist.renditions.count == 9)
        #expect(playlist.variants.map(\.videoGroupID) == ["low", "mid", "hi"])
        let mid = playlist.renditions(ofType: .video, inGroup: "mid")
        #expect(mid.map(\.name) == ["Main", "Centerfield", "Dugout"])
        #expect(mid[1].uri == url("http://example.com/mid/centerfield/audio-video.m3u8"))
        #expect(playlist.renditions(ofType: .audio, inGroup: "mid").isEmpty)
    }

    @Test func sessionData() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-SESSION-DATA:DATA-ID="com.example.lyrics",URI="lyrics.json"
            #EXT-X-SESSION-DATA:DATA-ID="com.example.title",LANGUAGE="en",VALUE="This is an example"
            #EXT-X-SESSION-DATA:DATA-ID="com.example.title",LANGUAGE="es",VALUE="Este es un ejemplo",FORMAT=RAW
            #EXT-X-STREAM-INF:BANDWIDTH=1280000
            low.m3u8
            """)
        #expect(playlist.sessionData.map(\.id) == ["com.example.lyrics", "com.example.title", "com.example.title"])
        #expect(playlist.sessionData[0].uri == url("https://example.com/path/lyrics.json"))
        #expect(playlist.sessionData[0].value == nil && playlist.sessionData[0].format == .json)
        #expect(playlist.sessionData[2].value == "Este es un ejemplo" && playlist.sessionData[2].language == "es")
        #expect(playlist.sessionData[2].format == .raw)
    }

    @Test func dateRangeCarryingSCTE35() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-DATERANGE:ID="splice-6FFFFFF0",START-DATE="2014-03-05T11:15:00Z",PLANNED-DURATION=59.993,SCTE35-OUT=0xFC002F0000000000FF00
                #EXTINF:10,
                a.ts
                """))
        let range = try #require(playlist.dateRanges.first)
        #expect(range.id == "splice-6FFFFFF0")
        #expect(range.startDate == Date(timeIntervalSince1970: 1_394_018_100))
        #expect(range.plannedDuration == MediaTime(value: 59993, timescale: 1000))
        #expect(range.scte35Out == [0xFC, 0x00, 0x2F, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0x00])
        #expect(range.duration == nil && range.endDate == nil && range.resolvedEndDate == nil)
    }
}
