import Foundation
import SpoolCore
import SpoolHLS
import Testing

@testable import SpoolEngine

/// Where closed captions sit among a file's and an HLS presentation's legible options, and
/// when they are chosen: never automatically, by hand, or by naming their channel.
@Suite("Closed-caption options and their selection")
struct ClosedCaptionSelectionTests {
    /// A file: H.264 video 0 with captions, English audio 1, a default English SubRip track 2.
    static func fileTracks(captions: Bool = true) -> [AssetTrack] {
        var video = AssetTrack(kind: .video, codec: "h264", language: "eng", width: 320, height: 240)
        video.streamIndex = 0
        video.hasClosedCaptions = captions
        var audio = AssetTrack(kind: .audio, codec: "aac", language: "eng", channels: 2, sampleRate: 48_000)
        audio.streamIndex = 1
        var subtitle = AssetTrack(kind: .subtitle, codec: "subrip", language: "eng")
        subtitle.streamIndex = 2
        return [video, audio, subtitle]
    }

    @Test("a file: CC1 follows the subtitle tracks, names the video's stream and language; without captions, absent")
    func fileGroup() throws {
        let legible = try #require(
            MediaSelectionGroup.groups(ofTracks: Self.fileTracks()).first { $0.mediaCharacteristic == .legible })
        #expect(legible.options.map(\.displayName) == ["eng (track 2)", "CC1"])
        let captions = try #require(legible.options.last)
        #expect(captions.isClosedCaptions && captions.trackID == 0 && captions.extendedLanguageTag == "en")
        #expect(captions.codecName == "eia_608" && !captions.isDefault)
        #expect(legible.options.first?.isClosedCaptions == false)
        let plain = MediaSelectionGroup.groups(ofTracks: Self.fileTracks(captions: false))
        #expect(plain.first { $0.mediaCharacteristic == .legible }?.options.count == 1)
    }

    @Test("a file: criteria 'cc1' (any case) choose CC1, a language chooses the subtitle track first, none: off")
    func fileChoice() throws {
        let legible = try #require(
            MediaSelectionGroup.groups(ofTracks: Self.fileTracks()).first { $0.mediaCharacteristic == .legible })
        func choice(_ languages: [String]?) -> String? {
            FileTrackSelector.legible(from: legible.options, criteria: languages, environmentLanguages: ["en"])?
                .displayName
        }
        #expect(choice(["cc1"]) == "CC1")
        #expect(choice(["CC1", "eng"]) == "CC1")
        #expect(choice(["eng"]) == "eng (track 2)")
        #expect(choice(["fra"]) == nil)
        // Without criteria: nothing is flagged default, so off (captions are never automatic).
        #expect(choice(nil) == nil)
    }

    static let master = """
        #EXTM3U
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Español",LANGUAGE="es",AUTOSELECT=YES,URI="s-es.m3u8"
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,\
        INSTREAM-ID="CC1"
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="Spanish 708",LANGUAGE="es",INSTREAM-ID="SERVICE1"
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="other",NAME="Other CC",LANGUAGE="en",INSTREAM-ID="CC1"
        #EXT-X-STREAM-INF:BANDWIDTH=1000000,SUBTITLES="subs",CLOSED-CAPTIONS="cc"
        v.m3u8

        """

    static func presentation() throws -> HLSPresentation {
        let url = URL(string: "https://example.com/master.m3u8")!
        let multivariant = try #require(Playlist.parse(master, url: url).multivariantPlaylist)
        let media = try #require(
            Playlist.parse(
                "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\ns.ts\n#EXT-X-ENDLIST\n",
                url: URL(string: "https://example.com/v.m3u8")!
            ).mediaPlaylist)
        return HLSPresentation(url: url, multivariant: multivariant, initialVariantIndex: 0, initialPlaylist: media)
    }

    @Test("HLS: the variant's CC1 rendition follows its subtitles; 708 services and other groups are left out")
    func hlsGroup() throws {
        let groups = MediaSelectionGroup.groups(of: try Self.presentation())
        let legible = try #require(groups.first { $0.mediaCharacteristic == .legible })
        #expect(legible.options.map(\.displayName) == ["Español", "English CC"])
        #expect(legible.options.map(\.closedCaptionChannel) == [nil, "CC1"])
        #expect(legible.options.last?.playlistURL == nil)
    }

    @Test("HLS: a DEFAULT=YES AUTOSELECT CC rendition is not chosen automatically; by hand or 'cc1' it is")
    func hlsChoice() throws {
        let presentation = try Self.presentation()
        let legible = try #require(MediaSelectionGroup.groups(of: presentation).last)
        let captions = try #require(legible.options.last)
        func choice(_ request: MediaSelectionRequest) -> String? {
            request.rendition(for: .legible, in: presentation)?.name
        }
        #expect(choice(MediaSelectionRequest(explicit: [:], criteria: [:], environmentLanguages: ["en"])) == nil)
        let byName = MediaSelectionRequest(
            explicit: [:], criteria: [.legible: .init(preferredLanguages: ["cc1"])], environmentLanguages: [])
        #expect(choice(byName) == "English CC")
        let byLanguage = MediaSelectionRequest(
            explicit: [:], criteria: [.legible: .init(preferredLanguages: ["es"])], environmentLanguages: [])
        #expect(choice(byLanguage) == "Español")
        let byHand = MediaSelectionRequest(
            explicit: [.legible: .some(captions)], criteria: [:], environmentLanguages: [])
        #expect(choice(byHand) == "English CC")
    }
}

