import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// The hover tooltip over a chaptered timeline, read back by tesseract.
@Suite("Controls chapter tooltip read back", .timeLimit(.minutes(3)))
struct PlayerControlsChapterOCRIntegrationTests {
    @Test("Hovering the timeline shows the time and the chapter's title under the pointer")
    func tooltip() async throws {
        let renderer = try PlayerControlsRenderer()
        var harness = ControlsHarness(ControlsChapterTests.chaptered)
        let timeline = harness.frame(of: .timeline)
        let x = try #require(harness.model.x(atTime: 450))
        harness.send(.pointerMoved(to: OverlayPoint(x: x, y: timeline.midY)))
        #expect(harness.model.hoverText?.hasSuffix(" · The chase") == true)
        let image = renderer.render(harness.model)
        try await OverlayScreenshots.save(image, as: "controls-chapter-hover")
        let strip = OverlayRect(x: x - 150, y: timeline.y - 40, width: 300, height: 36)
        let url = try await OverlayScreenshots.save(OverlayScreenshots.forOCR(image, strip), as: "ocr-chapter-hover")
        let tesseract = try ToolRunner.find("tesseract")
        let result = try await ToolRunner.run(tesseract, [url.path, "stdout", "--psm", "7"], timeout: .seconds(60))
        #expect(result.status == 0, "tesseract: \(result.errorText)")
        let text = result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.hasPrefix("7:"), "tesseract read '\(text)'")
        #expect(text.contains("The chase"), "tesseract read '\(text)'")
    }
}
