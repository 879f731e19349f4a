import SpoolCore

/// Parses an SRT file in one pass with one line of look-ahead (to tell an index line from a
/// stray number).
struct SubRipParser {
    private var lines: SubtitleLines
    private let limits: SubtitleLimits
    /// A line read ahead and not consumed yet.
    private var pending: (range: Range<Int>, number: Int)?
    private var cues: [SubtitleCue] = []
    private var sawText = false

    init(bytes: [UInt8], limits: SubtitleLimits) {
        lines = SubtitleLines(bytes: bytes, maxLineLength: limits.maxLineLength)
        self.limits = limits
    }

    private var bytes: [UInt8] { lines.bytes }

    mutating func parse() throws(SubtitleParseError) -> [SubtitleCue] {
        while let (line, number) = try nextLine() {
            if SubtitleLine.isBlank(bytes, line) { continue }
            sawText = true
            if SubtitleLine.hasArrow(bytes, line) {
                try parseCues(from: CueStart(identifier: nil, timingLine: line, number: number))
            } else if SubtitleLine.isDigits(bytes, SubtitleLine.trimmingSpace(bytes, line)), let next = try nextLine() {
                if SubtitleLine.hasArrow(bytes, next.range) {
                    let identifier = SubtitleLine.text(bytes, SubtitleLine.trimmingSpace(bytes, line))
                    try parseCues(from: CueStart(identifier: identifier, timingLine: next.range, number: next.number))
                } else {
                    pending = next
                }
            }
        }
        guard !cues.isEmpty || !sawText else { throw SubtitleParseError(line: nil, problem: .noCues) }
        return cues
    }

    private mutating func nextLine() throws(SubtitleParseError) -> (range: Range<Int>, number: Int)? {
        if let pending {
            self.pending = nil
            return pending
        }
        return try lines.next().map { ($0, lines.number) }
    }

    /// Where a cue starts: its index, if any, and its timing line.
    private struct CueStart {
        let identifier: String?
        let timingLine: Range<Int>
        let number: Int
    }

    /// The cue at `start` and every cue that follows it without a blank line in between.
    private mutating func parseCues(from start: CueStart) throws(SubtitleParseError) {
        var start: CueStart? = start
        while let current = start { start = try parseCue(current) }
    }

    /// A cue from its timing line, then text lines up to a blank line or the next timing line;
    /// returns where the next cue starts when it follows without a blank line (its index, if
    /// any, is then the last text line read).
    private mutating func parseCue(_ start: CueStart) throws(SubtitleParseError) -> CueStart? {
        let (identifier, timingLine, number) = (start.identifier, start.timingLine, start.number)
        guard let timing = CueTiming(bytes, timingLine, dialect: .subRip) else {
            throw SubtitleParseError(line: number, problem: .invalidTiming(SubtitleLine.text(bytes, timingLine)))
        }
        guard timing.end >= timing.start else {
            throw SubtitleParseError(line: number, problem: .endBeforeStart(SubtitleLine.text(bytes, timingLine)))
        }
        guard cues.count < limits.maxCues else {
            throw SubtitleParseError(line: number, problem: .limitExceeded(.cues(limits.maxCues)))
        }
        var text: [Range<Int>] = []
        var next: CueStart?
        while let (line, lineNumber) = try nextLine(), !SubtitleLine.isBlank(bytes, line) {
            if SubtitleLine.hasArrow(bytes, line), CueTiming(bytes, line, dialect: .subRip) != nil {
                var nextIdentifier: String?
                if let last = text.last, SubtitleLine.isDigits(bytes, last) {
                    nextIdentifier = SubtitleLine.text(bytes, last)
                    text.removeLast()
                }
                next = CueStart(identifier: nextIdentifier, timingLine: line, number: lineNumber)
                break
            }
            text.append(SubtitleLine.trimmingTrailingSpace(bytes, line))
        }
        cues.append(
            SubtitleCue(
                identifier: identifier, start: MediaTime(value: timing.start, timescale: 1000),
                end: MediaTime(value: timing.end, timescale: 1000),
                text: text.map { SubtitleLine.text(bytes, $0) }.joined(separator: "\n")))
        return next
    }
}
