extension PlayerControlsRenderer {
    /// The button row's icons: shapes drawn in a 40×40 design box, so they stay sharp at any
    /// scale (no bitmaps to ship or scale).
    func drawButtons(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        let layout = model.layout
        let playback = model.playback
        for control in layout.visibleControls {
            guard let frame = layout.frame(of: control) else { continue }
            let icon = IconBox(frame: frame)
            switch control {
            case .playPause:
                switch playback.phase {
                case .playing, .waiting: drawPause(icon, on: &canvas)
                case .ended: canvas.text("↻", size: 26, bold: true, in: frame, alignment: .center, .white)
                default: drawPlay(icon, on: &canvas)
                }
            case .previous:
                canvas.image.fill(icon.rect(-11, -9, 3, 18), .white)
                canvas.image.fillTriangle(icon.point(9, -9), icon.point(9, 9), icon.point(-7, 0), .white)
            case .next:
                canvas.image.fill(icon.rect(8, -9, 3, 18), .white)
                canvas.image.fillTriangle(icon.point(-9, -9), icon.point(-9, 9), icon.point(7, 0), .white)
            case .skipBackward, .skipForward:
                drawSkip(icon, forward: control == .skipForward, seconds: model.configuration.skipInterval, on: &canvas)
            case .mute:
                drawSpeaker(icon, muted: playback.isMuted, on: &canvas)
            case .volume:
                drawVolumeSlider(model, on: &canvas)
            case .speedMenu:
                canvas.text(model.speedText, size: 16, bold: true, in: frame, alignment: .center, .white)
            case .subtitlesMenu:
                let box = icon.rect(-13, -9, 26, 18)
                canvas.image.stroke(box, thickness: max(icon.unit(2), 1), .white)
                canvas.text("CC", size: 11, bold: true, in: box, alignment: .center, .white)
            case .audioMenu:
                canvas.text("♪", size: 24, bold: false, in: frame, alignment: .center, .white)
            case .qualityMenu:
                // "HD" in a rounded box: the quality sign of most players.
                let box = icon.rect(-13, -9, 26, 18)
                canvas.image.stroke(box, thickness: max(icon.unit(2), 1), .white)
                canvas.text("HD", size: 11, bold: true, in: box, alignment: .center, .white)
            case .audioOutputMenu:
                // A screen with a triangle under it: the usual route-picker sign.
                canvas.image.stroke(icon.rect(-12, -11, 24, 16), thickness: max(icon.unit(2), 1), .white)
                canvas.image.fillTriangle(icon.point(-7, 11), icon.point(7, 11), icon.point(0, 2), .white)
            case .pictureInPicture:
                canvas.image.stroke(icon.rect(-13, -10, 26, 20), thickness: max(icon.unit(2), 1), .white)
                canvas.image.fill(icon.rect(1, 1, 9, 6), .white)
            case .fullScreen:
                drawFullScreen(icon, on: &canvas)
            case .interstitialLabel:
                canvas.image.fillRoundedRect(
                    frame, radius: Double(canvas.px(6)), OverlayColor(red: 255, green: 204, blue: 0))
                canvas.text(model.interstitialText ?? "Ad", size: 16, bold: true, in: frame, alignment: .center, .black)
            case .skipInterstitial:
                canvas.image.fillRoundedRect(frame, radius: Double(canvas.px(8)), OverlayColor.black.fading(0.75))
                canvas.text("Skip ad", size: 16, bold: true, in: frame, alignment: .center, .white)
            case .retry, .skipFailedItem, .replay, .elapsedTime, .liveBadge, .timeline, .timeLabel, .title:
                break  // drawn with their panels and rows
            }
        }
    }

    private func drawPlay(_ icon: IconBox, on canvas: inout OverlayCanvas) {
        canvas.image.fillTriangle(icon.point(-8, -11), icon.point(-8, 11), icon.point(12, 0), .white)
    }

    private func drawPause(_ icon: IconBox, on canvas: inout OverlayCanvas) {
        canvas.image.fill(icon.rect(-9, -11, 6, 22), .white)
        canvas.image.fill(icon.rect(3, -11, 6, 22), .white)
    }

