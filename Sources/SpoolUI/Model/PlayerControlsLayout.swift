/// Where every visible control is at one window size: the rectangles the renderer draws and
/// hit testing uses. Sizes are designed at 1280x720 and scale with the window's height (within
/// 0.5…3), so the bar keeps its proportions in a small window and on a 4K screen.
public struct PlayerControlsLayout: Sendable, Equatable {
    /// The window size laid out.
    public let size: OverlaySize
    /// The design scale: 1 at 720 pixels high.
    public let scale: Double
    /// The control bar across the bottom (its background, drawn under the controls).
    public let bar: OverlayRect
    /// The strip across the top holding the title.
    public let titleBar: OverlayRect
    /// Every visible control's rectangle.
    public let frames: [PlayerControl: OverlayRect]
    /// The open menu's panel and its items' rectangles, top to bottom.
    public let menu: MenuFrame?
    /// The error banner's panel, when failed.
    public let banner: OverlayRect?
    /// Where the buffering spinner goes (the window's centre).
    public let spinner: OverlayRect

    /// An open menu's geometry.
    public struct MenuFrame: Sendable, Equatable {
        /// Which menu.
        public let kind: ControlsMenuKind
        /// The panel.
        public let panel: OverlayRect
        /// Each item's row.
        public let items: [OverlayRect]
    }

    /// The frame of `control`, when it is visible.
    public func frame(of control: PlayerControl) -> OverlayRect? { frames[control] }

    /// The visible controls in focus order.
    public var visibleControls: [PlayerControl] { PlayerControl.allCases.filter { frames[$0] != nil } }

    /// The controls Tab moves through: the visible interactive ones in focus order.
    public var focusOrder: [PlayerControl] { visibleControls.filter(\.isInteractive) }

