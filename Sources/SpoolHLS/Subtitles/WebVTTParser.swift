import SpoolCore

/// Parses one WebVTT file in a single pass over its lines: the signature, the header (where
/// `X-TIMESTAMP-MAP` lives), then blocks separated by blank lines.
struct WebVTTParser {
    private var lines: SubtitleLines
    private let limits: SubtitleLimits
    /// A line read ahead that starts the next block.
    private var pending: (range: Range<Int>, number: Int)?

    init(bytes: [UInt8], limits: SubtitleLimits) {
        lines = SubtitleLines(bytes: bytes, maxLineLength: limits.maxLineLength)
        self.limits = limits
    }

    private var bytes: [UInt8] { lines.bytes }

    mutating func parse() throws(SubtitleParseError) -> WebVTTDocument {
        guard let signature = try lines.next(), SubtitleLine.starts(bytes, signature, withKeyword: "WEBVTT") else {
            throw SubtitleParseError(line: 1, problem: .missingSignature)
        }
        let timestampMap = try parseHeader()
        var cues: [SubtitleCue] = []
        while let (first, number) = try nextBlockStart() {
            if isSkippedBlock(first) {
                try skipBlock()
                continue
            }
            guard cues.count < limits.maxCues else {
                throw SubtitleParseError(line: number, problem: .limitExceeded(.cues(limits.maxCues)))
            }
            cues.append(try parseCue(first: first, number: number))
        }
        return WebVTTDocument(cues: cues, timestampMap: timestampMap)
    }

    /// Reads the header lines up to the first blank line. A line holding `-->` ends the header
    /// too (the W3C parser then reads it as the start of a cue).
    private mutating func parseHeader() throws(SubtitleParseError) -> WebVTTTimestampMap? {
        var map: WebVTTTimestampMap?
        while let line = try lines.next() {
            if SubtitleLine.isBlank(bytes, line) { break }
            if SubtitleLine.hasArrow(bytes, line) {
                pending = (line, lines.number)
                break
            }
            if let value = Self.timestampMapValue(bytes, line) {
                guard let parsed = WebVTTTimestampMapParser.parse(bytes, value) else {
                    throw failure(.invalidTimestampMap(SubtitleLine.text(bytes, line)))
                }
                map = parsed
            }
        }
        return map
    }

    private static let timestampMapName = Array("X-TIMESTAMP-MAP=".utf8)

    /// The value of an `X-TIMESTAMP-MAP=` header line, or `nil` for any other line.
    private static func timestampMapValue(_ bytes: [UInt8], _ line: Range<Int>) -> Range<Int>? {
        let name = timestampMapName
        guard line.count >= name.count, bytes[line.prefix(name.count)].elementsEqual(name) else { return nil }
        return (line.lowerBound + name.count)..<line.upperBound
    }

    /// The first line of the next block and its number, skipping blank lines.
    private mutating func nextBlockStart() throws(SubtitleParseError) -> (Range<Int>, Int)? {
        if let pending {
            self.pending = nil
            return pending
        }
        while let line = try lines.next() {
            if !SubtitleLine.isBlank(bytes, line) { return (line, lines.number) }
        }
        return nil
    }

    private func isSkippedBlock(_ first: Range<Int>) -> Bool {
        ["NOTE", "STYLE", "REGION"].contains { SubtitleLine.starts(bytes, first, withKeyword: $0) }
    }

    private mutating func skipBlock() throws(SubtitleParseError) {
        while let line = try lines.next(), !SubtitleLine.isBlank(bytes, line) {}
    }

    /// A cue block: an optional identifier line, the timing line, then payload lines up to a
    /// blank line.
    private mutating func parseCue(first: Range<Int>, number: Int) throws(SubtitleParseError) -> SubtitleCue {
        var identifier: String?
        var timingLine = first
        if !SubtitleLine.hasArrow(bytes, first) {
            identifier = SubtitleLine.text(bytes, first)
            guard let next = try lines.next(), SubtitleLine.hasArrow(bytes, next) else {
                throw SubtitleParseError(line: number, problem: .missingTiming(SubtitleLine.text(bytes, first)))
            }
            timingLine = next
        }
        guard let timing = CueTiming(bytes, timingLine, dialect: .webVTT) else {
            throw failure(.invalidTiming(SubtitleLine.text(bytes, timingLine)))
        }
        guard timing.end >= timing.start else {
            throw failure(.endBeforeStart(SubtitleLine.text(bytes, timingLine)))
        }
        var text = ""
        var isFirst = true
        while let line = try lines.next(), !SubtitleLine.isBlank(bytes, line) {
            if !isFirst { text += "\n" }
            text += SubtitleLine.text(bytes, line)
            isFirst = false
        }
        return SubtitleCue(
            identifier: identifier, start: MediaTime(value: timing.start, timescale: 1000),
            end: MediaTime(value: timing.end, timescale: 1000), text: text,
            settings: CueTiming.settings(bytes, timing.rest))
    }

    /// An error on the line read last.
    private func failure(_ problem: SubtitleParseError.Problem) -> SubtitleParseError {
        SubtitleParseError(line: lines.number, problem: problem)
    }
}
