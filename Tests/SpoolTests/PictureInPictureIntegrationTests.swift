import Foundation
import Spool
import SpoolTestSupport
import Testing

@testable import SpoolOutput

/// Picture-in-Picture and background playback with the real engine, a real SDL window on the
/// test X server (no window manager) and timed null audio, checked from outside with
/// xwininfo, xprop and xwd. Serialized, and holding the screen against the window suites of
/// other targets: windows share one screen.
@MainActor
@Suite(
    "Picture in Picture and background playback (integration)", .serialized, .exclusiveScreen,
    .timeLimit(.minutes(3)))
struct PictureInPictureIntegrationTests {
    /// A player playing the one-minute 160x90 clip into a window titled `title`.
    func playingPlayer(_ title: String) async throws -> (Player, SDLVideoOutput, PlayerItem) {
        try #require(
            ProcessInfo.processInfo.environment["DISPLAY"] != nil,
            "DISPLAY is not set: run the tests under scripts/with-test-services")
        let output = try await SDLVideoOutput(configuration: .init(title: title))
        let player = Player(configuration: EngineConfigurations.timed(video: output, audio: true))
        let item = PlayerItem(url: try await TestMedia.url(for: .lowResolution1Minute))
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(
            await eventually(timeout: .seconds(10), scaled: false) {
                player.timeControlStatus == .playing && item.isReadyForDisplay
            })
        #expect(await eventually(timeout: .seconds(10), scaled: false) { item.statistics.framesPresented >= 10 })
        return (player, output, item)
    }

    /// One reading of the playhead against the wall clock: the wall time is the middle of the
    /// read, and a read that took over 5 ms (the thread was preempted) is not kept.
    @MainActor
    struct PlayheadSample {
        let wall: ContinuousClock.Instant
        let media: Double

        init?(_ player: Player) {
            let before = ContinuousClock.now
            let media = player.currentTime().seconds
            let after = ContinuousClock.now
            guard after - before < .milliseconds(5) else { return nil }
            self.wall = before + (after - before) / 2
            self.media = media
        }

        /// How much further the playhead moved than the wall clock from `self` to `later`.
        func jump(to later: PlayheadSample) -> Double {
            abs((later.media - media) - (later.wall - wall) / .seconds(1))
        }
    }

    /// The playhead's jump across `transition`: read just before and just after it.
    func playheadJump(of player: Player, across transition: () async throws -> Void) async rethrows -> Double {
        var before: PlayheadSample?
        while before == nil { before = PlayheadSample(player) }
        try await transition()
        var after: PlayheadSample?
        while after == nil { after = PlayheadSample(player) }
        let jump = before!.jump(to: after!)
        print("Picture in Picture measurement: playhead jump \(jump * 1000) ms across a transition")
        return jump
    }

    @Test("PiP opens an always-on-top quarter-width window with the video; playback continues across enter and restore")
    func pictureInPictureKeepsPlaying() async throws {
        let title = "spool-pip-player"
        let (player, output, item) = try await playingPlayer(title)
        defer {
            player.replaceCurrentItem(with: nil)
            output.stop()
        }
        let controller = try #require(PictureInPictureController(player: player))
        #expect(PictureInPictureController.isPictureInPictureSupported())
        #expect(controller.isPictureInPicturePossible)
        let events = StreamRecorder(controller.events())

        let enterJump = await playheadJump(of: player) {
            controller.startPictureInPicture()
            #expect(await events.wait { $0.contains(.didStart) })
        }
        do {
            // 160x90 (16:9) on 1280x720: 320x180, 16 from the right and bottom edges.
            let floating = try await X11WindowInfo.waitFor("\(title) (Picture in Picture)") {
                $0?.mapState == "IsViewable"
            }
            #expect(
                floating.map { [$0.x, $0.y, $0.width, $0.height] } == [944, 524, 320, 180],
                "\(String(describing: floating))")
            #expect(floating?.netWMState.contains("_NET_WM_STATE_ABOVE") == true)
            #expect(try await X11WindowInfo.waitFor(title) { $0?.mapState == "IsUnMapped" }?.mapState == "IsUnMapped")

            // The video goes on in the floating window.
            let shownBefore = output.status.framesShown
            #expect(
                await eventually(timeout: .seconds(10), scaled: false) { output.status.framesShown >= shownBefore + 10 }
            )
            let screen = try await VideoXWDScreenshot.capture()
            print("Picture in Picture screenshot: \(try await screen.save(as: "pip-player-video"))")
            var lit = 0
            for y in 524..<(524 + 180) {
                for x in 944..<(944 + 320) {
                    let pixel = screen.pixel(x: x, y: y)
                    if max(pixel.red, pixel.green, pixel.blue) > 60 { lit += 1 }
                }
            }
            #expect(lit > 320 * 180 / 2, "the floating window shows the test pattern (\(lit) lit pixels)")

        }
        // The restore button, clicked as the mouse would.
        let restoreJump = await playheadJump(of: player) {
            output.simulatePointer(.press(x: 10, y: 10, clickCount: 1), inPictureInPicture: true)
            #expect(await events.wait { $0.contains(.didStop) })
        }
        #expect(try await X11WindowInfo.waitFor(title) { $0?.mapState == "IsViewable" }?.mapState == "IsViewable")
        let shownAfter = output.status.framesShown
        #expect(await eventually(timeout: .seconds(10), scaled: false) { output.status.framesShown >= shownAfter + 10 })
        #expect(enterJump < 0.1, "the playhead jumped by \(enterJump * 1000) ms entering")
        #expect(restoreJump < 0.1, "the playhead jumped by \(restoreJump * 1000) ms restoring")
        #expect(player.timeControlStatus == .playing && player.rate == 1)
        #expect(events.elements == [.willStart, .didStart, .willStop, .didStop])
        #expect(item.statistics.framesPresented > 30)
    }

    @Test("PiP is refused for an audio-only item")
    func audioOnlyIsRefused() async throws {
        let (player, output, _) = try await playingPlayer("spool-pip-audio")
        defer {
            player.replaceCurrentItem(with: nil)
            output.stop()
        }
        let controller = try #require(PictureInPictureController(player: player))
        let audioOnly = PlayerItem(url: try await TestMedia.url(for: .aacTone4s))
        player.replaceCurrentItem(with: audioOnly)
        #expect(
            await eventually(timeout: .seconds(10), scaled: false) {
                audioOnly.status == .readyToPlay && audioOnly.isReadyForDisplay
            })
        #expect(!controller.isPictureInPicturePossible)
        let events = StreamRecorder(controller.events())
        controller.startPictureInPicture()
        #expect(await events.wait { $0 == [.failedToStart(.notPossible("the item has no video"))] })
        #expect(!output.isPictureInPictureActive)
    }

    @Test("hidden window: video decoding stops while audio plays on; shown again, video resumes at once, in sync")
    func backgroundPlayback() async throws {
        let (player, output, item) = try await playingPlayer("spool-background")
        defer {
            player.replaceCurrentItem(with: nil)
            output.stop()
        }
        output.hideWindow()
        #expect(await eventually(timeout: .seconds(10), scaled: false) { !output.isShowingVideo })
        // Frames already decoded may still be handed over; then decoding rests.
        try await Task.sleep(for: .milliseconds(300))
        let (decoded, position) = (item.statistics.framesDecoded, player.currentTime().seconds)
        try await Task.sleep(for: .seconds(1.5))
        let hidden = item.statistics
        let advanced = player.currentTime().seconds - position
        print(
            "Background measurement: \(hidden.framesDecoded - decoded) frames decoded in 1.5 s hidden, "
                + "playhead advanced \(advanced) s")
        #expect(hidden.framesDecoded - decoded <= 2, "decoded \(hidden.framesDecoded - decoded) frames while hidden")
        #expect(advanced > 1.3 && player.timeControlStatus == .playing, "audio keeps playing (\(advanced) s)")

        // x264's default GOP is 250 frames (10 s): waiting for the next keyframe would show
        // nothing for seconds. The held packets bring the picture back at the audio's position.
        let (presented, dropped) = (hidden.framesPresented, hidden.framesDropped)
        let shownAt = ContinuousClock.now
        output.showWindow()
        #expect(await eventually(timeout: .seconds(5), scaled: false) { item.statistics.framesPresented > presented })
        let firstFrameAfter = ContinuousClock.now - shownAt
        #expect(
            await eventually(timeout: .seconds(10), scaled: false) { item.statistics.framesPresented >= presented + 25 }
        )
        let resumed = item.statistics
        print(
            "Background measurement: first frame \(firstFrameAfter) after showing; \(resumed.framesDropped - dropped) dropped; "
                + "A/V sync p50 \(resumed.avSyncErrorP50Ms ?? -1) ms, p99 \(resumed.avSyncErrorP99Ms ?? -1) ms")
        #expect(firstFrameAfter < .milliseconds(500))
        #expect(resumed.framesDropped - dropped <= 3, "late frames after resuming: not in sync")
        #expect(abs(resumed.avSyncErrorP50Ms ?? 1000) < 40)
    }
}
