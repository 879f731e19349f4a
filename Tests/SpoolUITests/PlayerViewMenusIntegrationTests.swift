import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// Each menu of `spool play`'s controls opened with a real click, seen in a screenshot and read
/// back by tesseract: speed and the route picker (the test PulseAudio server's two sinks) on a
/// local clip, subtitles and audio on HLS ladders with those renditions over nginx.
@Suite("spool play's menus (Xvfb + xdotool + tesseract)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewMenusIntegrationTests {
    /// Opens `menu` by clicking its button (with the controls shown), then returns the panel's
    /// screenshot, saved as `name`, and what tesseract reads in it; Escape closes it again.
    static func open(
        _ menu: ControlsMenuKind, itemCount: Int, in session: SpoolWindowSession, playback: PlaybackSnapshot,
        name: String
    ) async throws -> String {
        let size = OverlaySize(width: session.window.width, height: session.window.height)
        let configuration = PlayerControlsConfiguration()
        let closed = PlayerControlsLayout(size: size, playback: playback, configuration: configuration)
        let button = try #require(closed.frame(of: menu.button), "no \(menu) button in \(closed.visibleControls)")
        let layout = PlayerControlsLayout(
            size: size, playback: playback, configuration: configuration, openMenu: menu, menuItemCount: itemCount)
        let panel = try #require(layout.menu?.panel)
        // The buttons appear once the item's media-selection groups are loaded, and each one
        // that appears pushes the speed button left: wait until its "1×" is drawn where this
        // layout puts it (the left half of its frame), keeping the controls up meanwhile.
        #expect(try await session.waitForEvent("ready"), "the item never became ready")
        let speed = try #require(closed.frame(of: .speedMenu))
        let speedLeftHalf = OverlayRect(x: speed.x, y: speed.midY - 6, width: speed.width / 2, height: 12)
        var placed = false
        for step in 0..<50 where !placed {
            try await session.movePointer(toX: button.midX - 20 + step % 2, y: button.midY)
            placed = try await session.screenshot().brightest(in: speedLeftHalf) > 200
        }
        #expect(placed, "the controls never showed the \(menu) button where expected")
        try await session.movePointer(toX: button.midX - 20, y: button.midY)
        try await session.click(atX: button.midX, y: button.midY)
        // The panel is dark and nearly opaque over any video: wait until it is there (its top
        // padding, above the rows, one of which is highlighted).
        let padding = OverlayRect(x: panel.x + 12, y: panel.y + 2, width: panel.width - 24, height: 4)
        let shown = try await session.screenshot(within: .seconds(10)) { $0.brightest(in: padding) < 60 }
        #expect(shown.held, "the \(menu) menu did not open")
        try await shown.pixels.save(as: name)
        let read = try await OCR.read(shown.pixels.image(of: panel), name: "\(name)-ocr", pageMode: 6)
        try await session.press("Escape")
        return read
    }

    static let geometry = ["--geometry", "1280x720"]

    @Test("The speed menu lists the speeds and the route picker lists the sound server's outputs")
    func speedAndRoutePicker() async throws {
        let clip = try await PlayerViewWindowIntegrationTests.flatClip()
        let session = try await SpoolWindowSession.start(clip, Self.geometry + ["--ao", "pulse"])
        var playback = PlaybackSnapshot(
            phase: .playing, duration: 20, title: "x", hasNextItem: true, isPictureInPicturePossible: true)
        playback.audioOutputs = ["first", "second"]
        let speeds = try await Self.open(.speed, itemCount: 7, in: session, playback: playback, name: "osc-menu-speed")
        #expect(speeds.contains("1.5") && speeds.contains("0.75"), "tesseract read: \(speeds)")
        let outputs = try await Self.open(
            .audioOutput, itemCount: 2, in: session, playback: playback, name: "osc-menu-audio-output")
        #expect(outputs.lowercased().contains("null"), "tesseract read: \(outputs)")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }

    @Test("The subtitles menu offers Off and the rendition; the audio menu both languages")
    func subtitlesAndAudio() async throws {
        let server = try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
        defer { server.stop() }
        let subtitled = try await HLSTestMedia.ladder(.subtitles)
        var session = try await SpoolWindowSession.start(
            server.url(subtitled.masterPlaylistPath).absoluteString, Self.geometry + ["--loop", "5"])
        var playback = PlaybackSnapshot(
            phase: .playing, duration: 20, title: "x", subtitleOptions: ["subtitles"], hasNextItem: true,
            isPictureInPicturePossible: true)
        playback.audioOutputs = ["first", "second"]
        let subtitles = try await Self.open(
            .subtitles, itemCount: 2, in: session, playback: playback, name: "osc-menu-subtitles")
        #expect(subtitles.contains("Off"), "tesseract read: \(subtitles)")
        var output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")

        let dubbed = try await HLSTestMedia.ladder(.twoAudioLanguages)
        session = try await SpoolWindowSession.start(
            server.url(dubbed.masterPlaylistPath).absoluteString, Self.geometry + ["--loop", "5"])
        playback.subtitleOptions = []
        playback.audioOptions = ["English", "French"]
        let audio = try await Self.open(.audio, itemCount: 2, in: session, playback: playback, name: "osc-menu-audio")
        #expect(audio.contains("English") && audio.contains("French"), "tesseract read: \(audio)")
        output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}
