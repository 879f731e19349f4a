import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// Parse cost of large subtitle files (20,000 cues, ten times a feature film's). As for
/// playlists, timed unit tests make no performance claims: the bound is generous, only to catch
/// quadratic behaviour in a debug build. Serialized so the tests do not compete for the CPU.
@Suite(.serialized) struct SubtitleParsePerformanceTests {
    static let cueCount = 20_000

    /// `hh:mm:ss` then the milliseconds, with `separator` between them.
    static func stamp(_ milliseconds: Int, _ separator: String) -> String {
        let seconds = milliseconds / 1000
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = milliseconds % 1000
        let fraction = millis < 10 ? "00\(millis)" : (millis < 100 ? "0\(millis)" : "\(millis)")
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))\(separator)\(fraction)"
    }

    static func largeFile(webVTT: Bool) -> Data {
        var text = webVTT ? "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n\n" : ""
        text.reserveCapacity(cueCount * 100)
        let separator = webVTT ? "." : ","
        let settings = webVTT ? " line:90% align:center" : ""
        for index in 0..<cueCount {
            let start = index * 2000
            text += "\(index + 1)\n\(stamp(start, separator)) --> \(stamp(start + 1500, separator))\(settings)\n"
            text += "Line one of cue \(index)\n<i>line two</i>\n\n"
        }
        return Data(text.utf8)
    }

    /// The fastest of `runs` runs of `parse`, in seconds, and its cues.
    static func fastest(runs: Int, _ parse: () throws -> [SubtitleCue]) throws -> (seconds: Double, cues: [SubtitleCue])
    {
        let clock = ContinuousClock()
        var best = Double.infinity
        var cues: [SubtitleCue] = []
        for _ in 0..<runs {
            let start = clock.now
            cues = try parse()
            let elapsed = clock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return (best, cues)
    }

    @Test func largeFilesParseWithoutQuadraticCost() throws {
        for webVTT in [true, false] {
            let data = Self.largeFile(webVTT: webVTT)
            let (seconds, cues) = try Self.fastest(runs: 3) {
                webVTT ? try WebVTT.parse(data).cues : try SubRip.parse(data)
            }
            #expect(cues.count == Self.cueCount)
            #expect(cues.last?.end == MediaTime(value: Int64(Self.cueCount - 1) * 2000 + 1500, timescale: 1000))
            #expect(cues.last?.text == "Line one of cue \(Self.cueCount - 1)\n<i>line two</i>")
            let kind = webVTT ? "WebVTT" : "SRT"
            print("\(kind): \(Self.cueCount) cues, \(data.count) bytes in \((seconds * 10_000).rounded() / 10) ms")
            #expect(seconds < 2.0, "parsing \(Self.cueCount) \(kind) cues took \(seconds) s")
        }
    }
}
