import Foundation
import Testing

@testable import SpoolHLS

/// EXT-X-DEFINE in its three forms and `{$name}` substitution.
@Suite struct VariableSubstitutionTests {
    @Test func nameValueDefinitionsSubstituteIntoURIsAndQuotedValues() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-DEFINE:NAME="host",VALUE="cdn.example.com"
                #EXT-X-DEFINE:NAME="auth_token-2",VALUE="t=42"
                #EXT-X-KEY:METHOD=AES-128,URI="https://{$host}/key?{$auth_token-2}"
                #EXTINF:4,{$host} stays in titles
                https://{$host}/seg{$}/{$host}.ts?{$auth_token-2}
                """))
        let segment = playlist.segments[0]
        #expect(segment.uri.absoluteString == "https://cdn.example.com/seg%7B$%7D/cdn.example.com.ts?t=42")
        #expect(segment.key?.uri == url("https://cdn.example.com/key?t=42"))
        #expect(segment.title == "{$host} stays in titles")
    }

    @Test func queryParamDefinitionTakesTheValueFromThePlaylistURL() throws {
        let playlist = try parseMedia(
            mediaText(#"#EXT-X-DEFINE:QUERYPARAM="token"\#n#EXTINF:4,\#nseg.ts?token={$token}"#),
            from: "https://example.com/live/index.m3u8?a=1&token=abc%20def")
        #expect(playlist.segments[0].uri.absoluteString == "https://example.com/live/seg.ts?token=abc%20def")
        let missing = parseError(
            mediaText(#"#EXT-X-DEFINE:QUERYPARAM="token""#), from: "https://example.com/live/index.m3u8?a=1")
        #expect(missing == PlaylistParseError(line: 3, problem: .missingQueryParameter("token")))
    }

    @Test func importTakesTheValueTheMultivariantPlaylistDefined() throws {
        let multivariant = try parseMultivariant(
            """
            #EXTM3U
            #EXT-X-DEFINE:NAME="cdn",VALUE="https://cdn.example.com/v1"
            #EXT-X-DEFINE:QUERYPARAM="session"
            #EXT-X-STREAM-INF:BANDWIDTH=1
            {$cdn}/720p.m3u8?s={$session}
            """, from: "https://example.com/master.m3u8?session=s1")
        #expect(multivariant.variants[0].uri.absoluteString == "https://cdn.example.com/v1/720p.m3u8?s=s1")
        #expect(multivariant.definitions == ["cdn": "https://cdn.example.com/v1", "session": "s1"])
        let media = try parseMedia(
            mediaText(
                #"#EXT-X-DEFINE:IMPORT="cdn"\#n#EXT-X-DEFINE:IMPORT="session"\#n#EXTINF:4,\#n{$cdn}/s1.ts?{$session}"#),
            from: "https://cdn.example.com/v1/720p.m3u8", imported: multivariant.definitions)
        #expect(media.segments[0].uri.absoluteString == "https://cdn.example.com/v1/s1.ts?s1")
    }

    @Test func importNeedsTheMultivariantDefinition() {
        let text = mediaText(#"#EXT-X-DEFINE:IMPORT="cdn""#)
        #expect(parseError(text) == PlaylistParseError(line: 3, problem: .undefinedImport("cdn")))
        #expect(
            parseError(text, imported: ["other": "x"]) == PlaylistParseError(line: 3, problem: .undefinedImport("cdn")))
    }

    @Test func undefinedVariableIsAnErrorNamingTheLine() {
        let inURI = mediaText(#"#EXT-X-DEFINE:NAME="a",VALUE="1"\#n#EXTINF:4,\#n{$a}/{$b}.ts"#)
        #expect(parseError(inURI) == PlaylistParseError(line: 5, problem: .undefinedVariable("b")))
        let inAttribute = mediaText(#"#EXT-X-MAP:URI="{$init}.mp4""#)
        #expect(parseError(inAttribute) == PlaylistParseError(line: 3, problem: .undefinedVariable("init")))
        let beforeDefinition = mediaText(#"#EXTINF:4,\#n{$a}.ts\#n#EXT-X-DEFINE:NAME="a",VALUE="1""#)
        #expect(parseError(beforeDefinition) == PlaylistParseError(line: 4, problem: .undefinedVariable("a")))
    }

    @Test func malformedDefinitionsAreRejected() {
        let forms = ["NAME", "IMPORT", "QUERYPARAM"]
        let cases: [(String, PlaylistParseError.Problem)] = [
            (#"NAME="a",VALUE="1"\#n#EXT-X-DEFINE:NAME="a",VALUE="2""#, .duplicateVariable("a")),
            (#"VALUE="1""#, .conflictingAttributes(tag: "EXT-X-DEFINE", attributes: forms)),
            (#"NAME="a",IMPORT="b""#, .conflictingAttributes(tag: "EXT-X-DEFINE", attributes: forms)),
            (#"NAME="a""#, .missingAttribute(tag: "EXT-X-DEFINE", attribute: "VALUE")),
            (
                #"NAME="a b",VALUE="1""#,
                .invalidAttributeValue(
                    tag: "EXT-X-DEFINE", attribute: "NAME",
                    expected: .format("a variable name of A-Z, a-z, 0-9, '-' and '_'"),
                    found: #""a b""#)
            ),
        ]
        for (attributes, problem) in cases {
            let error = parseError(mediaText("#EXT-X-DEFINE:" + attributes))
            #expect(error?.problem == problem, "\(attributes)")
        }
    }

    @Test func substitutionGrowthIsBounded() {
        let value = String(repeating: "x", count: 1000)
        let references = String(repeating: "{$v}", count: 20)
        let text = mediaText(#"#EXT-X-DEFINE:NAME="v",VALUE="\#(value)"\#n#EXTINF:4,\#n\#(references).ts"#)
        let limits = PlaylistLimits(maxBytes: 10_000, maxAttributeLength: 100_000)
        #expect(
            parseError(text, limits: limits)
                == PlaylistParseError(line: 5, problem: .limitExceeded(.substitutedBytes(10_000))))
        let short = PlaylistLimits(maxAttributeLength: 5_000)
        #expect(
            parseError(text, limits: short)
                == PlaylistParseError(line: 5, problem: .limitExceeded(.attributeLength(5_000))))
    }
}
