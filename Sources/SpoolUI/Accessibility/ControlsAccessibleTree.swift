public import Spool

/// The overlay's accessibility tree (`PlayerControlsModel.accessibilityElements`) as AT-SPI
/// objects: the application, one frame for the window, and under it one object per element in
/// focus order, each with its AT-SPI role, states, action and value.
///
/// Auto-hidden controls stay in the tree (without `showing`): a screen reader user must not
/// lose the Play button because the pointer stood still for three seconds, and pressing a
/// hidden control works as pressing a shown one does.
extension PlayerControlsModel {
    /// The published tree for an application called `applicationName`.
    public func accessibleApplication(named applicationName: String) -> AccessibleApplication {
        var shown = self
        shown.areControlsVisible = true
        let showing = areControlsVisible
        let elements = shown.accessibilityElements
        let menuStart = elements.count - elements.filter { $0.role == .menuItem }.count
        let children = elements.enumerated().map { position, element in
            shown.accessibleObject(
                for: element, id: Self.accessibleID(of: element, position: position, menuStart: menuStart),
                showing: showing)
        }
        let size = layout.size
        let window = AccessibleObject(
            id: "window", role: .frame, name: playback.title.flatMap { $0.isEmpty ? nil : $0 } ?? applicationName,
            states: [.enabled, .sensitive, .visible, .showing],
            extents: AccessibleExtents(x: 0, y: 0, width: size.width, height: size.height), children: children)
        return AccessibleApplication(name: applicationName, children: [window])
    }

    /// The AT-SPI object for `element`, exported as `id`. Labels are read by their name, so
    /// theirs carries the value too ("Elapsed time 1:23"); a slider's value text is its
    /// `Value.Text`; any other value (a menu button's choice, the alert's message) is the
    /// description, read after the name.
    func accessibleObject(for element: AccessibilityElement, id: String, showing: Bool) -> AccessibleObject {
        let frame = element.frame
        var object = AccessibleObject(
            id: id, role: ATSPIRole(element.role), name: element.role == .label ? element.description : element.name,
            description: element.role == .label || element.role == .slider ? "" : element.value ?? "",
            states: states(of: element, showing: showing),
            extents: AccessibleExtents(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
        switch element.role {
        case .button, .toggleButton, .menuButton, .menuItem:
            object.actions = [AccessibleAction(name: "click", description: "Press \(element.name)")]
        case .slider:
            object.value = sliderValue(of: element)
        case .label, .alert:
            break
        }
        return object
    }

    /// A control's id is its case name (stable while its name changes); menu rows are
    /// `menuItem0`…, the banner `banner`.
    static func accessibleID(of element: AccessibilityElement, position: Int, menuStart: Int) -> String {
        if let control = element.control { return control.rawValue }
        if element.role == .menuItem { return "menuItem\(position - menuStart)" }
        return element.role == .alert ? "banner" : "element\(position)"
    }

    private func states(of element: AccessibilityElement, showing: Bool) -> Set<ATSPIState> {
        var states: Set<ATSPIState> = [.enabled, .sensitive, .visible]
        if showing { states.insert(.showing) }
        if element.control?.isInteractive == true || element.role == .menuItem { states.insert(.focusable) }
        if element.isFocused { states.insert(.focused) }
        switch element.role {
        case .toggleButton:
            states.insert(.checkable)
            if element.isChecked { states.insert(.checked) }
        case .menuButton:
            states.formUnion([.hasPopup, .expandable, element.isChecked ? .expanded : .collapsed])
        case .menuItem:
            states.formUnion([.checkable, .selectable])
            if element.isChecked { states.insert(.checked) }
            if element.isFocused { states.insert(.selected) }
        case .slider:
            states.insert(.horizontal)
            if element.control == .timeline && !allowsSeeking { states.insert(.readOnly) }
        case .button, .label, .alert:
            break
        }
        return states
    }

    private func sliderValue(of element: AccessibilityElement) -> AccessibleValue? {
        switch element.control {
        case .timeline?:
            let range = playback.timelineRange ?? 0...0
            let current = min(max(displayedTime, range.lowerBound), range.upperBound)
            return AccessibleValue(
                current: current, minimum: range.lowerBound, maximum: range.upperBound, increment: 5,
                text: element.value ?? "")
        case .volume?:
            return AccessibleValue(
                current: Double(playback.volume * 100).rounded(), minimum: 0, maximum: 100,
                increment: Double(configuration.volumeStep * 100).rounded(), text: element.value ?? "")
        default:
            return nil
        }
    }
}

extension ATSPIRole {
    /// The AT-SPI role of an overlay role. Menu buttons are push buttons with `has-popup`
    /// (as GTK 3's are; `ATSPI_ROLE_PUSH_BUTTON_MENU` is new in 2.46 and unknown to older
    /// readers); menu rows are radio menu items, every overlay menu being a choice of one.
    public init(_ role: AccessibilityRole) {
        switch role {
        case .button, .menuButton: self = .pushButton
        case .toggleButton: self = .toggleButton
        case .slider: self = .slider
        case .menuItem: self = .radioMenuItem
        case .label: self = .label
        case .alert: self = .alert
        }
    }
}