    private func drawSkip(_ icon: IconBox, forward: Bool, seconds: Double, on canvas: inout OverlayCanvas) {
        let (cx, cy) = icon.point(0, 0)
        canvas.image.strokeCircle(
            cx: cx, cy: cy, radius: Double(icon.unit(15)), thickness: Double(max(icon.unit(2), 1)), .white)
        // The arrowhead at the top of the ring says which way.
        let tip: Double = forward ? 6 : -6
        canvas.image.fillTriangle(icon.point(0, -19), icon.point(0, -11), icon.point(tip, -15), .white)
        canvas.text("\(Int(seconds))", size: 12, bold: true, in: icon.frame, alignment: .center, .white)
    }

    private func drawSpeaker(_ icon: IconBox, muted: Bool, on canvas: inout OverlayCanvas) {
        canvas.image.fill(icon.rect(-12, -4, 6, 8), .white)
        canvas.image.fillTriangle(icon.point(-7, 0), icon.point(2, -10), icon.point(2, 10), .white)
        canvas.image.fill(icon.rect(-7, -4, 2, 8), .white)
        let (cx, cy) = icon.point(2, 0)
        if muted {
            canvas.text("×", size: 20, bold: true, in: icon.rect(4, -10, 14, 20), alignment: .center, .white)
        } else {
            let thickness = Double(max(icon.unit(2), 1))
            let fromX = Int(cx) + icon.unit(2)
            canvas.image.strokeCircle(
                cx: cx, cy: cy, radius: Double(icon.unit(7)), thickness: thickness, fromX: fromX, .white)
            canvas.image.strokeCircle(
                cx: cx, cy: cy, radius: Double(icon.unit(12)), thickness: thickness, fromX: fromX, .white)
        }
    }

    private func drawVolumeSlider(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        guard let track = model.layout.volumeTrack else { return }
        let radius = Double(track.height) / 2
        canvas.image.fillRoundedRect(track, radius: radius, OverlayColor.white.fading(0.3))
        let level = model.playback.isMuted ? 0 : Double(model.playback.volume)
        let filled = Int((Double(track.width) * level).rounded())
        canvas.image.fillRoundedRect(
            OverlayRect(x: track.x, y: track.y, width: filled, height: track.height), radius: radius, .white)
        canvas.image.fillCircle(
            cx: Double(track.x + filled), cy: Double(track.midY), radius: Double(canvas.px(6)), .white)
    }

    private func drawFullScreen(_ icon: IconBox, on canvas: inout OverlayCanvas) {
        let (long, thick): (Double, Double) = (7, 3)
        for (sx, sy): (Double, Double) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            // Each corner: a horizontal and a vertical stroke meeting at (±12, ±10).
            let cornerX = sx < 0 ? -12 : 12 - thick
            let cornerY = sy < 0 ? -10 : 10 - thick
            let horizontalX = sx < 0 ? -12 : 12 - long
            let verticalY = sy < 0 ? -10 : 10 - long
            canvas.image.fill(icon.rect(horizontalX, cornerY, long, thick), .white)
            canvas.image.fill(icon.rect(cornerX, verticalY, thick, long), .white)
        }
    }
}

/// A control's frame seen as a 40×40 design box centred on it, for drawing icons in design
/// units.
struct IconBox {
    let frame: OverlayRect

    /// Pixels per design unit.
    var scale: Double { Double(min(frame.width, frame.height)) / 40 }

    func unit(_ value: Double) -> Int { Int((value * scale).rounded()) }

    /// The point `dx`, `dy` design units from the centre.
    func point(_ dx: Double, _ dy: Double) -> (Double, Double) {
        (
            Double(frame.x) + Double(frame.width) / 2 + dx * scale,
            Double(frame.y) + Double(frame.height) / 2 + dy * scale
        )
    }

    /// The rectangle at `dx`, `dy` from the centre, `width` × `height` design units.
    func rect(_ dx: Double, _ dy: Double, _ width: Double, _ height: Double) -> OverlayRect {
        let (x, y) = point(dx, dy)
        return OverlayRect(
            x: Int(x.rounded()), y: Int(y.rounded()), width: Int((width * scale).rounded()),
            height: Int((height * scale).rounded()))
    }
}
