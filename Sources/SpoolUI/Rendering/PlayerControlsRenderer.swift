/// Draws a `PlayerControlsModel` into an RGBA overlay the size of its layout: the control bar,
/// the title, the banners, an open menu, the spinner and the focus ring, with text from
/// SDL2_ttf. It only reads the model; what is drawn is a function of the model alone, so a
/// view redraws it only when the model changed.
///
/// Hidden controls draw nothing (a fully transparent image) except the buffering spinner.
/// Not thread-safe (SDL_ttf is not): use one renderer from one thread at a time.
public final class PlayerControlsRenderer {
    let regular: TextRasterizer
    let bold: TextRasterizer
    /// The A-B loop's marks: cyan, apart from the chapters' dark ticks and the breaks' yellow.
    public static let loopPointColor = OverlayColor(red: 0, green: 200, blue: 255)

    /// A renderer drawing text with the given font files; by default fontconfig's sans-serif
    /// (DejaVu Sans on Debian). Fails when no font can be found or opened.
    public init(regularFontPath: String? = nil, boldFontPath: String? = nil) throws(OverlayTextError) {
        guard let regularPath = regularFontPath ?? FontLocator.sansSerif(bold: false) else {
            throw OverlayTextError(
                description: "no sans-serif font found: install fonts-dejavu-core (scripts/bootstrap)")
        }
        regular = try TextRasterizer(path: regularPath)
        bold = try TextRasterizer(path: boldFontPath ?? FontLocator.sansSerif(bold: true) ?? regularPath)
    }

    /// The overlay for `model` at its layout's size, over `contentOverlay`'s layers placed in
    /// `picture` (the whole window when `nil`), which show whether or not the controls do.
    public func render(
        _ model: PlayerControlsModel, contentOverlay: [ContentOverlayLayer] = [], picture: OverlayRect? = nil
    ) -> OverlayImage {
        let layout = model.layout
        var canvas = OverlayCanvas(
            image: OverlayImage(width: layout.size.width, height: layout.size.height), scale: layout.scale,
            regular: regular, bold: bold)
        if !contentOverlay.isEmpty {
            let window = OverlayRect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
            drawContentOverlay(contentOverlay, in: picture ?? window, on: &canvas)
        }
        if model.areControlsVisible {
            if model.playback.isAudioOnly { drawNowPlaying(model, on: &canvas) }
            drawBackgrounds(model, on: &canvas)
            drawTimelineRow(model, on: &canvas)
            drawButtons(model, on: &canvas)
            drawBanner(model, on: &canvas)
            drawMenu(model, on: &canvas)
            drawHoverTime(model, on: &canvas)
            drawFocusRing(model, on: &canvas)
        }
        if model.isBufferingIndicatorVisible {
            drawSpinner(layout.spinner, step: model.bufferingIndicatorStep, on: &canvas)
        }
        return canvas.image
    }

    private func drawBackgrounds(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        let layout = model.layout
        let shade = OverlayColor.black.fading(0.72)
        // A gradient above the bar so the video fades into it rather than meeting an edge.
        let fade = canvas.px(64)
        canvas.image.fillGradient(
            OverlayRect(x: 0, y: layout.bar.y - fade, width: layout.bar.width, height: fade), shade, top: 0, bottom: 1)
        canvas.image.fill(layout.bar, shade)
        if let title = model.playback.title, let frame = layout.frame(of: .title) {
            canvas.image.fillGradient(layout.titleBar, shade, top: 1, bottom: 0)
            canvas.text(title, size: 20, bold: true, in: frame, alignment: .left, .white)
        }
    }

