import SpoolUI
import Testing

/// Chapter marks on the drawn timeline. Screenshot: `.build/test-screenshots/controls-chapters.png`.
@Suite("Controls chapter marks drawing")
struct PlayerControlsChapterDrawingTests {
    @Test("Each chapter start is marked on the timeline; the timeline elsewhere is as without chapters")
    func marks() async throws {
        let renderer = try PlayerControlsRenderer()
        // The playhead at 8:20, away from every mark (its knob would cover one).
        var playback = ControlsHarness.playing
        playback.currentTime = 500
        let plain = ControlsHarness(playback)
        playback.markers = ControlsChapterTests.chaptered.markers
        let chaptered = ControlsHarness(playback)
        let without = renderer.render(plain.model)
        let with = renderer.render(chaptered.model)
        try await OverlayScreenshots.save(with, as: "controls-chapters")
        let timeline = chaptered.frame(of: .timeline)
        func column(_ image: OverlayImage, at time: Double) throws -> OverlayImage {
            let x = try #require(chaptered.model.x(atTime: time))
            return image.cropped(to: OverlayRect(x: x - 1, y: timeline.y, width: 3, height: timeline.height))
        }
        for time in [80.0, 300] {
            #expect(try column(with, at: time) != column(without, at: time), "no mark at \(time) s")
        }
        for time in [40.0, 200, 450, 560] {
            #expect(try column(with, at: time) == column(without, at: time), "a mark at \(time) s")
        }
    }
}
