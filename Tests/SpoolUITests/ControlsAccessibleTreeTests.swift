import Spool
import SpoolTestSupport
import Testing

@testable import SpoolUI

/// The overlay's accessibility tree as AT-SPI objects, and what a reader's requests do.
@Suite("Controls on the accessibility bus: the tree")
struct ControlsAccessibleTreeTests {
    private func window(_ model: PlayerControlsModel) throws -> AccessibleObject {
        let application = model.accessibleApplication(named: "spool")
        #expect(application.name == "spool")
        #expect(application.children.count == 1)
        return try #require(application.children.first)
    }

    private func object(_ id: String, in window: AccessibleObject) throws -> AccessibleObject {
        try #require(window.children.first { $0.id == id }, "no \(id) in \(window.children.map(\.id))")
    }

    @Test func everyVisibleControlIsAChildOfTheWindowInFocusOrder() throws {
        let harness = ControlsHarness()
        let window = try window(harness.model)
        #expect(window.role == .frame)
        #expect(window.name == "Big Buck Bunny")
        #expect(window.extents == AccessibleExtents(x: 0, y: 0, width: 1280, height: 720))
        let expected = harness.model.accessibilityElements.map { $0.control?.rawValue ?? "" }
        #expect(window.children.map(\.id) == expected)
        #expect(window.children.allSatisfy { $0.states.isSuperset(of: [.visible, .showing, .enabled]) })
    }

    @Test func buttonsHaveAClickSlidersAValueAndLabelsTheirTextAsName() throws {
        let window = try window(ControlsHarness().model)
        let pause = try object("playPause", in: window)
        #expect(pause.role == .pushButton)
        #expect(pause.name == "Pause")
        #expect(pause.actions == [AccessibleAction(name: "click", description: "Press Pause")])
        #expect(pause.states.contains(.focusable))
        #expect(pause.value == nil)

        let timeline = try object("timeline", in: window)
        #expect(timeline.role == .slider)
        #expect(timeline.actions.isEmpty)
        #expect(
            timeline.value
                == AccessibleValue(current: 83, minimum: 0, maximum: 600, increment: 5, text: "1:23 of 10:00"))
        #expect(timeline.states.contains(.horizontal))

        let volume = try object("volume", in: window)
        #expect(volume.value == AccessibleValue(current: 80, minimum: 0, maximum: 100, increment: 5, text: "80 %"))

        let elapsed = try object("elapsedTime", in: window)
        #expect(elapsed.role == .label)
        #expect(elapsed.name == "Elapsed time 1:23")
        #expect(!elapsed.states.contains(.focusable))

        let mute = try object("mute", in: window)
        #expect(mute.role == .toggleButton)
        #expect(mute.states.contains(.checkable) && !mute.states.contains(.checked))

