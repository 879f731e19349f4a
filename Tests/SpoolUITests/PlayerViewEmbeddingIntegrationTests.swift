import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// `spool play --wid ID` inside another X client's window (Tests/X11Host/embed_host.py, over
/// python3-xlib): the video and the controls show inside it, and the player follows when that
/// client resizes its window.
@Suite("spool play embedded in another window (--wid)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewEmbeddingIntegrationTests {
    static let host = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("X11Host/embed_host.py")

    /// The child windows of `id` as xwininfo lists them ("0x… "name": … WxH+X+Y …").
    static func children(of id: String) async throws -> String {
        try await ToolRunner.run(try ToolRunner.find("xwininfo"), ["-id", id, "-children"], timeout: .seconds(10))
            .outputText
    }

    @Test("The video and its controls fill the host window and follow its resize")
    func embedsAndFollowsResizes() async throws {
        let idFile = try TestMedia.directory().appendingPathComponent("embed-\(UUID().uuidString).id")
        let host = Task {
            try await ToolRunner.run(
                URL(fileURLWithPath: "/usr/bin/python3"), [Self.host.path, idFile.path, "--seconds", "60"],
                timeout: .seconds(90))
        }
        var id = ""
        for _ in 0..<100 where id.isEmpty {
            id = (try? String(contentsOf: idFile, encoding: .utf8)) ?? ""
            if id.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        try #require(id.hasPrefix("0x"), "the host window did not appear")
        let session = try await SpoolWindowSession.start(
            try await PlayerViewWindowIntegrationTests.flatClip(), ["--wid", id])
        // The player's window is the host's child, at its origin, at its size.
        #expect(
            (session.window.x, session.window.y, session.window.width, session.window.height) == (100, 80, 800, 450))
        let layout = session.layout(duration: 20)
        let buttons = OverlayRect(x: 0, y: layout.bar.y + layout.bar.height / 2, width: layout.bar.width, height: 8)
        try await session.movePointer(toX: 400, y: 150)
        try await session.movePointer(toX: 405, y: 150)
        let shown = try await session.screenshot {
            $0.largestDifference(in: buttons, from: PlayerViewWindowIntegrationTests.videoColor) > 60
                && $0.largestDifference(
                    in: OverlayRect(x: 300, y: 150, width: 200, height: 100),
                    from: PlayerViewWindowIntegrationTests.videoColor)
                    <= PlayerViewWindowIntegrationTests.sameColor
        }
        #expect(shown.held, "no video with controls inside the host window")
        try await shown.pixels.save(as: "osc-embedded-wid")

        try await SpoolWindowSession.xdotool(["windowsize", id, "640", "360"])
        var followed = false
        for _ in 0..<50 where !followed {
            followed = try await Self.children(of: id).contains("640x360+0+0")
            if !followed { try await Task.sleep(for: .milliseconds(100)) }
        }
        let children = try await Self.children(of: id)
        #expect(followed, "the player did not follow the host's resize: \(children)")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let hostRun = try await host.value
        #expect(!hostRun.timedOut && hostRun.status == 0, "host: \(hostRun.errorText)")
    }
}
