import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// A failed item in `spool play --keep-open`: the window shows the player's message in the
/// error banner (read back by tesseract), and its Next button, clicked with the real pointer,
/// goes on (here: to the end of the queue, exit status 1 for the failure).
@Suite("spool play's error banner (Xvfb + xdotool + tesseract)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewBannerIntegrationTests {
    @Test("The banner's message is readable on screen and Next moves on")
    func bannerReadsBackAndNextMovesOn() async throws {
        let broken = try TestMedia.file(
            named: "banner-not-media.mp4", contents: TestMedia.pseudoRandomBytes(count: 64 * 1024, seed: 7))
        let session = try await SpoolWindowSession.start(broken.path, ["--keep-open", "--geometry", "1280x720"])
        let message = "unsupported format"
        var playback = PlaybackSnapshot(phase: .failed(message: message), title: "x", hasNextItem: true)
        playback.isPictureInPicturePossible = true
        let layout = PlayerControlsLayout(
            size: OverlaySize(width: session.window.width, height: session.window.height), playback: playback,
            configuration: PlayerControlsConfiguration())
        let banner = try #require(layout.banner)
        let next = try #require(layout.frame(of: .skipFailedItem))
        // The banner is drawn once the item has failed: wait for its panel to differ from black.
        let shown = try await session.screenshot { $0.largestDifference(in: banner, from: (0, 0, 0)) > 20 }
        #expect(shown.held, "no error banner appeared")
        try await shown.pixels.save(as: "osc-error-banner")

        let read = try await OCR.read(shown.pixels.image(of: banner), name: "osc-error-banner-ocr", pageMode: 6)
        #expect(read.contains("Playback failed"), "tesseract read: \(read)")
        #expect(read.contains("unsupported format"), "tesseract read: \(read)")

        try await session.click(atX: next.midX, y: next.midY)
        let output = try await session.run.value
        #expect(output.status == 1, "a failed item makes the exit status 1; stderr: \(output.errorText)")
        #expect(output.errorText.contains("unsupported format"))
    }
}

/// tesseract (Debian's tesseract-ocr) reading text drawn on screen.
enum OCR {
    /// What tesseract reads in `image` (prepared as `OverlayScreenshots.forOCR` does, saved as
    /// `<name>.png`); `pageMode` 7 for one line, 6 for a block.
    static func read(_ image: OverlayImage, name: String, pageMode: Int = 7) async throws -> String {
        // forOCR turns light text on a dark ground into dark on light; dark text on a light
        // ground (black on the yellow Ad label) is inverted first so it comes out the same.
        var source = image
        var lightness: [Int] = []
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let sum = Int(image.pixels[index]) + Int(image.pixels[index + 1]) + Int(image.pixels[index + 2])
            lightness.append(sum / 3)
        }
        lightness.sort()
        if let median = lightness.dropFirst(lightness.count / 2).first, median > 128 {
            var inverted = image.pixels
            for index in inverted.indices where index % 4 != 3 { inverted[index] = 255 - inverted[index] }
            source = OverlayImage(width: image.width, height: image.height, pixels: inverted) ?? image
        }
        var prepared = OverlayScreenshots.forOCR(
            source, OverlayRect(x: 0, y: 0, width: image.width, height: image.height), factor: 3)
        // Black ink on white: a highlighted row's grey would otherwise hide its text from
        // tesseract.
        var ink = prepared.pixels
        for index in ink.indices where index % 4 != 3 { ink[index] = ink[index] < 128 ? 0 : 255 }
        prepared = OverlayImage(width: prepared.width, height: prepared.height, pixels: ink) ?? prepared
        let url = try await OverlayScreenshots.save(prepared, as: name)
        let result = try await ToolRunner.run(
            try ToolRunner.find("tesseract"), [url.path, "stdout", "--psm", "\(pageMode)"], timeout: .seconds(60))
        #expect(result.status == 0, "tesseract: \(result.errorText)")
        return result.outputText.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
