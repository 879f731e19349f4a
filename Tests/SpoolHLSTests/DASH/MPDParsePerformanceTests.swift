import Foundation
import Testing

@testable import SpoolHLS

/// Parse and expansion cost of a large MPD: a 24-hour SegmentTimeline whose 21,600 `S`
/// elements each name one 4-s segment (no `r`, so every segment is an element), three
/// representations, and a 16 MiB document at the byte limit made of comments. The bounds
/// are generous, only to catch quadratic behaviour in a debug build; measured CPU times are
/// printed for the decision record (0062).
@Suite(.serialized) struct MPDParsePerformanceTests {
    static func dayLongMPD(segments: Int = 21_600) -> String {
        var timeline = ""
        timeline.reserveCapacity(segments * 32)
        for index in 0..<segments { timeline += "<S t=\"\(index * 360_000)\" d=\"360000\"/>\n" }
        let representations = (0..<3).map { "<Representation id=\"v\($0)\" bandwidth=\"\(($0 + 1) * 1_000_000)\"/>" }
        return """
            <?xml version="1.0"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT24H">
            <Period><AdaptationSet mimeType="video/mp4">
            <SegmentTemplate timescale="90000" media="$RepresentationID$/$Time$.m4s"><SegmentTimeline>
            \(timeline)</SegmentTimeline></SegmentTemplate>
            \(representations.joined(separator: "\n"))
            </AdaptationSet></Period></MPD>
            """
    }

    @Test func dayLongTimelineParsesAndExpandsInLinearTime() throws {
        let text = Self.dayLongMPD()
        var mpd: MPD?
        let parse = try Self.cpuSeconds { mpd = try parseMPD(text) }
        let parsed = try #require(mpd)
        let (rep, period) = try parsed.representation("v2")
        var count = 0
        let expand = try Self.cpuSeconds { count = try parsed.segments(of: rep, in: period).count }
        #expect(count == 21_600)
        print(
            "MPD perf: \(text.utf8.count) bytes, 21,600 S elements: parse \(parse) s, expansion \(expand) s (CPU, debug)"
        )
        #expect(parse < 10)
        #expect(expand < 10)
    }

    @Test func maximumSizeDocumentIsReadInLinearTime() throws {
        let padding = String(repeating: "<!-- \(String(repeating: "x", count: 1000)) -->\n", count: 16_000)
        let text = staticMPD(
            padding + #"<SegmentTemplate media="$Number$" duration="1"/><Representation id="r" bandwidth="1"/>"#)
        #expect(text.utf8.count < MPDLimits.default.maxBytes)
        let seconds = try Self.cpuSeconds { _ = try parseMPD(text) }
        print("MPD perf: \(text.utf8.count) bytes of comments: parse \(seconds) s (CPU, debug)")
        #expect(seconds < 10)
    }

    private static func cpuSeconds(_ body: () throws -> Void) throws -> Double {
        let start = PlaylistParsePerformanceTests.threadCPUSeconds()
        try body()
        return PlaylistParsePerformanceTests.threadCPUSeconds() - start
    }
}
