import Foundation
public import Spool

/// AVPlayerViewController for an SDL window: the player's video with the standard controls
/// drawn over it, driven by the window's pointer and keyboard.
///
/// The view only uses the `Player`'s public API (through `PlayerControlsController`) and the
/// window's public API (`SDLVideoOutput`: events, overlay, pointer, full screen). The player
/// must present its video to `output` (`PlayerConfiguration.videoOutput`).
///
/// Guarantees: the overlay is drawn again only when the controls' model changed, and is
/// removed (the window draws frames exactly as without a view) while neither controls nor
/// the buffering spinner show (and no subtitle or `contentOverlay` layer); the pointer hides with the controls and comes back with any
/// input; `q`, the close button, full screen and Picture-in-Picture go to the `delegate`.
@MainActor
public final class PlayerView {
    /// The player shown.
    public var player: Player { controls.player }
    /// The window the video and the overlay are drawn in.
    public let output: SDLVideoOutput
    /// The controls' state machine and its link to the player (its handlers may be set:
    /// `previousItemHandler`, `interstitialMonitor`, …).
    public let controls: PlayerControlsController
    /// Receives quit, full-screen, Picture-in-Picture and next-item requests.
    public weak var delegate: (any PlayerViewDelegate)? {
        didSet { updateNextItemHandler() }
    }
    /// Whether the controls are drawn and take input (AVPlayerViewController's
    /// `showsPlaybackControls`). Without them the view still draws the subtitles and the
    /// `contentOverlay` and follows the window's size, but takes no input: the window's keys,
    /// pointer and close button are left to the application's own handling.
    public var showsPlaybackControls = true {
        didSet { scheduleRender() }
    }
    /// How the video fills the window.
    public var videoGravity: VideoGravity {
        get { output.gravity }
        set { output.gravity = newValue }
    }
    /// Layers drawn over the picture and under the controls (a logo, a watermark, text),
    /// shown whether or not the controls are; never interactive. Empty by default.
    public var contentOverlay: [ContentOverlayLayer] = [] {
        didSet { if contentOverlay != oldValue { scheduleRender() } }
    }
    /// Whether the window has shown its first frame (nothing but black before it).
    public private(set) var isReadyForDisplay = false
    /// How many times the overlay was drawn (tests and benchmarks: it must not redraw
    /// without a change).
    public private(set) var overlayRenderCount = 0

    /// How text subtitles look (size, colours, edges); the default is white with a black
    /// outline at 5.3 % of the picture's height.
    public var captionStyle: CaptionStyle {
        get { subtitles?.style ?? .default }
        set { subtitles?.style = newValue }
    }

    private let renderer: PlayerControlsRenderer
    private let scrubPreview = PlayerViewScrubPreview()
    /// An audio-only item's cover art, decoded once per item.
    private var coverArt: (itemID: ItemID, image: OverlayImage?)?
    /// `nil` when libass cannot start here (the controls still work; no subtitles are drawn).
    private var subtitles: PlayerViewSubtitles?
    private var eventsTask: Task<Void, Never>?
    private var renderScheduled = false
    private var isPointerShown = true
    private var hasOverlay = false

