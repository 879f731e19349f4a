public import Foundation

/// Writes Blu-ray PGS subtitles (a `.sup` stream: HDMV presentation graphics) for tests.
///
/// Why the suite writes PGS itself: Debian's ffmpeg 5.1 cannot turn text into bitmap
/// subtitles (it has no text-to-bitmap encoder, and its only PGS path is `-c:s copy`), and no
/// media may be downloaded or committed. A PGS stream is simple enough to write byte by byte,
/// and from it ffmpeg makes the other bitmap formats (`-c:s dvdsub`, `-c:s dvbsub` encode
/// bitmap to bitmap). Writing it here also means the tests know exactly what each subtitle
/// holds: its times, its rectangle and its colour.
///
/// Each subtitle becomes two display sets: at `start` an epoch start (PCS with one object,
/// WDS, PDS with a two-entry palette, ODS with the run-length encoded picture, END); at `end`
/// an empty composition (PCS with no object, WDS, END), which clears the screen, as PGS has
/// no durations.
public enum PGSWriter {
    /// One subtitle: a `width` × `height` block of `color` at (`x`, `y`) of the presentation,
    /// with a transparent hole in its middle (the middle half of each side), shown from
    /// `start` to `end` (seconds).
    public struct Subtitle: Sendable {
        /// When it appears, in seconds.
        public var start: Double
        /// When an empty display set clears it, in seconds.
        public var end: Double
        /// Its rectangle on the presentation.
        public var x: Int, y: Int, width: Int, height: Int
        /// Its opaque colour: red, green, blue.
        public var color: (red: UInt8, green: UInt8, blue: UInt8)

        /// A subtitle.
        public init(
            start: Double, end: Double, x: Int, y: Int, width: Int, height: Int,
            color: (red: UInt8, green: UInt8, blue: UInt8)
        ) {
            (self.start, self.end, self.x, self.y, self.width, self.height) = (start, end, x, y, width, height)
            self.color = color
        }

        /// The hole: transparent pixels inside the rectangle, in the bitmap's own coordinates.
        public var hole: (x: Int, y: Int, width: Int, height: Int) {
            (width / 4, height / 4, width - 2 * (width / 4), height - 2 * (height / 4))
        }

        /// Whether the bitmap's pixel (`column`, `row`) is coloured (else transparent).
        public func isInked(column: Int, row: Int) -> Bool {
            let hole = hole
            return !(column >= hole.x && column < hole.x + hole.width && row >= hole.y && row < hole.y + hole.height)
        }
    }

    /// The `.sup` bytes of `subtitles` on a `width` × `height` presentation.
    public static func sup(width: Int, height: Int, subtitles: [Subtitle]) -> Data {
        var data = Data()
        var composition = 0
        for subtitle in subtitles {
            let window = windowDefinition(subtitle)
            let show = ticks(subtitle.start)
            data += segment(.presentation, pts: show, presentation(width, height, composition, objects: [subtitle]))
            data += segment(.window, pts: show, window)
            data += segment(.palette, pts: show, palette(subtitle.color, height: height))
            data += segment(.object, pts: show, object(subtitle))
            data += segment(.end, pts: show, Data())
            composition += 1
            let clear = ticks(subtitle.end)
            data += segment(.presentation, pts: clear, presentation(width, height, composition, objects: []))
            data += segment(.window, pts: clear, window)
            data += segment(.end, pts: clear, Data())
            composition += 1
        }
        return data
    }

    private enum SegmentType: UInt8 {
        case palette = 0x14, object = 0x15, presentation = 0x16, window = 0x17, end = 0x80
    }

    /// 90 kHz ticks.
    private static func ticks(_ seconds: Double) -> UInt32 { UInt32((seconds * 90_000).rounded()) }

    private static func segment(_ type: SegmentType, pts: UInt32, _ body: Data) -> Data {
        var data = Data("PG".utf8)
        data += be32(pts) + be32(0) + [type.rawValue] + be16(body.count)
        return data + body
    }

