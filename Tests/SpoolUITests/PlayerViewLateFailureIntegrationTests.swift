import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// The seed's rule on screen: a late failure of an item the user already skipped never puts
/// an error banner over the item that plays now. The queue is a clip, an item whose server
/// answers 404 only after 8 s, and the clip again; `n` twice skips the slow one while it is
/// still opening; its failure comes after, and the window keeps showing the third item's video.
@Suite("spool play: no late error over the next item (Xvfb)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewLateFailureIntegrationTests {
    @Test("A slow item that fails after Next leaves no banner over the next one")
    func lateFailureAfterNext() async throws {
        let clip = try await PlayerViewWindowIntegrationTests.flatClip()
        let slow = try LoopbackHTTPServer()
        defer { slow.stop() }
        var notFoundLate = ScriptedResponse.status(404)
        notFoundLate.latency = .seconds(8)
        slow.setRoute("/slow.mp4", notFoundLate)
        let session = try await SpoolWindowSession.start(
            clip, ["--geometry", "1280x720"], queued: [slow.url("/slow.mp4").absoluteString, clip])
        #expect(try await session.waitForEvent("ready"))
        try await session.movePointer(toX: 640, y: 200)
        try await session.press("n")
        #expect(try await session.waitForEvent("item", count: 2), "Next did not reach the slow item")
        let slowStarted = ContinuousClock.now
        try await session.screenshot().save(as: "osc-late-failure-before")
        try await session.press("n")
        #expect(try await session.waitForEvent("item", count: 3), "Next did not leave the slow item")
        // Past the slow server's 8 s: any failure it was going to cause has come.
        try await Task.sleep(until: slowStarted + .seconds(9))
        let after = try await session.screenshot()
        let events = try String(contentsOfFile: session.eventsPath, encoding: .utf8)
        try await after.save(as: "osc-late-failure-after")
        var playback = PlaybackSnapshot(phase: .failed(message: "x"), title: "x", hasNextItem: true)
        playback.isPictureInPicturePossible = true
        let banner = try #require(
            PlayerControlsLayout(
                size: OverlaySize(width: 1280, height: 720), playback: playback,
                configuration: PlayerControlsConfiguration()
            ).banner)
        #expect(
            after.largestDifference(in: banner, from: PlayerViewWindowIntegrationTests.videoColor)
                <= PlayerViewWindowIntegrationTests.sameColor,
            "something is drawn where the error banner would be: \(events)")
        let output = try await session.quit()
        #expect(output.status == 0 || events.contains("\"type\":\"error\""), "stderr: \(output.errorText)")
    }
}