    /// Lays out the controls `playback` calls for at `size`, with `openMenu`'s panel (of
    /// `menuItemCount` rows) above its button.
    public init(
        size: OverlaySize, playback: PlaybackSnapshot, configuration: PlayerControlsConfiguration,
        openMenu: ControlsMenuKind? = nil, menuItemCount: Int = 0
    ) {
        self.size = size
        let scale = min(max(Double(size.height) / 720, 0.5), 3)
        self.scale = scale
        func px(_ value: Double) -> Int { Int((value * scale).rounded()) }
        let (width, height) = (size.width, size.height)
        let margin = px(16)
        let bar = OverlayRect(x: 0, y: height - px(96), width: width, height: px(96))
        self.bar = bar
        titleBar = OverlayRect(x: 0, y: 0, width: width, height: px(56))
        spinner = OverlayRect(x: width / 2 - px(32), y: height / 2 - px(32), width: px(64), height: px(64))

        var frames: [PlayerControl: OverlayRect] = [:]
        if playback.title != nil {
            frames[.title] = OverlayRect(x: margin, y: px(12), width: width - 2 * margin, height: px(32))
        }

        // Timeline row: [elapsed | LIVE] timeline [time label].
        let rowY = bar.y + px(8)
        let rowHeight = px(24)
        let leftLabel = OverlayRect(x: margin, y: rowY, width: px(72), height: rowHeight)
        let rightLabel = OverlayRect(x: width - margin - px(80), y: rowY, width: px(80), height: rowHeight)
        frames[playback.isLive ? .liveBadge : .elapsedTime] = leftLabel
        frames[.timeLabel] = rightLabel
        let timelineX = leftLabel.maxX + px(8)
        frames[.timeline] = OverlayRect(
            x: timelineX, y: rowY, width: rightLabel.x - px(8) - timelineX, height: rowHeight)

        // Button row, from the left: previous, −10, play, +10, next, mute, volume.
        let buttonY = bar.y + px(44)
        let button = px(40)
        let gap = px(8)
        var x = margin
        func place(_ control: PlayerControl, width: Int) {
            frames[control] = OverlayRect(x: x, y: buttonY, width: width, height: button)
            x += width + gap
        }
        let canSeek = playback.allowsSeeking(requiresLinearPlayback: configuration.requiresLinearPlayback)
        place(.previous, width: button)
        if canSeek { place(.skipBackward, width: button) }
        place(.playPause, width: button)
        if canSeek { place(.skipForward, width: button) }
        if playback.hasNextItem { place(.next, width: button) }
        x += gap
        place(.mute, width: button)
        place(.volume, width: px(100))
        let leftEnd = x

        // From the right: full screen, PiP, output, audio, subtitles, quality, speed.
        x = width - margin
        func placeFromRight(_ control: PlayerControl, width: Int) {
            x -= width
            guard x >= leftEnd else { return }  // a window too narrow drops the rightmost extras
            frames[control] = OverlayRect(x: x, y: buttonY, width: width, height: button)
            x -= gap
        }
        placeFromRight(.fullScreen, width: button)
        if playback.isPictureInPicturePossible || playback.isPictureInPictureActive {
            placeFromRight(.pictureInPicture, width: button)
        }
        if playback.audioOutputs.count > 1 { placeFromRight(.audioOutputMenu, width: button) }
        if playback.audioOptions.count > 1 { placeFromRight(.audioMenu, width: button) }
        if !playback.subtitleOptions.isEmpty { placeFromRight(.subtitlesMenu, width: button) }
        if playback.qualityOptions.count > 1 { placeFromRight(.qualityMenu, width: button) }
        if !configuration.speeds.isEmpty { placeFromRight(.speedMenu, width: px(64)) }

        // Banners in the middle of the window.
        if playback.failureMessage != nil {
            let bannerWidth = min(px(640), width - 2 * margin)
            let banner = OverlayRect(
                x: (width - bannerWidth) / 2, y: height / 2 - px(75), width: bannerWidth, height: px(150))
            self.banner = banner
            let buttonWidth = px(120)
            let buttonsY = banner.maxY - px(16) - button
            let pair = playback.hasNextItem
            let firstX = pair ? banner.midX - gap - buttonWidth : banner.midX - buttonWidth / 2
            frames[.retry] = OverlayRect(x: firstX, y: buttonsY, width: buttonWidth, height: button)
            if pair {
                frames[.skipFailedItem] = OverlayRect(
                    x: banner.midX + gap, y: buttonsY, width: buttonWidth, height: button)
            }
        } else {
            banner = nil
        }
        // During a break: "Ad" above the bar on the left, Skip above it on the right.
        if let interstitial = playback.interstitial {
            frames[.interstitialLabel] = OverlayRect(
                x: margin, y: bar.y - px(48), width: px(120), height: px(32))
            if interstitial.canSkip {
                frames[.skipInterstitial] = OverlayRect(
                    x: width - margin - px(120), y: bar.y - px(56), width: px(120), height: px(40))
            }
        }
        if playback.phase == .ended {
            frames[.replay] = OverlayRect(x: width / 2 - px(48), y: height / 2 - px(48), width: px(96), height: px(96))
        }

        // The open menu: a panel above its button, right-aligned with it, inside the window.
        if let openMenu, let anchor = frames[openMenu.button], menuItemCount > 0 {
            let itemHeight = px(32)
            let panelWidth = openMenu == .speed ? px(128) : px(320)
            let panelHeight = itemHeight * menuItemCount + px(16)
            let panelX = min(max(anchor.maxX - panelWidth, 0), max(width - panelWidth, 0))
            let panel = OverlayRect(
                x: panelX, y: max(bar.y - px(8) - panelHeight, 0), width: panelWidth, height: panelHeight)
            let items = (0..<menuItemCount).map { index in
                OverlayRect(x: panel.x, y: panel.y + px(8) + index * itemHeight, width: panel.width, height: itemHeight)
            }
            menu = MenuFrame(kind: openMenu, panel: panel, items: items)
        } else {
            menu = nil
        }
        self.frames = frames
    }

    /// The timeline's drawn track: a thin bar centred in the timeline's hit rectangle.
    public var timelineTrack: OverlayRect? {
        guard let timeline = frames[.timeline] else { return nil }
        let thickness = max(Int((6 * scale).rounded()), 2)
        return OverlayRect(x: timeline.x, y: timeline.midY - thickness / 2, width: timeline.width, height: thickness)
    }

    /// The volume slider's drawn track.
    public var volumeTrack: OverlayRect? {
        guard let volume = frames[.volume] else { return nil }
        let thickness = max(Int((4 * scale).rounded()), 2)
        return OverlayRect(x: volume.x, y: volume.midY - thickness / 2, width: volume.width, height: thickness)
    }
}
