import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Bitmap subtitle tracks (PGS, DVD, DVB) of a played file: listed in the legible group,
/// selectable, and delivered to a `PlayerItemLegibleOutput` as image cues with the times,
/// rectangles and colours `PGSWriter` wrote. Media made at test time (`BitmapSubtitleMedia`).
@Suite("bitmap subtitle tracks delivered as image cues (integration)", .serialized)
struct BitmapSubtitlesIntegrationTests {
    static func milliseconds(_ time: MediaTime) -> Double { (time.seconds * 1000).rounded() / 1000 }

    @MainActor
    @Test(
        "each format: the track is a legible option; selected, its two pictures arrive with their times and places",
        arguments: BitmapSubtitleMedia.Format.allCases)
    func imageCuesThroughLegibleOutput(_ format: BitmapSubtitleMedia.Format) async throws {
        let url = try await BitmapSubtitleMedia.url(for: format)
        let player = Player(
            configuration: EngineConfigurations.untimed(
                wavPrefix: try PlayTool.scratchPath("bitmap-\(format)"), video: NullVideoOutput()))
        let item = PlayerItem(url: url)
        let legible = try #require(try await item.asset.loadMediaSelectionGroup(for: .legible))
        #expect(legible.options.map(\.codecName) == [format.codecName])
        #expect(legible.options.map(\.trackID) == [format.subtitleStream])
        #expect(legible.options.map(\.extendedLanguageTag) == ["en"])
        try #require(legible.options.count == 1)
        item.select(legible.options[0], in: legible)
        let output = PlayerItemLegibleOutput()
        item.add(output)
        let cues = StreamRecorder(output.cues)
        defer { cues.stop() }
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await cues.wait { $0.count == 2 }, "\(format): \(cues.elements.count) cues")
        let written = BitmapSubtitleMedia.subtitles
        let delivered = cues.elements
        #expect(delivered.map { Self.milliseconds($0.start) } == written.map(\.start), "\(format)")
        // DVD's stop command counts in 1024/90000 s (11.4 ms) and ffmpeg's encoder rounds down.
        let tolerance = format == .dvd ? 1024.0 / 90_000 : 0.0005
        #expect(
            zip(delivered, written).allSatisfy { abs($0.end.seconds - $1.end) <= tolerance } && delivered.count == 2,
            "\(format): \(delivered.map(\.end.seconds))")
        #expect(delivered.allSatisfy { $0.text.isEmpty && $0.ass == nil })
        for (cue, subtitle) in zip(delivered, written) {
            let bitmap = try #require(cue.bitmap)
            #expect(bitmap.referenceSize == PixelSize(width: 640, height: 360))
            let image = try #require(bitmap.images.first)
            // The image covers the written block (encoders may pad it with transparent pixels).
            #expect(image.x <= subtitle.x && image.y <= subtitle.y, "\(format)")
            #expect(image.x + image.width >= subtitle.x + subtitle.width, "\(format)")
            #expect(image.y + image.height >= subtitle.y + subtitle.height, "\(format)")
            let inside = image.color(column: subtitle.x - image.x + 3, row: subtitle.y - image.y + 3)
            #expect(inside.alpha == 255 && abs(Int(inside.red) - Int(subtitle.color.red)) <= 12, "\(format)")
            #expect(abs(Int(inside.green) - Int(subtitle.color.green)) <= 12, "\(format): \(inside)")
        }
    }

    @Test("spool play --sub-lang eng --events: the PGS track's cues, with their pictures, at ffprobe's times")
    func cueEventsFromTheCommandLine() async throws {
        let url = try await BitmapSubtitleMedia.url(for: .pgs)
        let events = try PlayTool.scratchPath("bitmap-cues.jsonl")
        let run = try await PlayTool.spool(
            ["play", "--vo", "null", "--ao", "null", "--untimed", "--events", events, "--sub-lang", "eng", url.path])
        #expect(run.status == 0, "\(run.errorText)")
        let cues = try PlayEvent.read(events).filter { $0.type == "cue" }
        let probe = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            ["-v", "error", "-select_streams", "2", "-show_entries", "packet=pts_time", "-of", "csv=p=0", url.path],
            timeout: .seconds(60))
        // Two display sets per subtitle: its picture, then the empty one that clears it.
        let packets = probe.outputText.split(separator: "\n").compactMap { Double($0) }
        #expect(cues.map { $0.fields["start"] as? Double } == [1.0, 4.0])
        #expect(cues.map { $0.fields["end"] as? Double } == [3.0, 5.5])
        #expect(cues.map { $0.fields["images"] as? Double } == [1, 1])
        #expect(packets == [1.0, 3.0, 4.0, 5.5])
    }
}