/// The HLS caption feed's handling of what the demux thread queued: generations and the end.
@Suite("The closed-caption tap feed")
struct ClosedCaptionTapFeedTests {
    /// CEA-608 commands and text as (pair, frame) with odd parity: a pop-on caption "HI" shown
    /// at frame `show` and erased at frame `erase` (25 fps).
    static func caption(show: Int, erase: Int) -> [(bytes: [UInt8], frame: Int)] {
        func odd(_ byte: UInt8) -> UInt8 { byte.nonzeroBitCount % 2 == 1 ? byte : byte | 0x80 }
        let pairs: [(UInt8, UInt8)] = [(0x14, 0x20), (0x14, 0x2E), (0x14, 0x70), (0x48, 0x49)]
        var items = pairs.enumerated().map { ([0xFC, odd($0.element.0), odd($0.element.1)], show - 4 + $0.offset) }
        items.append(([0xFC, odd(0x14), odd(0x2F)], show))
        items.append(([0xFC, odd(0x14), odd(0x2C)], erase))
        return items.map { (bytes: $0.0, frame: $0.1) }
    }

    static func push(_ tap: CaptionTap, _ items: [(bytes: [UInt8], frame: Int)], generation: Int) {
        for item in items {
            let time = MediaTime(value: Int64(item.frame) * 40, timescale: 1000)
            tap.items.push(
                .init(item: .data(time: time, decodeTime: time, bytes: item.bytes), generation: generation), cost: 1,
                overCapacity: true)
        }
    }

    static func drain(_ feed: ClosedCaptionTapFeed) -> (cues: [LegibleCue], ended: Bool) {
        var cues: [LegibleCue] = []
        while let event = feed.next(timeout: .milliseconds(1)) {
            switch event {
            case .cues(let more, let covered):
                cues += more
                if covered == .positiveInfinity { return (cues, true) }
            case .end, .failed: return (cues, true)
            }
        }
        return (cues, false)
    }

    @Test("cues of the feed's generation come out at the end; an older generation's data and end are dropped")
    func generations() throws {
        let tap = CaptionTap()
        let feed = try ClosedCaptionTapFeed(tap: tap, generation: 1)
        defer { feed.close() }
        // Left from before a seek: never decoded, and its end does not end the feed.
        Self.push(tap, Self.caption(show: 10, erase: 20), generation: 0)
        tap.items.push(.init(item: .end, generation: 0), cost: 1, overCapacity: true)
        Self.push(tap, Self.caption(show: 50, erase: 75), generation: 1)
        tap.items.push(.init(item: .end, generation: 1), cost: 1, overCapacity: true)
        let (cues, ended) = Self.drain(feed)
        #expect(ended)
        #expect(cues.map(\.text) == ["HI"])
        #expect(cues.map { ($0.start.seconds * 25).rounded() } == [50])
        #expect(cues.map { ($0.end.seconds * 25).rounded() } == [75])
    }

    @Test("a seek resets the decoder: a caption half-written before it does not leak into the next")
    func seekResets() throws {
        let tap = CaptionTap()
        let feed = try ClosedCaptionTapFeed(tap: tap, generation: 0)
        defer { feed.close() }
        // Loaded but not shown before the seek.
        Self.push(tap, Array(Self.caption(show: 10, erase: 20).prefix(4)), generation: 0)
        _ = Self.drain(feed)
        feed.seek(to: .zero, generation: 1)
        // After the seek only an end-of-caption and an erase: nothing loaded, so nothing shows.
        Self.push(tap, Array(Self.caption(show: 30, erase: 40).suffix(2)), generation: 1)
        tap.items.push(.init(item: .end, generation: 1), cost: 1, overCapacity: true)
        let (cues, ended) = Self.drain(feed)
        #expect(ended)
        #expect(cues.isEmpty, "\(cues.map(\.text))")
    }

    @Test("nothing is kept while no feed listens; a closed feed stops the tap, a second close does not")
    func listening() throws {
        let tap = CaptionTap()
        tap.finish(generation: 0)
        #expect(tap.items.tryPop() == nil)
        let first = try ClosedCaptionTapFeed(tap: tap, generation: 0)
        first.close()
        let second = try ClosedCaptionTapFeed(tap: tap, generation: 0)
        first.close()  // already closed: must not stop the tap for `second`
        tap.finish(generation: 0)
        #expect(tap.items.tryPop() != nil)
        second.close()
    }
}

@Suite("Closed-caption cues")
struct ClosedCaptionCueTests {
    @Test("ccaption's placement (\\an7, \\pos) is dropped so the view's caption style places the text; the rest stays")
    func placementDropped() {
        // As ffmpeg 5.1's ccaption writes a row-15 pop-on caption.
        #expect(
            LegibleCue.withoutPlacement("0,0,Default,,0,0,0,,{\\an7}{\\pos(38,243)}HELLO")
                == "0,0,Default,,0,0,0,,HELLO")
        #expect(
            LegibleCue.withoutPlacement("0,0,Default,,0,0,0,,{\\an7\\i1}A\\NB") == "0,0,Default,,0,0,0,,{\\i1}A\\NB")
    }
}
