import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// `SubtitleDecoder` over PGS, DVD and DVB tracks made from `PGSWriter`'s stream: the bitmaps'
/// times against what was written and ffprobe's packets, their rectangles, colours and the
/// presentation they refer to.
@Suite("bitmap subtitles decoded (PGS, DVD, DVB; integration)")
struct BitmapSubtitleDecoderTests {
    /// A decoded subtitle moved onto the item's timeline.
    struct Decoded {
        var start: MediaTime
        var end: MediaTime
        var text: String
        var assEvents: [String]
        var bitmaps: [SubtitleBitmap]
        var referenceSize: PixelSize?
    }

    /// Every subtitle the decoder gives for the file's subtitle track (stream `index`), with times
    /// on the item's timeline (from the container's start).
    static func decodeAll(_ url: URL, stream index: Int) async throws -> (decoded: [Decoded], isBitmap: Bool) {
        try await runOnDedicatedThread { () throws -> ([Decoded], Bool) in
            let demuxer = try Demuxer(source: FileByteSource(url: url), streams: .subtitle(index))
            let stream = try #require(demuxer.subtitle)
            let decoder = try SubtitleDecoder(stream: stream, videoSize: demuxer.subtitleVideoSize)
            var decoded: [Decoded] = []
            while let packet = try demuxer.readPacket() {
                guard let subtitle = try decoder.decode(packet) else { continue }
                decoded.append(
                    Decoded(
                        start: subtitle.start - demuxer.startTime,
                        end: subtitle.end.isNumeric ? subtitle.end - demuxer.startTime : subtitle.end,
                        text: subtitle.text, assEvents: subtitle.assEvents, bitmaps: subtitle.bitmaps,
                        referenceSize: subtitle.referenceSize))
            }
            return (decoded, decoder.isBitmap)
        }
    }

    /// Seconds rounded to the millisecond (an MPEG-TS's 90 kHz times minus its start are not exact).
    static func milliseconds(_ time: MediaTime) -> Double { (time.seconds * 1000).rounded() / 1000 }

    /// ffprobe's packets of stream `index`: time on the item's timeline and size in bytes.
    static func packets(of url: URL, stream index: Int) async throws -> [(time: Double, size: Int)] {
        let ffprobe = try ToolRunner.find("ffprobe")
        let output = try await ToolRunner.run(
            ffprobe,
            [
                "-v", "error", "-show_entries", "packet=stream_index,pts_time,size:format=start_time", "-of",
                "csv=p=0", url.path,
            ], timeout: .seconds(60))
        let lines = output.outputText.split(separator: "\n")
        let start = lines.last.flatMap { Double($0) } ?? 0
        return lines.compactMap { line in
            let fields = line.split(separator: ",")
            guard fields.count == 3, fields[0] == "\(index)", let time = Double(fields[1]), let size = Int(fields[2])
            else {
                return nil
            }
            return (((time - start) * 1000).rounded() / 1000, size)
        }
    }

