import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// Every multivariant playlist tag and attribute, with expected values.
@Suite struct MultivariantTagTests {
    @Test func streamInfCarriesEveryAttribute() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=5000000,AVERAGE-BANDWIDTH=4200000,CODECS="avc1.640028,mp4a.40.2",SUPPLEMENTAL-CODECS="dvh1.08.07/db4h",RESOLUTION=1920x1080,FRAME-RATE=29.970,HDCP-LEVEL=TYPE-1,VIDEO-RANGE=PQ,AUDIO="aac",VIDEO="cam",SUBTITLES="subs",CLOSED-CAPTIONS="cc",SCORE=2.5,PATHWAY-ID="CDN-B",STABLE-VARIANT-ID="1080p"
            1080p/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=800000,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=TYPE-9
            360p/index.m3u8
            """)
        let full = playlist.variants[0]
        #expect(full.uri == url("https://example.com/path/1080p/index.m3u8"))
        #expect(full.bandwidth == 5_000_000 && full.averageBandwidth == 4_200_000)
        #expect(full.codecs == ["avc1.640028", "mp4a.40.2"] && full.supplementalCodecs == ["dvh1.08.07/db4h"])
        #expect(full.resolution == Resolution(width: 1920, height: 1080))
        #expect(full.frameRate == 29.97)
        #expect(full.hdcpLevel == .type1 && full.videoRange == .pq)
        #expect(full.audioGroupID == "aac" && full.videoGroupID == "cam" && full.subtitlesGroupID == "subs")
        #expect(full.closedCaptions == .group("cc"))
        #expect(full.score == 2.5 && full.pathwayID == "CDN-B" && full.stableVariantID == "1080p")

        let plain = playlist.variants[1]
        #expect(plain.closedCaptions == Variant.ClosedCaptions.none)
        #expect(plain.hdcpLevel == Variant.HDCPLevel(rawValue: "TYPE-9"))
        #expect(plain.codecs.isEmpty && plain.resolution == nil && plain.frameRate == nil && plain.score == nil)
        #expect(plain.pathwayID == "." && plain.audioGroupID == nil && plain.videoRange == nil)
    }

    @Test func iFrameStreamInfTakesItsURIFromAnAttribute() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=86000,CODECS="avc1.4d001f",RESOLUTION=640x360,VIDEO="v",URI="iframes/low.m3u8"
            """)
        let variant = try #require(playlist.iFrameVariants.first)
        #expect(variant.uri == url("https://example.com/path/iframes/low.m3u8"))
        #expect(variant.bandwidth == 86000 && variant.resolution?.height == 360 && variant.videoGroupID == "v")
        #expect(playlist.variants.isEmpty)
        let error = parseError("#EXTM3U\n#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=86000\n")
        #expect(
            error
                == PlaylistParseError(
                    line: 2, problem: .missingAttribute(tag: "EXT-X-I-FRAME-STREAM-INF", attribute: "URI")))
    }

    @Test func mediaCarriesEveryAttribute() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="atmos",LANGUAGE="en",ASSOC-LANGUAGE="en-GB",NAME="English (Atmos)",STABLE-RENDITION-ID="en-atmos",DEFAULT=YES,AUTOSELECT=YES,CHARACTERISTICS="public.accessibility.describes-video,public.easy-to-read",CHANNELS="16/JOC",URI="audio/atmos.m3u8"
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="fr",NAME="Français (forcé)",FORCED=YES,AUTOSELECT=YES,URI="subs/fr-forced.m3u8"
            #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",LANGUAGE="en",NAME="English CC",INSTREAM-ID="CC1"
            #EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="cam",NAME="Main"
            #EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="atmos",SUBTITLES="subs",CLOSED-CAPTIONS="cc"
            v.m3u8
            """)
        let audio = playlist.renditions[0]
        #expect(audio.type == .audio && audio.groupID == "atmos" && audio.name == "English (Atmos)")
        #expect(audio.language == "en" && audio.associatedLanguage == "en-GB" && audio.stableRenditionID == "en-atmos")
        #expect(audio.isDefault && audio.isAutoselect && !audio.isForced)
        #expect(audio.characteristics == ["public.accessibility.describes-video", "public.easy-to-read"])
        #expect(audio.channels == "16/JOC" && audio.channelCount == 16)
        #expect(audio.uri == url("https://example.com/path/audio/atmos.m3u8"))

        let subtitles = playlist.renditions[1]
        #expect(subtitles.type == .subtitles && subtitles.isForced && !subtitles.isDefault)
        #expect(subtitles.name == "Français (forcé)")

        let captions = playlist.renditions[2]
        #expect(captions.type == .closedCaptions && captions.instreamID == "CC1" && captions.uri == nil)

        let video = playlist.renditions[3]
        #expect(video.type == .video && video.uri == nil && video.language == nil && video.characteristics.isEmpty)
        #expect(video.channelCount == nil)
    }

    @Test func closedCaptionRenditionsHaveAnInstreamIDAndNoURI() {
        let withURI = parseError(
            #"#EXTM3U\#n#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC",INSTREAM-ID="CC1",URI="cc.m3u8""#)
        #expect(
            withURI
                == PlaylistParseError(
                    line: 2,
                    problem: .conflictingAttributes(tag: "EXT-X-MEDIA", attributes: ["URI", "TYPE=CLOSED-CAPTIONS"])))
        let withoutID = parseError(#"#EXTM3U\#n#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC""#)
        #expect(
            withoutID
                == PlaylistParseError(line: 2, problem: .missingAttribute(tag: "EXT-X-MEDIA", attribute: "INSTREAM-ID"))
        )
        let withoutName = parseError(#"#EXTM3U\#n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a""#)
        #expect(
            withoutName
                == PlaylistParseError(line: 2, problem: .missingAttribute(tag: "EXT-X-MEDIA", attribute: "NAME")))
    }

    @Test func sessionDataNeedsExactlyOneOfValueAndURI() {
        for attributes in [#"DATA-ID="a""#, #"DATA-ID="a",VALUE="v",URI="u.json""#] {
            #expect(
                parseError("#EXTM3U\n#EXT-X-SESSION-DATA:" + attributes)
                    == PlaylistParseError(
                        line: 2,
                        problem: .conflictingAttributes(tag: "EXT-X-SESSION-DATA", attributes: ["VALUE", "URI"])))
        }
    }

    @Test func sessionKeysAreKeysWithoutNone() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://asset-42",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
            #EXT-X-SESSION-KEY:METHOD=AES-128,URI="keys/k1.bin",IV=0x000102030405060708090A0B0C0D0E0F
            """)
        #expect(playlist.sessionKeys.map(\.method) == [.sampleAES, .aes128])
        #expect(playlist.sessionKeys[0].uri == url("skd://asset-42") && !playlist.sessionKeys[0].isIdentityFormat)
        #expect(playlist.sessionKeys[1].uri == url("https://example.com/path/keys/k1.bin"))
        #expect(playlist.sessionKeys[1].iv == Array(0...15))
        let none = parseError("#EXTM3U\n#EXT-X-SESSION-KEY:METHOD=NONE")
        #expect(
            none
                == PlaylistParseError(
                    line: 2,
                    problem: .invalidAttributeValue(
                        tag: "EXT-X-SESSION-KEY", attribute: "METHOD",
                        expected: .enumeratedString(["AES-128", "SAMPLE-AES", "SAMPLE-AES-CTR"]), found: "NONE")))
    }

    @Test func independentSegmentsStartAndContentSteering() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-VERSION:12
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-START:TIME-OFFSET=-12.5,PRECISE=YES
            #EXT-X-CONTENT-STEERING:SERVER-URI="/steering?video=1",PATHWAY-ID="CDN-A"
            #EXT-X-STREAM-INF:BANDWIDTH=1,PATHWAY-ID="CDN-A"
            a/v.m3u8
            """)
        #expect(playlist.version == 12 && playlist.hasIndependentSegments)
        #expect(playlist.start == StartPoint(timeOffset: MediaTime(value: -25, timescale: 2), isPrecise: true))
        #expect(playlist.contentSteering?.serverURI == url("https://example.com/steering?video=1"))
        #expect(playlist.contentSteering?.pathwayID == "CDN-A")
        let imprecise = try parseMultivariant(
            "#EXTM3U\n#EXT-X-START:TIME-OFFSET=10\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8")
        #expect(imprecise.start == StartPoint(timeOffset: MediaTime(value: 10, timescale: 1), isPrecise: false))
    }

    @Test func variantURIsResolveAgainstTheMultivariantURL() throws {
        let playlist = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="../audio/en.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=1
            720p/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=2
            /abs/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=3
            ../other/index.m3u8?x=1
            #EXT-X-STREAM-INF:BANDWIDTH=4
            https://cdn2.example.com/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=5
            //cdn3.example.com/index.m3u8
            """, from: "https://example.com/movies/film/master.m3u8?token=abc")
        #expect(
            playlist.variants.map(\.uri.absoluteString) == [
                "https://example.com/movies/film/720p/index.m3u8", "https://example.com/abs/index.m3u8",
                "https://example.com/movies/other/index.m3u8?x=1", "https://cdn2.example.com/index.m3u8",
                "https://cdn3.example.com/index.m3u8",
            ])
        #expect(playlist.renditions[0].uri?.absoluteString == "https://example.com/movies/audio/en.m3u8")
    }

    @Test func definitionsAreExposedForImport() throws {
        let playlist = try parseMultivariant(
            #"#EXTM3U\#n#EXT-X-DEFINE:NAME="host",VALUE="cdn.example.com"\#n#EXT-X-STREAM-INF:BANDWIDTH=1\#nv.m3u8"#)
        #expect(playlist.definitions == ["host": "cdn.example.com"])
    }
}
