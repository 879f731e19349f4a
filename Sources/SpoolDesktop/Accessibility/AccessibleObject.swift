/// One accessible object as a screen reader sees it: a role, a name, states, what it can do
/// and its children. Plain values: an app builds the whole tree on its own actor and hands it
/// to `AccessibilityServer.publish(_:)`, which exports it on the accessibility bus.
public struct AccessibleObject: Sendable, Equatable {
    /// A name unique in the tree, stable while the object exists (a client holding a reference
    /// keeps reaching the same control when its name changes from "Play" to "Pause"). It
    /// becomes the last element of the object path, so letters, digits and `_` only; other
    /// characters are replaced by `_`.
    public var id: String
    /// What it is.
    public var role: ATSPIRole
    /// What it is called ("Play").
    public var name: String
    /// More about it, read after the name (a menu button's current choice, "1.25×").
    public var description: String
    /// Its states (`showing`, `focused`, `checked`…).
    public var states: Set<ATSPIState>
    /// What `org.a11y.atspi.Action` offers, in order; empty: the interface is not exposed.
    public var actions: [AccessibleAction]
    /// What `org.a11y.atspi.Value` offers (sliders); `nil`: the interface is not exposed.
    public var value: AccessibleValue?
    /// Where it is, in window coordinates; `nil`: `org.a11y.atspi.Component` is not exposed.
    public var extents: AccessibleExtents?
    /// `GetAttributes`.
    public var attributes: [String: String]
    /// Its children, in order.
    public var children: [AccessibleObject]

    /// An object with every part given.
    public init(
        id: String, role: ATSPIRole, name: String, description: String = "", states: Set<ATSPIState> = [],
        actions: [AccessibleAction] = [], value: AccessibleValue? = nil, extents: AccessibleExtents? = nil,
        attributes: [String: String] = [:], children: [AccessibleObject] = []
    ) {
        self.id = id
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.actions = actions
        self.value = value
        self.extents = extents
        self.attributes = attributes
        self.children = children
    }
}

/// One action of an accessible (`click`).
public struct AccessibleAction: Sendable, Equatable {
    /// The action's name (`click`, as toolkits name a button's action).
    public var name: String
    /// What it does, for people ("Press Play").
    public var description: String

    /// An action called `name` that does what `description` says.
    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}

/// A slider's value and range.
public struct AccessibleValue: Sendable, Equatable {
    /// The value now.
    public var current: Double
    /// The lowest value.
    public var minimum: Double
    /// The highest value.
    public var maximum: Double
    /// The step of one key press (0: any value).
    public var increment: Double
    /// The value as text, as the control shows it ("1:23 of 10:00").
    public var text: String

    /// A value `current` within `minimum`…`maximum`.
    public init(current: Double, minimum: Double, maximum: Double, increment: Double = 0, text: String = "") {
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
        self.increment = increment
        self.text = text
    }
}

/// A rectangle in window coordinates (pixels, origin at the window's top left).
public struct AccessibleExtents: Sendable, Equatable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width.
    public var width: Int
    /// Height.
    public var height: Int

    /// The rectangle at `x`, `y` of `width` × `height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The application as published: its root's name and its top-level objects (windows).
public struct AccessibleApplication: Sendable, Equatable {
    /// The root's name, by which clients find the application ("spool").
    public var name: String
    /// The top-level objects.
    public var children: [AccessibleObject]

    /// An application called `name` with `children`.
    public init(name: String, children: [AccessibleObject]) {
        self.name = name
        self.children = children
    }
}

/// What a client asked an accessible to do; the app's handler carries it out on the main actor.
public enum AccessibleRequest: Sendable, Equatable {
    /// `DoAction(index)` on the object `id`.
    case doAction(id: String, index: Int)
    /// Setting `CurrentValue` of the object `id`.
    case setValue(id: String, value: Double)
}
