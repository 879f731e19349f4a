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
        name: String, closing: Bool = true
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
        if closing { try await session.press("Escape") }
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
        playback.qualityOptions = ["270p", "144p"]  // its two variants: the quality button shows
        let audio = try await Self.open(.audio, itemCount: 2, in: session, playback: playback, name: "osc-menu-audio")
        #expect(audio.contains("English") && audio.contains("French"), "tesseract read: \(audio)")
        output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }

    @Test("The quality menu offers Auto and each variant; choosing one fetches only its segments from then on")
    func quality() async throws {
        let server = try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
        defer { server.stop() }
        let ladder = try await HLSTestMedia.ladder(.ts)
        // Two seconds of buffer, paused at once: most of the 8 s ladder is still to be fetched
        // when the choice is made, however slowly the menu opens on a loaded machine.
        let session = try await SpoolWindowSession.start(
            server.url(ladder.masterPlaylistPath).absoluteString, Self.geometry + ["--buffer", "2"])
        try await session.press("space")
        var playback = PlaybackSnapshot(
            phase: .paused, duration: 8, title: "x", isPictureInPicturePossible: true)
        playback.audioOutputs = ["first", "second"]
        playback.qualityOptions = ["360p", "270p", "144p"]
        let menu = try await Self.open(
            .quality, itemCount: 4, in: session, playback: playback, name: "osc-menu-quality", closing: false)
        #expect(menu.contains("Auto") && menu.contains("144p") && menu.contains("360p"), "tesseract read: \(menu)")

        // Choose 144p, the last row: from then on only the lowest variant's segments come.
        let layout = PlayerControlsLayout(
            size: OverlaySize(width: session.window.width, height: session.window.height), playback: playback,
            configuration: PlayerControlsConfiguration(), openMenu: .quality, menuItemCount: 4)
        let row = try #require(layout.menu?.items.last)
        let lowest = try Self.segmentPaths(of: ladder.variantPlaylistPaths[0], in: ladder)
        let others = try ladder.variantPlaylistPaths.dropFirst().flatMap { try Self.segmentPaths(of: $0, in: ladder) }
        let before = server.requests().count
        try await session.click(atX: row.midX, y: row.midY)
        try await session.press("space")
        let switched = await server.waitForRequests(timeout: .seconds(30)) { requests in
            requests.dropFirst(before).contains { lowest.contains($0.path) }
        }
        #expect(switched, "no 144p segment was fetched after choosing it")
        let after = server.requests().dropFirst(before).map(\.path)
        let firstLowest = try #require(after.firstIndex { lowest.contains($0) })
        #expect(!after[firstLowest...].contains { others.contains($0) }, "\(after)")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }

    /// The request paths of a media playlist's segments ("/ts/v0_001.ts").
    static func segmentPaths(of playlistPath: String, in ladder: HLSLadder) throws -> Set<String> {
        let text = try String(contentsOf: ladder.root.appendingPathComponent(playlistPath), encoding: .utf8)
        let directory = (playlistPath as NSString).deletingLastPathComponent
        let names = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        return Set(names.map { "\(directory)/\($0)" })
    }
}