    @Test(
        "each format: two pictures at the written times, each ended where written",
        arguments: BitmapSubtitleMedia.Format.allCases)
    func timesMatchWhatWasWritten(_ format: BitmapSubtitleMedia.Format) async throws {
        let url = try await BitmapSubtitleMedia.url(for: format)
        let (decoded, isBitmap) = try await Self.decodeAll(url, stream: format.subtitleStream)
        #expect(isBitmap)
        let pictures = decoded.filter { !$0.bitmaps.isEmpty }
        let written = BitmapSubtitleMedia.subtitles
        #expect(pictures.map { Self.milliseconds($0.start) } == written.map(\.start), "\(format)")
        #expect(pictures.allSatisfy { $0.text.isEmpty && $0.assEvents.isEmpty })
        // The end a player uses: the subtitle's own, or the next subtitle's start if earlier.
        var ends: [Double] = []
        for (index, subtitle) in decoded.enumerated() where !subtitle.bitmaps.isEmpty {
            let next = decoded.dropFirst(index + 1).first?.start ?? .positiveInfinity
            ends.append(Self.milliseconds(min(subtitle.end, next)))
        }
        // DVD's stop command counts in 1024/90000 s (11.4 ms) and ffmpeg's encoder rounds down.
        let tolerance = format == .dvd ? 1024.0 / 90_000 : 0.0005
        #expect(
            zip(ends, written).allSatisfy { abs($0 - $1.end) <= tolerance } && ends.count == written.count,
            "\(format): \(ends)")
        switch format {
        case .pgs:
            // PGS states no end: every display set shows until the next; the empty ones clear.
            #expect(pictures.allSatisfy { $0.end == .positiveInfinity })
            #expect(decoded.filter(\.bitmaps.isEmpty).map { Self.milliseconds($0.start) } == written.map(\.end))
        case .dvd:
            // DVD's stop command ends each subtitle itself: 175 and 131 ticks of 1024/90000 s.
            #expect(pictures.map { Self.milliseconds($0.end) } == [2.991, 5.49])
        case .dvb:
            // DVB's page timeout is later; ffmpeg's encoder clears the page with an empty one.
            #expect(pictures.allSatisfy { $0.end.isNumeric })
            #expect(decoded.filter(\.bitmaps.isEmpty).map { Self.milliseconds($0.start) } == written.map(\.end))
        }
    }

    @Test("each format: the picture packets' times are ffprobe's", arguments: BitmapSubtitleMedia.Format.allCases)
    func timesMatchFFprobe(_ format: BitmapSubtitleMedia.Format) async throws {
        let url = try await BitmapSubtitleMedia.url(for: format)
        let (decoded, _) = try await Self.decodeAll(url, stream: format.subtitleStream)
        // A packet with a picture holds its run-length data: hundreds of bytes; a clear, a few dozen.
        let pictures = try await Self.packets(of: url, stream: format.subtitleStream).filter { $0.size > 100 }
        #expect(
            pictures.map(\.time) == decoded.filter { !$0.bitmaps.isEmpty }.map { Self.milliseconds($0.start) },
            "\(format)")
        #expect(pictures.count == 2)
    }

    @Test(
        "each format: position, size, reference size, colour inside, hole transparent",
        arguments: BitmapSubtitleMedia.Format.allCases)
    func picturesAreTheWrittenBlocks(_ format: BitmapSubtitleMedia.Format) async throws {
        let url = try await BitmapSubtitleMedia.url(for: format)
        let pictures = try await Self.decodeAll(url, stream: format.subtitleStream).decoded.filter {
            !$0.bitmaps.isEmpty
        }
        try #require(pictures.count == BitmapSubtitleMedia.subtitles.count)
        for (subtitle, written) in zip(pictures, BitmapSubtitleMedia.subtitles) {
            #expect(subtitle.referenceSize == PixelSize(width: 640, height: 360), "\(format)")
            #expect(subtitle.bitmaps.count == 1)
            let bitmap = try #require(subtitle.bitmaps.first)
            // Inked pixels may only be inside the written block; its corners are inked.
            let inked = (0..<bitmap.height).flatMap { row in
                (0..<bitmap.width).compactMap { column in
                    bitmap.color(column: column, row: row).alpha > 128 ? (bitmap.x + column, bitmap.y + row) : nil
                }
            }
            #expect(
                inked.map(\.0).min() == written.x && inked.map(\.1).min() == written.y,
                "\(format) \(bitmap.x),\(bitmap.y)")
            #expect(inked.map(\.0).max() == written.x + written.width - 1, "\(format)")
            #expect(inked.map(\.1).max() == written.y + written.height - 1, "\(format)")
            let corner = bitmap.color(column: written.x - bitmap.x + 2, row: written.y - bitmap.y + 2)
            for (channel, expected) in [
                (corner.red, written.color.red), (corner.green, written.color.green), (corner.blue, written.color.blue),
            ] {
                #expect(abs(Int(channel) - Int(expected)) <= 12, "\(format): \(corner) for \(written.color)")
            }
            #expect(corner.alpha == 255)
            let middle = bitmap.color(
                column: written.x + written.width / 2 - bitmap.x, row: written.y + written.height / 2 - bitmap.y)
            #expect(middle.alpha == 0, "\(format): the hole is \(middle)")
        }
    }

    @Test("a text track is not a bitmap one and gives no bitmaps")
    func textTrackHasNoBitmaps() async throws {
        let url = try TestMedia.file(named: "bitmap-decoder-text.srt", contents: Data(TestMedia.subRipText.utf8))
        let (decoded, isBitmap) = try await runOnDedicatedThread { () throws -> ([DecodedSubtitle], Bool) in
            let demuxer = try Demuxer(source: FileByteSource(url: url), streams: .subtitle(0))
            let decoder = try SubtitleDecoder(stream: try #require(demuxer.subtitle))
            var decoded: [DecodedSubtitle] = []
            while let packet = try demuxer.readPacket() {
                if let next = try decoder.decode(packet) { decoded.append(next) }
            }
            return (decoded, decoder.isBitmap)
        }
        #expect(!isBitmap)
        #expect(decoded.map(\.text) == ["Hello", "World"])
        #expect(decoded.allSatisfy { $0.bitmaps.isEmpty && $0.referenceSize == nil })
    }
}
