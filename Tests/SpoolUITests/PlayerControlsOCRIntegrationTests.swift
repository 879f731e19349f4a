import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// The drawn overlay read back by other programs: tesseract (Debian's tesseract-ocr) reads
/// the time labels and the error banner, and ffmpeg decodes the PNG to the same pixels.
@Suite("Controls overlay read back", .timeLimit(.minutes(3)))
struct PlayerControlsOCRIntegrationTests {
    let renderer: PlayerControlsRenderer

    init() throws {
        renderer = try PlayerControlsRenderer()
    }

    /// What tesseract reads in `rect` of `image` (saved as `<name>.png` for a person to see).
    func read(_ image: OverlayImage, _ rect: OverlayRect, name: String) async throws -> String {
        let url = try await OverlayScreenshots.save(OverlayScreenshots.forOCR(image, rect), as: name)
        let tesseract = try ToolRunner.find("tesseract")
        let result = try await ToolRunner.run(tesseract, [url.path, "stdout", "--psm", "7"], timeout: .seconds(60))
        #expect(result.status == 0, "tesseract: \(result.errorText)")
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("tesseract reads the elapsed and total labels, then the remaining time after a click")
    func timeLabels() async throws {
        var harness = ControlsHarness()
        let image = renderer.render(harness.model)
        try await OverlayScreenshots.save(image, as: "controls-time-labels")
        #expect(try await read(image, harness.frame(of: .elapsedTime), name: "ocr-elapsed") == "1:23")
        #expect(try await read(image, harness.frame(of: .timeLabel), name: "ocr-total") == "10:00")
        harness.click(.timeLabel)
        let remaining = renderer.render(harness.model)
        #expect(try await read(remaining, harness.frame(of: .timeLabel), name: "ocr-remaining") == "-8:37")
    }

    @Test("An hour-long item's labels read with hours")
    func hourLabels() async throws {
        var playback = ControlsHarness.playing
        playback.duration = 5400
        let harness = ControlsHarness(playback)
        let image = renderer.render(harness.model)
        #expect(try await read(image, harness.frame(of: .elapsedTime), name: "ocr-elapsed-hours") == "0:01:23")
        #expect(try await read(image, harness.frame(of: .timeLabel), name: "ocr-total-hours") == "1:30:00")
    }

    @Test("The error banner's message is readable")
    func bannerText() async throws {
        var playback = ControlsHarness.playing
        playback.phase = .failed(message: "The server answered 404")
        let harness = ControlsHarness(playback)
        let image = renderer.render(harness.model)
        let banner = try #require(harness.model.layout.banner)
        let messageRow = OverlayRect(x: banner.x + 20, y: banner.y + 44, width: banner.width - 40, height: 22)
        #expect(try await read(image, messageRow, name: "ocr-banner") == "The server answered 404")
        #expect(try await read(image, harness.frame(of: .retry), name: "ocr-retry") == "Retry")
    }

    @Test("ffmpeg decodes the PNG to exactly the rendered pixels")
    func pngRoundTrip() async throws {
        var harness = ControlsHarness()
        harness.click(.speedMenu)
        let image = renderer.render(harness.model)
        let url = try await OverlayScreenshots.save(image, as: "controls-png-roundtrip")
        let ffmpeg = try ToolRunner.find("ffmpeg")
        let decoded = try await ToolRunner.run(
            ffmpeg,
            [
                "-nostdin", "-hide_banner", "-loglevel", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba",
                "-",
            ],
            timeout: .seconds(30))
        #expect(decoded.status == 0, "ffmpeg: \(decoded.errorText)")
        #expect([UInt8](decoded.standardOutput) == image.pixels)
    }
}
