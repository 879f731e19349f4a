import Foundation
import Testing

@testable import SpoolHLS

/// Remote playlists may only point at http(s); local ones may also point at files. Relative
/// URIs resolve as RFC 3986 says.
@Suite struct URIPolicyTests {
    /// One reference of each kind the client fetches, each on line 3 of its playlist.
    static let mediaReferences: [(String, String)] = [
        ("segment", "#EXTINF:4,\n%@"),
        ("key", #"#EXT-X-KEY:METHOD=AES-128,URI="%@""#),
        ("map", #"#EXT-X-MAP:URI="%@""#),
        ("part", #"#EXT-X-PART:DURATION=1,URI="%@""#),
        ("preload hint", #"#EXT-X-PRELOAD-HINT:TYPE=PART,URI="%@""#),
        ("rendition report", #"#EXT-X-RENDITION-REPORT:URI="%@""#),
    ]
    static let multivariantReferences: [(String, String)] = [
        ("variant", "#EXT-X-STREAM-INF:BANDWIDTH=1\n%@"),
        ("I-frame variant", #"#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="%@""#),
        ("rendition", #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="a",URI="%@""#),
        ("session data", #"#EXT-X-SESSION-DATA:DATA-ID="d",URI="%@""#),
        ("session key", #"#EXT-X-SESSION-KEY:METHOD=AES-128,URI="%@""#),
        ("steering server", #"#EXT-X-CONTENT-STEERING:SERVER-URI="%@""#),
    ]

    private func text(_ template: String, _ reference: String, media: Bool) -> String {
        let line = template.replacingOccurrences(of: "%@", with: reference)
        return media ? mediaText(line) : "#EXTM3U\n" + line
    }

    @Test(arguments: ["file:///etc/passwd", "data:text/plain;base64,AAAA", "ftp://example.com/a.ts", "FILE:///x"])
    func remotePlaylistsRefuseOtherSchemesEverywhere(reference: String) {
        for (kind, template) in Self.mediaReferences {
            let lineOfURI = template.hasPrefix("#EXTINF") ? 4 : 3
            let error = parseError(text(template, reference, media: true))
            #expect(error == PlaylistParseError(line: lineOfURI, problem: .disallowedScheme(reference)), "\(kind)")
        }
        for (kind, template) in Self.multivariantReferences {
            let lineOfURI = template.hasPrefix("#EXT-X-STREAM-INF") ? 3 : 2
            let error = parseError(text(template, reference, media: false))
            #expect(error?.problem == .disallowedScheme(reference), "\(kind)")
            #expect(error?.line == lineOfURI, "\(kind)")
        }
    }

    @Test func localPlaylistsMayReferenceFilesAndTheNetwork() throws {
        let playlist = try parseMedia(
            mediaText(
                "#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:4,\nseg.m4s\n#EXTINF:4,\nfile:///media/b.m4s\n#EXTINF:4,\nhttps://cdn.example.com/c.m4s\n"
            ),
            from: "file:///media/show/index.m3u8")
        #expect(
            playlist.segments.map(\.uri.absoluteString) == [
                "file:///media/show/seg.m4s", "file:///media/b.m4s", "https://cdn.example.com/c.m4s",
            ])
        #expect(playlist.segments[0].map?.uri == URL(fileURLWithPath: "/media/show/init.mp4"))
        let data = parseError(mediaText("#EXTINF:4,\ndata:video/mp2t;base64,AAAA\n"), from: "file:///media/index.m3u8")
        #expect(data?.problem == .disallowedScheme("data:video/mp2t;base64,AAAA"))
    }

    @Test func opaqueKeyURIsOfOtherKeyFormatsAreNotFetchedSoNotRefused() throws {
        let playlist = try parseMedia(
            mediaText(
                #"#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",URI="data:text/plain;base64,AAAA"\#n#EXTINF:4,\#na.m4s"#
            ))
        #expect(playlist.segments[0].key?.uri.scheme == "data")
        #expect(playlist.segments[0].key?.isIdentityFormat == false)
    }

    @Test func policyAllowsByThePlaylistsOwnScheme() {
        let remote = URIPolicy(playlistURL: url("https://example.com/a.m3u8"))
        #expect(remote.allowedSchemes == ["http", "https"])
        #expect(remote.allows(url("HTTP://example.com/x.ts")) && !remote.allows(url("file:///x.ts")))
        #expect(!remote.allows(url("relative.ts")))
        let local = URIPolicy(playlistURL: URL(fileURLWithPath: "/tmp/a.m3u8"))
        #expect(local.allows(url("file:///x.ts")) && local.allows(url("http://example.com/x.ts")))
        #expect(!local.allows(url("data:,x")))
        let custom = parseError(mediaText("#EXTINF:4,\nseg.ts\n"), from: "ftp://example.com/index.m3u8")
        #expect(custom == PlaylistParseError(line: 4, problem: .disallowedScheme("seg.ts")))
    }

    @Test(arguments: [
        "seg.ts", "a/b/seg.ts", "seg.ts?x=1&y=../z", "seg%201.ts", "seg 1.ts", "a//b.ts", "...ts", "a.b/c..d",
        "./seg.ts", "../seg.ts", "a/../b.ts", "a/.", "..", "/root.ts", "//other.example.com/x.ts", "?only=query",
        "#fragment", "https://cdn.example.com/x.ts", "HTTP://cdn.example.com/x.ts", "a:b", "seg\u{E9}.ts",
    ])
    func resolutionMatchesFoundation(reference: String) throws {
        for base in ["https://example.com/a/b/index.m3u8?t=1#f", "https://example.com", "file:///m/index.m3u8"] {
            var resolver = URIResolver(base: url(base))
            let expected = URL(string: reference, relativeTo: url(base))?.absoluteURL
            #expect(resolver.resolve(reference)?.url == expected, "\(reference) against \(base)")
            #expect(resolver.resolve(reference)?.url == expected, "cached: \(reference) against \(base)")
        }
    }
}
