/// Splits subtitle bytes into lines as WebVTT does: CRLF, LF or a lone CR ends a line, and a
/// leading UTF-8 byte order mark is skipped. Lines are not trimmed; they are counted from 1.
struct SubtitleLines {
    let bytes: [UInt8]
    private let maxLineLength: Int
    private var position: Int
    /// The number of the line `next()` returned last.
    private(set) var number = 0

    init(bytes: [UInt8], maxLineLength: Int) {
        self.bytes = bytes
        self.maxLineLength = maxLineLength
        position = Self.hasByteOrderMark(bytes) ? 3 : 0
    }

    static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The range of the next line in `bytes`, without its line end, or `nil` at the end.
    mutating func next() throws(SubtitleParseError) -> Range<Int>? {
        let bytes = self.bytes
        guard position < bytes.count else { return nil }
        number += 1
        var end = position
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        guard end - position <= maxLineLength else {
            throw SubtitleParseError(line: number, problem: .limitExceeded(.lineLength(maxLineLength)))
        }
        let line = position..<end
        position = end
        if position < bytes.count {
            let isCRLF = bytes[position] == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A
            position += isCRLF ? 2 : 1
        }
        return line
    }
}

/// Byte-level tests on one line of subtitle text.
enum SubtitleLine {
    /// Whether the line holds nothing but spaces and tabs (an empty line ends a block; treating
    /// a whitespace-only line the same forgives files edited by hand).
    static func isBlank(_ bytes: [UInt8], _ line: Range<Int>) -> Bool {
        line.allSatisfy { isSpace(bytes[$0]) }
    }

    /// Whether the line contains `-->`, the mark of a cue timing line.
    static func hasArrow(_ bytes: [UInt8], _ line: Range<Int>) -> Bool {
        arrow(in: bytes, line) != nil
    }

    /// Where `-->` starts in the line, if anywhere.
    static func arrow(in bytes: [UInt8], _ line: Range<Int>) -> Int? {
        guard line.count >= 3 else { return nil }
        var index = line.lowerBound
        while index + 2 < line.upperBound {
            if bytes[index] == 0x2D, bytes[index + 1] == 0x2D, bytes[index + 2] == 0x3E { return index }
            index += 1
        }
        return nil
    }

    /// Whether the line is `keyword` alone or followed by a space or tab (`NOTE`, `STYLE`,
    /// `REGION`, the `WEBVTT` signature).
    static func starts(_ bytes: [UInt8], _ line: Range<Int>, withKeyword keyword: String) -> Bool {
        let word = Array(keyword.utf8)
        guard line.count >= word.count, bytes[line.prefix(word.count)].elementsEqual(word) else { return false }
        return line.count == word.count || isSpace(bytes[line.lowerBound + word.count])
    }

    /// Whether the line is one or more ASCII digits and nothing else (an SRT index).
    static func isDigits(_ bytes: [UInt8], _ line: Range<Int>) -> Bool {
        !line.isEmpty && line.allSatisfy { isDigit(bytes[$0]) }
    }

    /// The line with leading and trailing spaces and tabs removed.
    static func trimmingSpace(_ bytes: [UInt8], _ line: Range<Int>) -> Range<Int> {
        var start = line.lowerBound
        while start < line.upperBound, isSpace(bytes[start]) { start += 1 }
        return trimmingTrailingSpace(bytes, start..<line.upperBound)
    }

    /// The line with trailing spaces and tabs removed.
    static func trimmingTrailingSpace(_ bytes: [UInt8], _ line: Range<Int>) -> Range<Int> {
        var end = line.upperBound
        while end > line.lowerBound, isSpace(bytes[end - 1]) { end -= 1 }
        return line.lowerBound..<end
    }

    /// The line as text; invalid UTF-8 becomes U+FFFD, as the WebVTT decoder does.
    static func text(_ bytes: [UInt8], _ line: Range<Int>) -> String {
        String(decoding: bytes[line], as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0C }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
