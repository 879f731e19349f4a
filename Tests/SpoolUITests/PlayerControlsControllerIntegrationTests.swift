import Foundation
import Spool
import SpoolTestSupport
import SpoolUI
import Testing

/// The adapter on a real player playing generated clips into null outputs. Waits are bounded
/// and on conditions; the controls' own timers run on a manual clock.
@MainActor
@Suite("Player controls controller with a real player", .timeLimit(.minutes(3)))
struct PlayerControlsControllerIntegrationTests {
    let clock = ManualClock()

    func makePlayer() -> Player {
        let host = ContinuousClock()
        return Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: { AudioOutputs.make(.null, clock: host, timed: true) }, videoOutput: nil,
                clock: host))
    }

    func makeController(_ player: Player) -> PlayerControlsController {
        PlayerControlsController(player: player, clock: clock, windowSize: OverlaySize(width: 1280, height: 720))
    }

    func press(_ controller: PlayerControlsController, _ control: PlayerControl) {
        guard let frame = controller.model.layout.frame(of: control) else {
            Issue.record("\(control) is not on screen")
            return
        }
        let point = OverlayPoint(x: frame.midX, y: frame.midY)
        controller.handle(.pointerPressed(at: point, clickCount: 1))
        controller.handle(.pointerReleased(at: point))
    }

    @Test("Shows the item's title and duration, pauses it, plays it to the end and replays it")
    func playPauseEndReplay() async throws {
        let player = makePlayer()
        let controller = makeController(player)
        defer { controller.stop() }
        player.replaceCurrentItem(with: PlayerItem(url: try await TestMedia.url(for: .vp9OpusWebM)))
        player.play()
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.phase == .playing })
        #expect(
            await eventually(timeout: integrationHangGuard) { controller.model.playback.title == TestMedia.webmTitle })
        #expect(controller.model.timeLabelText == "0:02")
        #expect(controller.model.accessibilityElement(for: .playPause)?.name == "Pause")

        press(controller, .playPause)
        #expect(player.rate == 0)
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.phase == .paused })
        #expect(controller.model.accessibilityElement(for: .playPause)?.name == "Play")

        press(controller, .playPause)
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.phase == .ended })
        #expect(controller.model.layout.frame(of: .replay) != nil)
        #expect(controller.model.areControlsVisible)

        press(controller, .replay)
        #expect(player.rate == 1)
        #expect(controller.model.playback.phase != .ended)
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.phase == .playing })
        #expect(player.currentTime().seconds < 1.5)
    }

    @Test("A failed item shows the banner with the player's own message, and Retry loads it again")
    func failureBanner() async throws {
        let player = makePlayer()
        let controller = makeController(player)
        defer { controller.stop() }
        let missing = URL(fileURLWithPath: "/nonexistent/spool-ui-missing.mp4")
        player.replaceCurrentItem(with: PlayerItem(url: missing))
        player.play()
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.failureMessage != nil })
        let message = try #require(player.currentItem?.error?.message)
        #expect(controller.model.playback.failureMessage == message)
        #expect(controller.model.layout.banner != nil)
        #expect(!controller.model.isBufferingIndicatorVisible)
        #expect(controller.model.accessibilityElements.first?.value == message)

        let failed = player.currentItem
        press(controller, .retry)
        #expect(player.currentItem !== failed)
        #expect(player.currentItem?.asset.url == missing)
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.failureMessage == message })
    }

    @Test("A skip shows its target at once and the player lands there exactly")
    func skipLandsExactly() async throws {
        let player = makePlayer()
        let controller = makeController(player)
        defer {
            controller.stop()
            player.replaceCurrentItem(with: nil)
        }
        player.replaceCurrentItem(with: PlayerItem(url: try await TestMedia.url(for: .lowResolution1Minute)))
        #expect(
            await eventually(timeout: integrationHangGuard) { controller.model.layout.frame(of: .skipForward) != nil })
        #expect(controller.model.playback.phase == .paused)
        press(controller, .skipForward)
        // Before the seek lands the label already reads the target, never the old playhead.
        #expect(controller.model.elapsedText == "0:10")
        #expect(await eventually(timeout: integrationHangGuard) { abs(player.currentTime().seconds - 10) < 0.05 })
        controller.refresh()
        #expect(controller.model.elapsedText == "0:10")
        #expect(controller.model.accessibilityElement(for: .timeline)?.value == "0:10 of 1:00")
    }

    @Test("While the real player plays, the controls hide exactly 3 s later on the injected clock")
    func autoHideOnTheInjectedClock() async throws {
        let player = makePlayer()
        let controller = makeController(player)
        defer {
            controller.stop()
            player.replaceCurrentItem(with: nil)
        }
        player.replaceCurrentItem(with: PlayerItem(url: try await TestMedia.url(for: .lowResolution1Minute)))
        player.play()
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.phase == .playing })
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.duration != nil })
        let origin = clock.now.offset
        controller.handle(.pointerMoved(to: OverlayPoint(x: 640, y: 200)))
        // The hide timer and the refresh loop both park on the manual clock.
        await clock.waitForSleepers(atLeast: 2)
        clock.advance(by: .milliseconds(2999))
        await clock.waitForSleepers(atLeast: 2)
        #expect(controller.model.areControlsVisible)
        #expect(clock.now.offset - origin == .milliseconds(2999))
        clock.advance(by: .milliseconds(1))
        #expect(await eventually(timeout: integrationHangGuard) { !controller.model.areControlsVisible })
        #expect(!controller.model.isPointerVisible)

        // Pausing the real player shows them again, and they stay.
        player.pause()
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.areControlsVisible })
        clock.advance(by: .seconds(30))
        await clock.waitForSleepers(atLeast: 1)
        #expect(controller.model.areControlsVisible)
    }
}

