import Foundation

extension PlayerControlsRenderer {
    /// The error banner (title, the player's message, Retry / Next) and the Replay button.
    func drawBanner(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        let layout = model.layout
        if let banner = layout.banner, let message = model.playback.failureMessage {
            canvas.image.fillRoundedRect(
                banner, radius: Double(canvas.px(12)), OverlayColor(red: 28, green: 28, blue: 30, alpha: 240))
            let inner = banner.insetBy(dx: canvas.px(20), dy: canvas.px(14))
            canvas.text(
                "Playback failed", size: 19, bold: true,
                in: OverlayRect(x: inner.x, y: inner.y, width: inner.width, height: canvas.px(26)), alignment: .center,
                OverlayColor(red: 255, green: 110, blue: 100))
            let lines = canvas.wrap(message, size: 16, bold: false, width: inner.width, maxLines: 2)
            for (index, line) in lines.enumerated() {
                let row = OverlayRect(
                    x: inner.x, y: inner.y + canvas.px(30) + index * canvas.px(22), width: inner.width,
                    height: canvas.px(22))
                canvas.text(line, size: 16, bold: false, in: row, alignment: .center, .white)
            }
            for (control, title) in [(PlayerControl.retry, "Retry"), (.skipFailedItem, "Next")] {
                guard let frame = layout.frame(of: control) else { continue }
                canvas.image.fillRoundedRect(frame, radius: Double(canvas.px(8)), OverlayColor.white.fading(0.18))
                canvas.text(title, size: 16, bold: true, in: frame, alignment: .center, .white)
            }
        }
        if let replay = layout.frame(of: .replay) {
            canvas.image.fillCircle(
                cx: Double(replay.x) + Double(replay.width) / 2, cy: Double(replay.y) + Double(replay.height) / 2,
                radius: Double(replay.width) / 2, OverlayColor.black.fading(0.6))
            canvas.text("↻", size: 52, bold: true, in: replay, alignment: .center, .white)
        }
    }

    /// The open menu: a panel of rows, the highlighted one lit, the chosen one checked.
    func drawMenu(_ model: PlayerControlsModel, on canvas: inout OverlayCanvas) {
        guard let menu = model.layout.menu, let open = model.openMenu else { return }
        canvas.image.fillRoundedRect(
            menu.panel, radius: Double(canvas.px(8)), OverlayColor(red: 28, green: 28, blue: 30, alpha: 240))
        for (index, item) in model.menuItems.enumerated() where index < menu.items.count {
            let row = menu.items[index]
            if index == open.highlightedIndex { canvas.image.fill(row, OverlayColor.white.fading(0.16)) }
            if item.isSelected {
                canvas.text(
                    "✓", size: 16, bold: true,
                    in: OverlayRect(x: row.x + canvas.px(10), y: row.y, width: canvas.px(16), height: row.height),
                    alignment: .left, .white)
            }
            let text = OverlayRect(
                x: row.x + canvas.px(34), y: row.y, width: row.width - canvas.px(44), height: row.height)
            canvas.text(item.title, size: 16, bold: item.isSelected, in: text, alignment: .left, .white)
        }
    }

    /// The buffering spinner: eight dots on a ring, fading round it; `step` turns it.
    func drawSpinner(_ frame: OverlayRect, step: Int, on canvas: inout OverlayCanvas) {
        let (cx, cy) = (Double(frame.x) + Double(frame.width) / 2, Double(frame.y) + Double(frame.height) / 2)
        let ring = Double(frame.width) * 0.38
        for index in 0..<8 {
            let angle = Double(index + step) * .pi / 4
            canvas.image.fillCircle(
                cx: cx + ring * cos(angle), cy: cy + ring * sin(angle), radius: Double(frame.width) * 0.08,
                OverlayColor.white.fading(0.25 + 0.75 * Double(index) / 7))
        }
    }
}
