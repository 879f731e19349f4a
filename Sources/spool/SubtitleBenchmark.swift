import Foundation
import Spool
import SpoolUI

/// `spool bench-subtitles [--size WxH] [--cues N]` (hidden; bench/subtitles.sh runs it):
/// renders N subtitle frames that each differ from the one before (a new two-line cue per
/// frame) and prints the median and 95th percentile of the time one render takes.
enum SubtitleBenchmark {
    static let usage = "usage: spool bench-subtitles [--size WxH] [--cues N]"

    static func run(_ arguments: [String]) -> Int32 {
        var size = OverlaySize(width: 1920, height: 1080)
        var count = 300
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard let value = remaining.popFirst() else {
                StandardError.report("bench-subtitles: \(option) needs a value\n\(usage)")
                return 2
            }
            switch option {
            case "--size":
                let parts = value.split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 16384 }) else {
                    StandardError.report("bench-subtitles: --size wants WxH, got '\(value)'")
                    return 2
                }
                size = OverlaySize(width: parts[0], height: parts[1])
            case "--cues":
                guard let number = Int(value), number > 0, number <= 100_000 else {
                    StandardError.report("bench-subtitles: --cues wants a count from 1 to 100000, got '\(value)'")
                    return 2
                }
                count = number
            default:
                StandardError.report("bench-subtitles: unknown option '\(option)'\n\(usage)")
                return 2
            }
        }
        do {
            let timings = try measure(size: size, count: count)
            let sorted = timings.sorted()
            let median = sorted[sorted.count / 2]
            let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
            print(
                "subtitle frames: \(count) at \(size), median \(String(format: "%.3f", median)) ms, "
                    + "p95 \(String(format: "%.3f", p95)) ms")
            return 0
        } catch {
            StandardError.report("bench-subtitles: \(error)")
            return 1
        }
    }

    /// Milliseconds per changed render, one per cue; the first cue is rendered once untimed
    /// beforehand (font loading happens then).
    private static func measure(size: OverlaySize, count: Int) throws -> [Double] {
        let renderer = try SubtitleRenderer(frameSize: size)
        func time(_ second: Int) -> MediaTime { MediaTime(value: Int64(second) * 1000, timescale: 1000) }
        for index in 0...count {
            renderer.add(
                LegibleCue(
                    start: time(index), end: time(index + 1),
                    text:
                        "Cue \(index): the quick brown fox jumps\nover the <i>lazy</i> dog, \(index * 7919 % 1000) times"
                ))
        }
        _ = renderer.render(at: MediaTime(value: 500, timescale: 1000))
        let clock = ContinuousClock()
        var timings: [Double] = []
        timings.reserveCapacity(count)
        for index in 1...count {
            let start = clock.now
            let rendering = renderer.render(at: MediaTime(value: Int64(index) * 1000 + 500, timescale: 1000))
            let elapsed = clock.now - start
            guard rendering.changed, !rendering.frame.isEmpty else {
                throw SubtitleRendererError(description: "frame \(index) did not change")
            }
            timings.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return timings
    }
}
