import Spool
import SpoolTestSupport
import SpoolUI
import Testing

/// The adapter on a player without an item: what it applies needs no engine.
@MainActor
@Suite("Player controls controller")
struct PlayerControlsControllerTests {
    let clock = ManualClock()

    func makeController() -> PlayerControlsController {
        let player = Player(configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: clock))
        player.volume = 0.8
        let controller = PlayerControlsController(
            player: player, clock: clock, windowSize: OverlaySize(width: 1280, height: 720))
        controller.refresh()
        return controller
    }

    func center(_ controller: PlayerControlsController, _ control: PlayerControl) -> OverlayPoint {
        let frame = controller.model.layout.frame(of: control) ?? OverlayRect(x: -1, y: -1, width: 0, height: 0)
        return OverlayPoint(x: frame.midX, y: frame.midY)
    }

    @Test("Reads the player: an empty player, its volume, no Next without a queue")
    func readsThePlayer() {
        let controller = makeController()
        defer { controller.stop() }
        #expect(controller.model.playback.phase == .empty)
        #expect(controller.model.playback.volume == 0.8)
        #expect(controller.model.layout.frame(of: .next) == nil)
        controller.nextItemHandler = {}
        #expect(controller.model.layout.frame(of: .next) != nil)
    }

    @Test("The wheel over the volume, the mute button and the speed menu change the player")
    func appliesToThePlayer() {
        let controller = makeController()
        defer { controller.stop() }
        let volume = center(controller, .volume)
        controller.handle(.wheel(at: volume, steps: 1))
        #expect(abs(controller.player.volume - 0.85) < 0.0001)
        controller.handle(.wheel(at: volume, steps: -2))
        #expect(abs(controller.player.volume - 0.75) < 0.0001)
        controller.handle(.pointerPressed(at: center(controller, .mute), clickCount: 1))
        #expect(controller.player.isMuted)
        #expect(controller.model.accessibilityElement(for: .mute)?.name == "Unmute")

        controller.handle(.pointerPressed(at: center(controller, .speedMenu), clickCount: 1))
        let rows = controller.model.layout.menu?.items ?? []
        #expect(rows.count == 7)
        if rows.count == 7 {
            controller.handle(.pointerPressed(at: OverlayPoint(x: rows[4].midX, y: rows[4].midY), clickCount: 1))
        }
        #expect(controller.player.defaultRate == 1.5)
        #expect(controller.player.rate == 0)  // paused stays paused, at the new speed later
        #expect(controller.model.speedText == "1.5×")
    }

    @Test("View actions go to the view; the view's full-screen state names the button")
    func viewActions() {
        let controller = makeController()
        defer { controller.stop() }
        var received: [PlayerControlsAction] = []
        controller.viewActionHandler = { received.append($0) }
        controller.handle(.key(.character("f")))
        controller.handle(.pointerPressed(at: center(controller, .fullScreen), clickCount: 1))
        controller.isFullScreen = true
        #expect(controller.model.accessibilityElement(for: .fullScreen)?.name == "Exit full screen")
        controller.handle(.key(.escape))
        controller.handle(.key(.character("q")))
        #expect(received == [.toggleFullScreen, .toggleFullScreen, .exitFullScreen, .quit])
    }

    @Test("The change handler runs after each change and never without one")
    func changeHandler() {
        let controller = makeController()
        defer { controller.stop() }
        var changes = 0
        controller.changeHandler = { _ in changes += 1 }
        controller.refresh()
        #expect(changes == 0)
        controller.handle(.pointerMoved(to: OverlayPoint(x: 10, y: 10)))
        #expect(changes == 1)
        controller.handle(.pointerMoved(to: OverlayPoint(x: 10, y: 10)))
        #expect(changes == 1)
        controller.handle(.key(.tab))
        #expect(changes == 2)
    }
}
