/// An AT-SPI state an accessible may be in. The raw values are `AtspiStateType` from
/// at-spi2-core's `atspi-constants.h` (2.46); only the states Spool reports are listed.
public enum ATSPIState: UInt32, Sendable, Hashable, CaseIterable, Comparable {
    /// The window is the active one.
    case active = 1
    /// A toggle is on, or a menu row is the chosen one.
    case checked = 4
    /// A menu button's menu is closed.
    case collapsed = 5
    /// The object can be used.
    case enabled = 8
    /// A menu button can open its menu.
    case expandable = 9
    /// A menu button's menu is open.
    case expanded = 10
    /// The keyboard can focus it.
    case focusable = 11
    /// It has the keyboard focus.
    case focused = 12
    /// A slider runs left to right.
    case horizontal = 14
    /// A row can be highlighted.
    case selectable = 22
    /// A row is highlighted.
    case selected = 23
    /// It reacts to input.
    case sensitive = 24
    /// It is drawn on screen now.
    case showing = 25
    /// It is meant to be shown (it may be hidden for now, as auto-hidden controls are).
    case visible = 30
    /// It can be checked.
    case checkable = 41
    /// Activating it opens a menu.
    case hasPopup = 42
    /// Its value cannot be changed (a timeline that cannot seek).
    case readOnly = 43

    /// The name in `StateChanged` signals (`object:state-changed:focused`), as ATK spells it.
    public var name: String {
        switch self {
        case .active: "active"
        case .checked: "checked"
        case .collapsed: "collapsed"
        case .enabled: "enabled"
        case .expandable: "expandable"
        case .expanded: "expanded"
        case .focusable: "focusable"
        case .focused: "focused"
        case .horizontal: "horizontal"
        case .selectable: "selectable"
        case .selected: "selected"
        case .sensitive: "sensitive"
        case .showing: "showing"
        case .visible: "visible"
        case .checkable: "checkable"
        case .hasPopup: "has-popup"
        case .readOnly: "read-only"
        }
    }

    /// Orders states by their number.
    public static func < (lhs: ATSPIState, rhs: ATSPIState) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A state set as `GetState` returns it: two 32-bit words, state n at bit n % 32 of word
    /// n / 32.
    static func words(_ states: Set<ATSPIState>) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states { words[Int(state.rawValue / 32)] |= 1 << (state.rawValue % 32) }
        return words
    }
}
