import Spool

/// What an assistive technology's requests do to the controls: pressing a control is what a
/// click on it does, setting a slider is a seek or a volume change.
extension PlayerControlsController {
    /// Carries out `request` on the object `id` of `accessibleApplication(named:)`'s tree;
    /// returns whether something was done (a press of a control that does nothing now, such
    /// as Previous with nothing before, is `false`).
    func performAccessibilityRequest(_ request: AccessibleRequest) -> Bool {
        switch request {
        case .doAction(let id, let index):
            guard index == 0 else { return false }
            if let control = PlayerControl(rawValue: id) { return press(control) }
            if id.hasPrefix("menuItem"), let row = Int(id.dropFirst("menuItem".count)) { return pressMenuRow(row) }
            return false
        case .setValue(let id, let value):
            switch PlayerControl(rawValue: id) {
            case .timeline?:
                guard model.allowsSeeking, model.playback.timelineRange != nil else { return false }
                apply(.seek(to: value, exact: true))
            case .volume?:
                apply(.setVolume(Float(min(max(value / 100, 0), 1))))
            default:
                return false
            }
            refresh()
            return true
        }
    }

    /// Presses `control` as a click would, without needing it shown: the player actions it
    /// asks for are applied directly. Controls whose press changes only the overlay (menu
    /// buttons, the time label) are clicked, since the model's own state can only change
    /// through its input.
    private func press(_ control: PlayerControl) -> Bool {
        var next = model
        let actions = next.activate(control)
        if !actions.isEmpty {
            for action in actions { apply(action) }
            refresh()
            return true
        }
        guard next != model, let frame = model.layout.frame(of: control) else { return false }
        click(frame)
        return true
    }

    private func pressMenuRow(_ row: Int) -> Bool {
        guard let rows = model.layout.menu?.items, rows.indices.contains(row) else { return false }
        click(rows[row])
        return true
    }

    /// A click at the middle of `frame`, with the pointer put back where it was afterwards
    /// (so the overlay does not think the pointer hovers the control).
    private func click(_ frame: OverlayRect) {
        let pointer = model.pointer
        let point = OverlayPoint(x: frame.midX, y: frame.midY)
        // A click on hidden controls only shows them: show them first.
        if !model.areControlsVisible { handle(.pointerMoved(to: point)) }
        handle(.pointerPressed(at: point, clickCount: 1))
        handle(.pointerReleased(at: point))
        handle(pointer.map { .pointerMoved(to: $0) } ?? .pointerLeft)
    }
}
