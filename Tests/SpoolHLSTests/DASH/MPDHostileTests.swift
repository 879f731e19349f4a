import Foundation
import Testing

@testable import SpoolHLS

/// Hostile MPDs are rejected with a precise error, or bounded: no entity is ever expanded or
/// fetched, no number escapes 64 bits, no URL leaves http(s) for a remote MPD, and size,
/// depth and counts stay within `MPDLimits`.
@Suite struct MPDHostileTests {
    private let template =
        #"<SegmentTemplate media="$Number$.m4s" duration="1"/><Representation id="r" bandwidth="1"/>"#

    @Test func externalEntityIsRejectedBeforeAnythingIsRead() {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE MPD [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <MPD type="static"><BaseURL>&xxe;</BaseURL></MPD>
            """
        #expect(mpdProblem(xxe) == .documentTypeDeclaration)
        #expect(mpdProblem(#"<!DOCTYPE MPD SYSTEM "http://evil.example/x.dtd"><MPD/>"#) == .documentTypeDeclaration)
    }

    @Test func entityExpansionIsRejected() {
        var laughs = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">"#
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        laughs += "]><MPD>&lol9;</MPD>"
        #expect(mpdProblem(laughs) == .documentTypeDeclaration)
        // Without a declaration, a reference to an entity nobody defined.
        #expect(mpdProblem("<MPD>&lol9;</MPD>") == .undefinedEntity("lol9"))
        #expect(mpdProblem("<MPD a=\"&#0;\"/>").map { if case .xmlSyntax = $0 { true } else { false } } == true)
    }

    @Test func hugeAndNegativeNumbersAreRejected() {
        let huge = staticMPD(
            #"<SegmentTemplate media="x" duration="1"/><Representation id="r" bandwidth="99999999999999999999999"/>"#)
        #expect(mpdProblem(huge) == .arithmeticOverflow(#"bandwidth="99999999999999999999999""#))
        let negative = staticMPD(
            #"<SegmentTemplate media="x" duration="1" startNumber="-5"/><Representation id="r" bandwidth="1"/>"#)
        #expect(
            mpdProblem(negative)
                == .invalidValue(attribute: "startNumber", expected: "a non-negative integer", found: "-5"))
        let zeroDuration = staticMPD(
            #"<SegmentTemplate media="x"><SegmentTimeline><S d="0" r="-1"/></SegmentTimeline></SegmentTemplate><Representation id="r" bandwidth="1"/>"#
        )
        #expect(
            mpdProblem(zeroDuration) == .invalidValue(attribute: "d", expected: "an integer of at least 1", found: "0"))
        let zeroTimescale = staticMPD(
            #"<SegmentTemplate media="x" duration="1" timescale="0"/><Representation id="r" bandwidth="1"/>"#)
        #expect(
            mpdProblem(zeroTimescale)
                == .invalidValue(attribute: "timescale", expected: "an integer of at least 1", found: "0"))
        let badRepeat = staticMPD(
            #"<SegmentTemplate media="x"><SegmentTimeline><S d="1" r="-2"/></SegmentTimeline></SegmentTemplate><Representation id="r" bandwidth="1"/>"#
        )
        #expect(
            mpdProblem(badRepeat) == .invalidValue(attribute: "r", expected: "an integer of at least -1", found: "-2"))
        #expect(mpdProblem(staticMPD("", attributes: "").replacingOccurrences(of: "PT10S", with: "PT1E400S")) != nil)
    }

    @Test func numberOverflowIsAnError() throws {
        let mpd = try parseMPD(
            staticMPD(
                #"<SegmentTemplate media="$Number$.m4s" duration="1" startNumber="9223372036854775806"/><Representation id="r" bandwidth="1"/>"#
            ))
        let (rep, period) = try mpd.representation("r")
        #expect(throws: MPDParseError(element: #"Representation "r""#, problem: .arithmeticOverflow("$Number$"))) {
            try mpd.segments(of: rep, in: period)
        }
        let timeline = try parseMPD(
            staticMPD(
                #"<SegmentTemplate media="$Time$"><SegmentTimeline><S t="9223372036854775000" d="1000" r="9"/></SegmentTimeline></SegmentTemplate><Representation id="r" bandwidth="1"/>"#
            ))
        let (timelineRep, timelinePeriod) = try timeline.representation("r")
        #expect(throws: MPDParseError.self) { try timeline.segments(of: timelineRep, in: timelinePeriod) }
    }

    @Test func endNumberAtTheLimitDoesNotOverflow() throws {
        let mpd = try parseMPD(
            staticMPD(
                #"<SegmentTemplate media="$Number$" duration="5" startNumber="0" endNumber="9223372036854775807"/>"#
                    + #"<Representation id="r" bandwidth="1"/>"#))
        let (rep, period) = try mpd.representation("r")
        #expect(try mpd.segments(of: rep, in: period).map(\.number) == [0, 1])
        let ended = try parseMPD(
            staticMPD(
                #"<SegmentTemplate media="$Number$" duration="1" startNumber="3" endNumber="4"/>"#
                    + #"<Representation id="r" bandwidth="1"/>"#))
        let (endedRep, endedPeriod) = try ended.representation("r")
        #expect(try ended.segments(of: endedRep, in: endedPeriod).map(\.number) == [3, 4])
    }

    @Test func hugeRepeatCountIsBounded() throws {
        let mpd = try parseMPD(
            staticMPD(
                #"<SegmentTemplate media="$Number$"><SegmentTimeline><S d="1" r="4000000000000000000"/></SegmentTimeline></SegmentTemplate><Representation id="r" bandwidth="1"/>"#
            )
            .replacingOccurrences(of: "PT10S", with: "P36500D"))
        let (rep, period) = try mpd.representation("r")
        #expect(throws: MPDParseError(element: #"Representation "r""#, problem: .limitExceeded(.segments(200_000)))) {
            try mpd.segments(of: rep, in: period)
        }
        // A window lists its few segments without walking the run.
        let clock = ContinuousClock()
        var segments: [MPDSegment] = []
        let elapsed = try clock.measure { segments = try mpd.segments(of: rep, in: period, window: 1e9..<(1e9 + 3)) }
        #expect(segments.map(\.number) == [1_000_000_001, 1_000_000_002, 1_000_000_003])
        #expect(elapsed < .seconds(1))
    }

    @Test func onlyHTTPBaseURLsInARemoteMPD() throws {
        for base in ["file:///etc/", "ftp://example.com/", "data:text/plain,x", "javascript:alert(1)"] {
            let text = staticMPD(template).replacingOccurrences(
                of: "<Period>", with: "<Period><BaseURL>\(base)</BaseURL>")
            #expect(mpdProblem(text) == .disallowedScheme(base), "\(base)")
        }
        let license = staticMPD(
            #"<ContentProtection schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e"><Laurl>file:///keys</Laurl></ContentProtection>"#
                + template)
        #expect(mpdProblem(license) == .disallowedScheme("file:///keys"))
        // A template that names another scheme fails when expanded.
        let mpd = try parseMPD(
            staticMPD(
                #"<SegmentTemplate media="file:///etc/$Number$" duration="1"/><Representation id="r" bandwidth="1"/>"#))
        let (rep, period) = try mpd.representation("r")
        #expect(throws: MPDParseError(element: #"Representation "r""#, problem: .disallowedScheme("file:///etc/1"))) {
            try mpd.segments(of: rep, in: period)
        }
        // A local MPD may name local files.
        let local = staticMPD(template).replacingOccurrences(
            of: "<Period>", with: "<Period><BaseURL>file:///srv/media/</BaseURL>")
        let localMPD = try parseMPD(local, url: URL(fileURLWithPath: "/srv/x.mpd"))
        #expect(localMPD.periods[0].baseURLs.map(\.absoluteString) == ["file:///srv/media/"])
    }

    @Test func sizeDepthAndCountsAreBounded() {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        #expect(mpdProblem("<MPD>\(deep)</MPD>") == .limitExceeded(.depth(32)))
        let large = staticMPD(String(repeating: "<!-- padding -->", count: 1000))
        #expect(mpdProblem(large, limits: MPDLimits(maxBytes: 4096)) == .limitExceeded(.bytes(4096)))
        let many = staticMPD(String(repeating: "<Role schemeIdUri=\"x\"/>", count: 200) + template)
        #expect(mpdProblem(many, limits: MPDLimits(maxElements: 100)) == .limitExceeded(.elements(100)))
        let longValue = staticMPD(
            template.replacingOccurrences(of: "id=\"r\"", with: "id=\"\(String(repeating: "r", count: 70_000))\""))
        #expect(mpdProblem(longValue) == .limitExceeded(.valueLength(65_536)))
        let attributes = (0..<100).map { "a\($0)=\"1\"" }.joined(separator: " ")
        #expect(mpdProblem("<MPD \(attributes)/>") == .limitExceeded(.attributes(64)))
    }

    @Test func malformedDocuments() {
        #expect(mpdProblem("") != nil)
        #expect(mpdProblem("<MPD><Period></MPD>") != nil)
        #expect(mpdProblem("<MPD a=1/>") != nil)
        #expect(mpdProblem("<MPD a='1' a='2'/>") != nil)
        #expect(mpdProblem("<MPD/><MPD/>") != nil)
        #expect(mpdProblem("<Playlist/>") == .notMPD("Playlist"))
        #expect(throws: MPDParseError(element: nil, problem: .notUTF8)) {
            try MPD.parse(Data([0x3C, 0x4D, 0xFF, 0x3E]), url: remoteMPDURL)
        }
        #expect(mpdProblem(#"<MPD type="dynamic"/>"#) == .missingAttribute("availabilityStartTime"))
        #expect(mpdProblem(staticMPD(#"<Representation id="r" bandwidth="1"/>"#)) == .noSegmentInformation)
        #expect(
            mpdProblem(
                staticMPD(#"<SegmentTemplate media="$Nmber$" duration="1"/><Representation id="r" bandwidth="1"/>"#))
                == .invalidTemplate("$Nmber$"))
        #expect(
            mpdProblem(
                staticMPD(
                    #"<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" default_KID="zz"/>"# + template)
            )
                == .invalidValue(attribute: "cenc:default_KID", expected: "a key ID (UUID)", found: "zz"))
    }
}
