import Foundation
import Testing

@testable import spool

/// Local M3U and PLS playlists, how an HLS playlist is told from a plain M3U, and the natural
/// order directories play in.
@Suite("local playlists and natural order")
struct PlaylistParserTests {
    static let directory = URL(fileURLWithPath: "/media/music/lists", isDirectory: true)

    @Test("extended M3U: #EXTINF titles, relative paths against the playlist's directory, URLs as they are")
    func extendedM3U() {
        let text = """
            \u{FEFF}#EXTM3U\r
            #EXTINF:123 tvg-name="A, B",Artist - First\r
            01 first.mp3\r
            # a comment\r
            #EXTINF:-1,\r
            ../albums/second.flac\r

            /abs/third.ogg\r
            #EXTINF:10,Radio\r
            https://example.com/live.mp3?x=1\r
            """
        #expect(
            M3UPlaylist.parse(text, directory: Self.directory) == [
                PlaylistEntry(location: "/media/music/lists/01 first.mp3", title: "Artist - First"),
                PlaylistEntry(location: "/media/music/albums/second.flac"),
                PlaylistEntry(location: "/abs/third.ogg"),
                PlaylistEntry(location: "https://example.com/live.mp3?x=1", title: "Radio"),
            ])
        #expect(!M3UPlaylist.isHLS(text))
    }

    @Test(
        "HLS playlists are told apart by their #EXT-X- tags",
        arguments: [
            "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg0.ts\n#EXT-X-ENDLIST\n",
            "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow/index.m3u8\n",
            "#EXTM3U\r\n  #EXT-X-VERSION:3\r\n#EXTINF:4.0,\r\nseg0.ts\r\n",
        ])
    func hls(text: String) {
        #expect(M3UPlaylist.isHLS(text))
    }

    @Test("a plain list without any # line is an M3U too")
    func plainList() {
        #expect(
            M3UPlaylist.parse("a.mp4\nsub/b.webm\n", directory: Self.directory).map(\.location) == [
                "/media/music/lists/a.mp4", "/media/music/lists/sub/b.webm",
            ])
    }

    @Test("PLS: entries by number with their titles, keys in any case, other lines ignored")
    func pls() {
        let text = """
            [playlist]
            File2=b.mp3
            Title2=Second
            file1=http://radio.example/stream
            TITLE1=Radio
            Length1=-1
            File10=../c.mp3
            NumberOfEntries=3
            Version=2
            nonsense
            """
        #expect(PLSPlaylist.looksLikePLS(text))
        #expect(
            PLSPlaylist.parse(text, directory: Self.directory) == [
                PlaylistEntry(location: "http://radio.example/stream", title: "Radio"),
                PlaylistEntry(location: "/media/music/lists/b.mp3", title: "Second"),
                PlaylistEntry(location: "/media/music/c.mp3"),
            ])
        #expect(!PLSPlaylist.looksLikePLS("#EXTM3U\n[playlist]\n"))
    }

    @Test("natural order: numbers by value, letters without case")
    func naturalOrder() {
        let names = [
            "10 ten.mp4", "2 two.mp4", "1 one.mp4", "b.mp4", "A.mp4", "track 9.ogg", "track 10.ogg", "02 x.mp4",
        ]
        #expect(
            names.sorted(by: NaturalOrder.areInIncreasingOrder) == [
                "1 one.mp4", "2 two.mp4", "02 x.mp4", "10 ten.mp4", "A.mp4", "b.mp4", "track 9.ogg", "track 10.ogg",
            ])
        #expect(NaturalOrder.areInIncreasingOrder("x99999999999999999999999.mp4", "x100000000000000000000000.mp4"))
        #expect(!NaturalOrder.areInIncreasingOrder("a.mp4", "a.mp4"))
    }

    @Test("URL detection: a scheme before ://, nothing else")
    func urls() {
        #expect(PlaylistEntry.isURL("https://x/y"))
        #expect(PlaylistEntry.isURL("file:///tmp/a.mp4"))
        #expect(!PlaylistEntry.isURL("dir/with ://odd name.mp4"))
        #expect(!PlaylistEntry.isURL("://x"))
    }
}