/// The route picker against the test services' PulseAudio daemon (two null sinks).
@MainActor
@Suite("Player controls route picker", .timeLimit(.minutes(3)))
struct PlayerControlsRoutePickerIntegrationTests {
    @Test("The picker lists the server's sinks and moves the playing stream to the one chosen")
    func movesThePlayingStream() async throws {
        let environment = ProcessInfo.processInfo.environment
        let second = try #require(
            environment["SPOOL_TEST_PULSE_SINK_2"], "run under scripts/with-test-services (two null sinks)")
        let host = ContinuousClock()
        let player = Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: { AudioOutputs.make(.pulse(sink: nil), clock: host, timed: true) },
                videoOutput: nil, clock: host))
        let clock = ManualClock()
        let controller = PlayerControlsController(
            player: player, clock: clock, windowSize: OverlaySize(width: 1280, height: 720))
        defer {
            controller.stop()
            player.replaceCurrentItem(with: nil)
            player.closeAudioOutput()
        }
        player.replaceCurrentItem(with: PlayerItem(url: try await TestMedia.url(for: .lowResolution1Minute)))
        player.play()
        #expect(await eventually(timeout: integrationHangGuard) { player.timeControlStatus == .playing })
        #expect(
            await eventually(timeout: integrationHangGuard) {
                controller.model.layout.frame(of: .audioOutputMenu) != nil
            })
        controller.handle(.key(.tab))
        while controller.model.focusedControl != .audioOutputMenu { controller.handle(.key(.tab)) }
        controller.handle(.key(.enter))
        let rows = controller.model.menuItems.map(\.title)
        let index = try #require(controller.audioOutputNames.firstIndex(of: second), "sinks: \(rows)")
        let highlighted = controller.model.openMenu?.highlightedIndex ?? 0
        for _ in 0..<abs(index - highlighted) { controller.handle(.key(index > highlighted ? .down : .up)) }
        #expect(controller.handle(.key(.enter)) == [.selectAudioOutput(index: index)])
        // The messages say where the stream is and what the player reports, for a failure under load.
        #expect(
            await eventually(timeout: integrationHangGuard) { player.audioSession.currentOutput == second },
            "playing on \(player.audioSession.currentOutput ?? "nil"), status \(player.timeControlStatus)")
        #expect(
            await eventually(timeout: integrationHangGuard) {
                controller.model.playback.selectedAudioOutputIndex == index
            },
            "selected \(String(describing: controller.model.playback.selectedAudioOutputIndex)) of \(rows)")
    }
}
