/// An AT-SPI role: what kind of thing an accessible is, as screen readers announce it. The raw
/// values are `AtspiRole` from at-spi2-core's `atspi-constants.h` (2.46), checked against the
/// header, never guessed; only the roles Spool exposes are listed.
public enum ATSPIRole: UInt32, Sendable, Hashable, CaseIterable {
    /// `ATSPI_ROLE_ALERT`: something the user must be told about (the error banner).
    case alert = 2
    /// `ATSPI_ROLE_FRAME`: a top-level window (the player's window).
    case frame = 23
    /// `ATSPI_ROLE_LABEL`: text that does nothing.
    case label = 29
    /// `ATSPI_ROLE_MENU_ITEM`: a row of a menu.
    case menuItem = 35
    /// `ATSPI_ROLE_PANEL`: a grouping container.
    case panel = 39
    /// `ATSPI_ROLE_PUSH_BUTTON`: a button.
    case pushButton = 43
    /// `ATSPI_ROLE_RADIO_MENU_ITEM`: a menu row that is one choice of several.
    case radioMenuItem = 45
    /// `ATSPI_ROLE_SLIDER`: a value chosen from a range.
    case slider = 51
    /// `ATSPI_ROLE_TOGGLE_BUTTON`: a button that is on or off.
    case toggleButton = 62
    /// `ATSPI_ROLE_APPLICATION`: an application's root.
    case application = 75

    /// The role's name as toolkits answer `GetRoleName` (ATK's `atk_role_get_name`).
    public var name: String {
        switch self {
        case .alert: "alert"
        case .frame: "frame"
        case .label: "label"
        case .menuItem: "menu item"
        case .panel: "panel"
        case .pushButton: "push button"
        case .radioMenuItem: "radio menu item"
        case .slider: "slider"
        case .toggleButton: "toggle button"
        case .application: "application"
        }
    }
}
