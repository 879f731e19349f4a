/// Splits playlist bytes into lines: LF or CRLF ends a line, a leading UTF-8 byte order mark is
/// skipped, and spaces, tabs and CRs around each line are trimmed. Lines are counted from 1.
struct PlaylistLines {
    private let bytes: [UInt8]
    private let maxLineLength: Int
    private var position: Int
    /// The number of the line `next()` returned last.
    private(set) var number = 0
    /// Where that line starts in the bytes, before trimming (columns count from here).
    private(set) var start = 0

    init(bytes: [UInt8], maxLineLength: Int) {
        self.bytes = bytes
        self.maxLineLength = maxLineLength
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        position = hasBOM ? 3 : 0
    }

    /// The trimmed range of the next line in `bytes`, or `nil` at the end.
    mutating func next() throws(PlaylistParseError) -> Range<Int>? {
        let bytes = self.bytes
        guard position < bytes.count else { return nil }
        number += 1
        var end = position
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        guard end - position <= maxLineLength else {
            throw PlaylistParseError(line: number, problem: .limitExceeded(.lineLength(maxLineLength)))
        }
        start = position
        var first = position
        position = end + 1
        while first < end, Self.isTrimmed(bytes[first]) { first += 1 }
        while end > first, Self.isTrimmed(bytes[end - 1]) { end -= 1 }
        return first..<end
    }

    private static func isTrimmed(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
