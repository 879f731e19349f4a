import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine
@testable import SpoolUI

/// The quality menu: Auto plus each HLS variant the caps allow, best first.
@Suite("Controls quality menu")
struct ControlsQualityMenuTests {
    static func variant(_ bandwidth: Int, _ resolution: String?, uri: String = "v.m3u8") -> StreamVariant {
        StreamVariant(
            bandwidth: bandwidth, averageBandwidth: nil, resolution: resolution, codecs: "avc1.64001e,mp4a.40.2",
            frameRate: 25, uri: uri)
    }

    @Test("Choices are best first, titled by height and rate; redundant copies are one choice, the first listed")
    func choices() {
        let variants = [
            Self.variant(520_000, "480x270"), Self.variant(210_000, "256x144"), Self.variant(1_050_000, "640x360"),
            Self.variant(520_000, "480x270", uri: "backup/v.m3u8"), Self.variant(880_000, nil),
        ]
        let choices = QualityChoice.choices(from: variants, peakBitRate: 0, maximumResolution: nil)
        #expect(choices.map(\.title) == ["360p · 1.1 Mb/s", "880 kb/s", "270p · 520 kb/s", "144p · 210 kb/s"])
        #expect(choices.map(\.variantIndex) == [2, 4, 0, 1])
    }

    @Test("Variants above the peak bit rate or the maximum resolution are not offered")
    func caps() {
        let variants = [
            Self.variant(210_000, "256x144"), Self.variant(520_000, "480x270"), Self.variant(1_050_000, "640x360"),
        ]
        let byRate = QualityChoice.choices(from: variants, peakBitRate: 600_000, maximumResolution: nil)
        #expect(byRate.map(\.variantIndex) == [1, 0])
        let bySize = QualityChoice.choices(
            from: variants, peakBitRate: 0, maximumResolution: PixelSize(width: 300, height: 200))
        #expect(bySize.map(\.variantIndex) == [0])
    }

    @Test("The menu shows Auto first, then the options; the button appears only with two or more")
    func menuRows() {
        var playback = ControlsHarness.playing
        playback.qualityOptions = ["360p", "144p"]
        playback.selectedQualityIndex = 1
        let items = ControlsMenuItem.items(of: .quality, playback: playback, speeds: [])
        #expect(items.map(\.title) == ["Auto", "360p", "144p"])
        #expect(items.map(\.isSelected) == [false, false, true])
        #expect(
            items.map(\.action) == [.selectQuality(index: nil), .selectQuality(index: 0), .selectQuality(index: 1)])
        #expect(ControlsHarness(playback).model.layout.frame(of: .qualityMenu) != nil)
        playback.qualityOptions = ["360p"]
        #expect(ControlsHarness(playback).model.layout.frame(of: .qualityMenu) == nil)
    }

    @Test("Clicking the button opens the menu on the current choice; a click on a row chooses it")
    func clickToChoose() {
        var playback = ControlsHarness.playing
        playback.qualityOptions = ["360p", "270p", "144p"]
        var harness = ControlsHarness(playback)
        harness.click(.qualityMenu)
        #expect(harness.model.openMenu == PlayerControlsModel.OpenMenu(kind: .quality, highlightedIndex: 0))
        let row = harness.model.layout.menu!.items[3]
        let point = OverlayPoint(x: row.midX, y: row.midY)
        let actions =
            harness.send(.pointerPressed(at: point, clickCount: 1)) + harness.send(.pointerReleased(at: point))
        #expect(actions == [.selectQuality(index: 2)])
        #expect(harness.model.openMenu == nil)
    }

    @Test("Tab reaches the quality button right after speed, and its accessible name says the choice")
    func focusAndName() {
        var playback = ControlsHarness.playing
        playback.qualityOptions = ["360p", "144p"]
        var harness = ControlsHarness(playback)
        let order = harness.model.layout.focusOrder
        let speed = order.firstIndex(of: .speedMenu)!
        #expect(order[speed + 1] == .qualityMenu)
        #expect(harness.model.layout.frame(of: .qualityMenu)!.x > harness.model.layout.frame(of: .speedMenu)!.x)
        while harness.model.focusedControl != .qualityMenu { harness.key(.tab) }
        #expect(harness.model.accessibilityElement(for: .qualityMenu)?.description == "Quality Auto")
        #expect(harness.model.accessibilityElement(for: .qualityMenu)?.isFocused == true)
    }
}