    /// A view over `output` for `player`, with timers on `clock`.
    ///
    /// - Throws: when no font for the controls' text can be found (install fonts-dejavu-core).
    public init<C: Clock>(
        player: Player, output: SDLVideoOutput, configuration: PlayerControlsConfiguration = .init(), clock: C,
        renderer: PlayerControlsRenderer? = nil
    ) throws(OverlayTextError) where C.Duration == Duration {
        self.output = output
        if let renderer {
            self.renderer = renderer
        } else {
            self.renderer = try PlayerControlsRenderer()
        }
        let status = output.status
        let size =
            status.width > 0 && status.height > 0
            ? OverlaySize(width: status.width, height: status.height) : OverlaySize(width: 640, height: 360)
        controls = PlayerControlsController(
            player: player, clock: clock, windowSize: size, configuration: configuration)
        controls.changeHandler = { [weak self] _ in self?.scheduleRender() }
        subtitles = try? PlayerViewSubtitles(player: player, clock: ControlsClock(clock), style: .default)
        subtitles?.changeHandler = { [weak self] in self?.scheduleRender() }
        scrubPreview.changeHandler = { [weak self] in self?.scheduleRender() }
        controls.viewActionHandler = { [weak self] action in self?.perform(action) }
        let events = output.windowEvents()
        eventsTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.handle(event)
            }
        }
        scheduleRender()
    }

    /// Stops following the player and the window and removes the overlay.
    public func stop() {
        eventsTask?.cancel()
        eventsTask = nil
        controls.stop()
        subtitles?.stop()
        scrubPreview.stop()
        output.setOverlay(nil)
        output.setPointerVisible(true)
        hasOverlay = false
    }

    /// Advances the view's `QueuePlayer` (the default for Next).
    public func advanceQueue() {
        (player as? QueuePlayer)?.advanceToNextItem()
    }

    /// Passes one window event to the controls (the view's own event stream does this for
    /// the window's events; an app embedding the view may forward others).
    public func handle(_ event: VideoWindowEvent) {
        // Without controls the application owns the input; the view only follows the size.
        guard showsPlaybackControls || event.isResize else { return }
        switch event {
        case .resized(let width, let height):
            controls.resize(to: OverlaySize(width: width, height: height))
            controls.isFullScreen = output.status.isFullscreen
        case .quitRequested:
            delegate?.playerViewDidRequestQuit(self)
        case .keyDown(let key, _) where delegate?.playerView(self, shouldHandleKey: key) == false:
            break
        case .keyDown(let key, _) where key.isOther:
            // Printable keys outside the controls' set are the app's (its own bindings).
            delegate?.playerView(self, didPressUnhandledKey: key)
        default:
            guard showsPlaybackControls, let input = WindowInputTranslation.input(for: event) else { return }
            controls.handle(input)
        }
        noteReadiness()
    }

    private func updateNextItemHandler() {
        guard delegate != nil else {
            controls.nextItemHandler = nil
            return
        }
        controls.nextItemHandler = { [weak self] in self?.skipToNextItem() }
    }

    private func skipToNextItem() {
        guard let delegate else { return advanceQueue() }
        delegate.playerViewSkipToNextItem(self)
    }

    private func perform(_ action: PlayerControlsAction) {
        switch action {
        case .toggleFullScreen:
            let entering = !output.status.isFullscreen
            delegate?.playerView(self, willTransitionToFullScreen: entering)
            output.isFullscreen = entering
        case .exitFullScreen:
            guard output.status.isFullscreen else { return }
            delegate?.playerView(self, willTransitionToFullScreen: false)
            output.isFullscreen = false
        case .togglePictureInPicture:
            delegate?.playerViewDidRequestPictureInPictureToggle(self)
        case .quit:
            delegate?.playerViewDidRequestQuit(self)
        default:
            break
        }
    }

    /// Above the hover time while the pointer is over the timeline: the preview for that time,
    /// once it has arrived (asked for here, drawn when it comes).
    private func drawScrubPreview(_ model: PlayerControlsModel, on image: inout OverlayImage) {
        guard let time = model.hoveredTime, let item = player.currentItem,
            let timeline = model.layout.frame(of: .timeline),
            let x = model.x(atTime: time)
        else {
            scrubPreview.idle()
            return
        }
        let scale = model.layout.scale
        let size = PixelSize(
            width: Int(Double(PlayerViewScrubPreview.designSize.width) * scale),
            height: Int(Double(PlayerViewScrubPreview.designSize.height) * scale))
        scrubPreview.want(time, of: item, size: size)
        guard let preview = scrubPreview.image?.image else { return }
        let border = max(Int(2 * scale), 1)
        let top = timeline.y - Int(44 * scale) - preview.height
        let left = min(max(x - preview.width / 2, border), image.width - preview.width - border)
        image.fill(
            OverlayRect(
                x: left - border, y: top - border, width: preview.width + 2 * border,
                height: preview.height + 2 * border),
            .white)
        image.copy(preview, atX: left, y: top)
    }

    /// An audio-only item's cover art above its title (the renderer draws title and artist in
    /// the middle), loaded from the asset's metadata the first time it is needed.
    private func drawCoverArt(_ model: PlayerControlsModel, on image: inout OverlayImage) {
        guard let item = player.currentItem else { return }
        guard let coverArt, coverArt.itemID == item.id else {
            coverArt = (item.id, nil)
            let asset = item.asset
            let itemID = item.id
            let side = Int(Double(model.layout.size.height) * 0.4)
            Task { [weak self] in
                guard let artwork = try? await asset.load(.metadata).artwork,
                    let decoded = await ArtworkImage.decode(artwork, maximumSize: PixelSize(width: side, height: side)),
                    let picture = OverlayImage(width: decoded.width, height: decoded.height, pixels: decoded.rgba)
                else { return }
                guard let self, self.coverArt?.itemID == itemID else { return }
                self.coverArt = (itemID, picture)
                self.scheduleRender()
            }
            return
        }
        guard let art = coverArt.image else { return }
        let bottom = model.layout.size.height / 2 - Int(56 * model.layout.scale)
        image.copy(art, atX: (model.layout.size.width - art.width) / 2, y: max(bottom - art.height, 0))
    }

    /// Gives the subtitles the picture's rectangle and, while the control bar shows, a bottom
    /// margin that keeps them above it; returns the rectangle.
    private func layOutSubtitles(_ model: PlayerControlsModel) -> OverlayRect {
        let window = model.layout.size
        let size = player.currentItem?.presentationSize ?? (width: 0, height: 0)
        let placed =
            size.width > 0 && size.height > 0
            ? output.gravity.pictureRect(
                contentWidth: size.width, contentHeight: size.height, boundsWidth: window.width,
                boundsHeight: window.height)
            : (x: 0, y: 0, width: window.width, height: window.height)
        let picture = OverlayRect(x: placed.x, y: placed.y, width: placed.width, height: placed.height)
        var margin: Int?
        if showsPlaybackControls && model.areControlsVisible {
            // The bar's top, measured from the picture's bottom edge, plus a gap.
            let clearance = picture.maxY - model.layout.bar.y + Int(12 * model.layout.scale)
            let standard = SubtitleRenderer.standardBottomMargin(forVideoHeight: picture.height)
            margin = max(clearance, standard)
        }
        subtitles?.layout(videoSize: OverlaySize(width: picture.width, height: picture.height), bottomMargin: margin)
        return picture
    }

    private func noteReadiness() {
        guard !isReadyForDisplay, output.status.framesShown > 0 else { return }
        isReadyForDisplay = true
        delegate?.playerViewDidBecomeReadyForDisplay(self)
    }

    /// Draws once per turn of the main actor however many changes arrived in it.
    private func scheduleRender() {
        guard !renderScheduled else { return }
        renderScheduled = true
        Task { [weak self] in
            guard let self else { return }
            self.renderScheduled = false
            self.render()
        }
    }

    private func render() {
        noteReadiness()
        let model = controls.model
        if model.playback.isAudioOnly || model.playback.phase.isFailed {
            // Something to show and no picture coming: the window maps black with the overlay.
            output.showWithoutVideo()
        }
        let pointerShown = !showsPlaybackControls || model.isPointerVisible
        if pointerShown != isPointerShown {
            isPointerShown = pointerShown
            output.setPointerVisible(pointerShown)
        }
        let picture = layOutSubtitles(model)
        let drawsControls = showsPlaybackControls && (model.areControlsVisible || model.isBufferingIndicatorVisible)
        let subtitleFrame = subtitles?.frame.flatMap { $0.isEmpty ? nil : $0 }
        guard drawsControls || subtitleFrame != nil || !contentOverlay.isEmpty else {
            if hasOverlay { output.setOverlay(nil) }
            hasOverlay = false
            return
        }
        var image =
            drawsControls || !contentOverlay.isEmpty
            ? renderer.render(
                drawsControls ? model : model.hidingControls, contentOverlay: contentOverlay, picture: picture)
            : OverlayImage(width: model.layout.size.width, height: model.layout.size.height)
        if drawsControls { drawScrubPreview(model, on: &image) }
        if drawsControls, model.playback.isAudioOnly { drawCoverArt(model, on: &image) }
        if let subtitleFrame {
            // Over the controls' image: the bottom margin keeps them clear of the bar.
            let bounds = subtitleFrame.bounds
            let placed = OverlayRect(
                x: bounds.x + picture.x, y: bounds.y + picture.y, width: bounds.width, height: bounds.height)
            image = SubtitleFrame(frameSize: model.layout.size, bounds: placed, image: subtitleFrame.image)
                .drawn(onto: image)
        }
        overlayRenderCount += 1
        hasOverlay = true
        output.setOverlay(VideoOverlay(width: image.width, height: image.height, pixels: image.pixels))
    }
}

extension VideoWindowEvent {
    /// Whether this is the window's new size.
    fileprivate var isResize: Bool {
        if case .resized = self { true } else { false }
    }
}

extension VideoWindowKey {
    /// Whether this is a key without a name of its own (`.other`): none the controls bind.
    fileprivate var isOther: Bool {
        if case .other = self { true } else { false }
    }
}