    private static func be16(_ value: Int) -> Data { Data([UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]) }
    private static func be32(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// PCS: video size, frame rate code 0x10, composition number, state (0x80 epoch start
    /// with objects, 0x00 normal when clearing), no palette update, palette 0, the objects.
    private static func presentation(_ width: Int, _ height: Int, _ number: Int, objects: [Subtitle]) -> Data {
        var data = be16(width) + be16(height) + [0x10] + be16(number)
        data += [objects.isEmpty ? 0x00 : 0x80, 0x00, 0x00, UInt8(objects.count)]
        for (index, subtitle) in objects.enumerated() {
            // Object id, window id, not cropped, position.
            data += be16(index) + [UInt8(index), 0x00] + be16(subtitle.x) + be16(subtitle.y)
        }
        return data
    }

    /// WDS: one window, the subtitle's rectangle.
    private static func windowDefinition(_ subtitle: Subtitle) -> Data {
        Data([1, 0]) + be16(subtitle.x) + be16(subtitle.y) + be16(subtitle.width) + be16(subtitle.height)
    }

    /// PDS: entry 0 transparent, entry 1 the colour, opaque; Y, Cr, Cb in studio range with the
    /// matrix FFmpeg's decoder converts back with (BT.601 up to 576 lines, else BT.709).
    private static func palette(_ color: (red: UInt8, green: UInt8, blue: UInt8), height: Int) -> Data {
        let (r, g, b) = (Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
        let (kr, kb) = height <= 576 ? (0.299, 0.114) : (0.2126, 0.0722)
        let luma = kr * r + (1 - kr - kb) * g + kb * b
        func byte(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
        let y = byte(16 + 219 * luma)
        let cb = byte(128 + 224 * (b - luma) / (2 * (1 - kb)))
        let cr = byte(128 + 224 * (r - luma) / (2 * (1 - kr)))
        // Palette id 0, version 0; entries: id, Y, Cr, Cb, alpha.
        return Data([0, 0, 0, 16, 128, 128, 0, 1, y, cr, cb, 255])
    }

    /// ODS: object 0, version 0, first and last fragment, the data length (3 bytes: the size
    /// fields and the run-length data), the size, the runs.
    private static func object(_ subtitle: Subtitle) -> Data {
        let runs = runLengthEncoded(subtitle)
        let length = runs.count + 4
        var data = be16(0) + [0, 0xC0, UInt8(length >> 16), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        data += be16(subtitle.width) + be16(subtitle.height)
        return data + runs
    }

    /// PGS run-length coding, line by line: a non-zero byte is one pixel of that colour;
    /// 0x00 starts a run (`00 00` ends the line, `00 0L`/`00 4L LL` are L transparent pixels,
    /// `00 8L CC`/`00 CL LL CC` are L pixels of colour CC).
    static func runLengthEncoded(_ subtitle: Subtitle) -> Data {
        var data = Data()
        for row in 0..<subtitle.height {
            var column = 0
            while column < subtitle.width {
                let color: UInt8 = subtitle.isInked(column: column, row: row) ? 1 : 0
                var length = 1
                while column + length < subtitle.width, length < 16383,
                    (subtitle.isInked(column: column + length, row: row) ? 1 : 0) == color
                {
                    length += 1
                }
                data += run(color: color, length: length)
                column += length
            }
            data += [0, 0]
        }
        return data
    }

    private static func run(color: UInt8, length: Int) -> Data {
        switch (color, length) {
        case (0, ..<64): Data([0, UInt8(length)])
        case (0, _): Data([0, 0x40 | UInt8(length >> 8), UInt8(length & 0xFF)])
        case (_, ..<3): Data(repeating: color, count: length)
        case (_, ..<64): Data([0, 0x80 | UInt8(length), color])
        default: Data([0, 0xC0 | UInt8(length >> 8), UInt8(length & 0xFF), color])
        }
    }
}