        let speed = try object("speedMenu", in: window)
        #expect(speed.role == .pushButton)
        #expect(speed.description == "1×")
        #expect(speed.states.isSuperset(of: [.hasPopup, .expandable, .collapsed]))
    }

    @Test func autoHiddenControlsStayInTheTreeWithoutShowing() throws {
        var harness = ControlsHarness()
        let shown = try window(harness.model).children.map(\.id)
        harness.wait(.seconds(4))
        #expect(!harness.model.areControlsVisible)
        #expect(harness.model.accessibilityElements.isEmpty)
        let hidden = try window(harness.model)
        #expect(hidden.children.map(\.id) == shown)
        #expect(hidden.children.allSatisfy { !$0.states.contains(.showing) && $0.states.contains(.visible) })
    }

    @Test func theFocusRingIsTheFocusedState() throws {
        var harness = ControlsHarness()
        harness.key(.tab)
        let focused = try window(harness.model).children.filter { $0.states.contains(.focused) }
        #expect(focused.map(\.id) == [harness.model.focusedControl?.rawValue].compactMap { $0 })
        #expect(focused.count == 1)
    }

    @Test func anOpenMenuIsExpandedAndItsRowsAreRadioMenuItems() throws {
        var harness = ControlsHarness()
        harness.click(.speedMenu)
        let window = try window(harness.model)
        #expect(try object("speedMenu", in: window).states.contains(.expanded))
        let rows = window.children.filter { $0.role == .radioMenuItem }
        #expect(rows.map(\.id) == (0..<harness.model.menuItems.count).map { "menuItem\($0)" })
        #expect(rows.filter { $0.states.contains(.checked) }.map(\.name) == ["1×"])
        #expect(rows.allSatisfy { $0.actions.first?.name == "click" })
    }

    @Test func theBannerIsAnAlertWithTheMessage() throws {
        var harness = ControlsHarness()
        harness.report { $0.phase = .failed(message: "The file is damaged") }
        let banner = try object("banner", in: window(harness.model))
        #expect(banner.role == .alert)
        #expect(banner.name == "Playback failed")
        #expect(banner.description == "The file is damaged")
    }

    @Test func everyOverlayRoleHasItsATSPIRole() {
        let roles: [(AccessibilityRole, ATSPIRole)] = [
            (.button, .pushButton), (.toggleButton, .toggleButton), (.slider, .slider), (.menuButton, .pushButton),
            (.menuItem, .radioMenuItem), (.label, .label), (.alert, .alert),
        ]
        for (role, expected) in roles { #expect(ATSPIRole(role) == expected) }
    }
}

/// What a reader's requests do to a controller over a player without an item.
@MainActor
@Suite("Controls on the accessibility bus: requests")
struct ControlsAccessibilityRequestTests {
    let clock = ManualClock()

    func makeController() -> PlayerControlsController {
        let player = Player(configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: clock))
        player.volume = 0.8
        let controller = PlayerControlsController(
            player: player, clock: clock, windowSize: OverlaySize(width: 1280, height: 720))
        controller.refresh()
        return controller
    }

    @Test func pressingAToggleAppliesItAndSettingTheVolumeSetsThePlayer() {
        let controller = makeController()
        defer { controller.stop() }
        #expect(controller.performAccessibilityRequest(.doAction(id: "mute", index: 0)))
        #expect(controller.player.isMuted)
        #expect(controller.model.accessibilityElement(for: .mute)?.name == "Unmute")
        #expect(controller.performAccessibilityRequest(.setValue(id: "volume", value: 50)))
        #expect(abs(controller.player.volume - 0.5) < 0.0001)
        #expect(controller.performAccessibilityRequest(.setValue(id: "volume", value: 250)))
        #expect(controller.player.volume == 1)
    }

    @Test func pressingAMenuButtonOpensTheMenuAndARowChoosesIt() {
        let controller = makeController()
        defer { controller.stop() }
        #expect(controller.performAccessibilityRequest(.doAction(id: "speedMenu", index: 0)))
        #expect(controller.model.openMenu?.kind == .speed)
        #expect(controller.model.pointer == nil, "the pointer is put back where it was (outside)")
        #expect(controller.performAccessibilityRequest(.doAction(id: "menuItem4", index: 0)))
        #expect(controller.player.defaultRate == 1.5)
        #expect(controller.model.openMenu == nil)
    }

    @Test func requestsThatDoNothingAnswerFalse() {
        let controller = makeController()
        defer { controller.stop() }
        // Play on a player with no item asks for nothing.
        #expect(!controller.performAccessibilityRequest(.doAction(id: "playPause", index: 0)))
        #expect(!controller.performAccessibilityRequest(.doAction(id: "mute", index: 1)))
        #expect(!controller.performAccessibilityRequest(.doAction(id: "nonsense", index: 0)))
        #expect(!controller.performAccessibilityRequest(.doAction(id: "menuItem0", index: 0)))
        #expect(!controller.performAccessibilityRequest(.setValue(id: "timeline", value: 3)))
        #expect(!controller.player.isMuted)
    }
}