    private func drawTimelineRow(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        let layout = model.layout
        if let frame = layout.frame(of: .elapsedTime) {
            canvas.text(model.elapsedText, size: 16, bold: true, in: frame, alignment: .left, .white)
        }
        if let frame = layout.frame(of: .liveBadge) {
            let atEdge = model.timeLabelText.isEmpty
            let badge = OverlayRect(
                x: frame.x, y: frame.midY - canvas.px(10), width: canvas.px(52), height: canvas.px(20))
            let color =
                atEdge ? OverlayColor(red: 214, green: 32, blue: 32) : OverlayColor(red: 110, green: 110, blue: 110)
            canvas.image.fillRoundedRect(badge, radius: Double(canvas.px(4)), color)
            canvas.text("LIVE", size: 13, bold: true, in: badge, alignment: .center, .white)
        }
        if let frame = layout.frame(of: .timeLabel) {
            canvas.text(model.timeLabelText, size: 16, bold: true, in: frame, alignment: .right, .white)
        }
        guard let track = layout.timelineTrack else { return }
        let radius = Double(track.height) / 2
        canvas.image.fillRoundedRect(track, radius: radius, OverlayColor.white.fading(0.28))
        for range in model.playback.loadedRanges {
            guard let start = model.x(atTime: range.lowerBound), let end = model.x(atTime: range.upperBound) else {
                continue
            }
            canvas.image.fillRoundedRect(
                OverlayRect(x: start, y: track.y, width: end - start, height: track.height), radius: radius,
                OverlayColor.white.fading(0.5))
        }
        guard let head = model.x(atTime: model.displayedTime) else { return }
        let lower = model.playback.timelineRange.flatMap { model.x(atTime: $0.lowerBound) } ?? track.x
        canvas.image.fillRoundedRect(
            OverlayRect(x: lower, y: track.y, width: head - lower, height: track.height), radius: radius, .white)
        for marker in model.playback.markers {
            guard let x = model.x(atTime: marker.time) else { continue }
            let color =
                switch marker.kind {
                case .interstitial: OverlayColor(red: 255, green: 204, blue: 0)
                case .chapter: OverlayColor.black.fading(0.6)
                case .loopPoint: Self.loopPointColor
                }
            canvas.image.fill(
                OverlayRect(x: x - 1, y: track.y, width: max(canvas.px(3), 2), height: track.height), color)
        }
        canvas.image.fillCircle(cx: Double(head), cy: Double(track.midY), radius: Double(canvas.px(7)), .white)
    }

    /// An audio-only item: its title and artist in the middle of the (black) window.
    private func drawNowPlaying(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        let layout = model.layout
        let middle = layout.size.height / 2
        let width = layout.size.width - canvas.px(64)
        if let title = model.playback.title {
            let frame = OverlayRect(x: canvas.px(32), y: middle - canvas.px(44), width: width, height: canvas.px(40))
            canvas.text(title, size: 30, bold: true, in: frame, alignment: .center, .white)
        }
        if let artist = model.playback.artist {
            let frame = OverlayRect(x: canvas.px(32), y: middle + canvas.px(4), width: width, height: canvas.px(32))
            canvas.text(artist, size: 22, bold: false, in: frame, alignment: .center, OverlayColor.white.fading(0.8))
        }
    }

    private func drawHoverTime(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        guard let text = model.hoverText, let time = model.hoveredTime, let x = model.x(atTime: time),
            let timeline = model.layout.frame(of: .timeline)
        else { return }
        let size = canvas.regular.measure(text, size: canvas.px(15))
        let box = OverlayRect(
            x: min(max(x - size.width / 2 - canvas.px(8), 0), model.layout.size.width - size.width - canvas.px(16)),
            y: timeline.y - canvas.px(36), width: size.width + canvas.px(16), height: canvas.px(28))
        canvas.image.fillRoundedRect(box, radius: Double(canvas.px(6)), OverlayColor.black.fading(0.85))
        canvas.text(text, size: 15, bold: false, in: box, alignment: .center, .white)
    }

    private func drawFocusRing(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        guard let control = model.focusedControl, let frame = model.layout.frame(of: control) else { return }
        let ring = frame.insetBy(dx: -canvas.px(3), dy: -canvas.px(3))
        canvas.image.stroke(ring, thickness: max(canvas.px(2), 2), OverlayColor(red: 90, green: 170, blue: 255))
    }
}
