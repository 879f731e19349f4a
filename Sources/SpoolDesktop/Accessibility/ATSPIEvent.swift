/// One `org.a11y.atspi.Event.Object` signal: emitted from `path` as `member`
/// (`PropertyChange`, `StateChanged`, `ChildrenChanged`) with the protocol's five arguments
/// `(s detail, i detail1, i detail2, v value, a{sv} properties)`.
struct ATSPIEvent: Equatable {
    /// The object the event is about.
    let path: String
    /// The signal's name.
    let member: String
    /// `accessible-name`, `focused`, `add`…
    let detail: String
    let detail1: Int32
    let detail2: Int32
    /// The variant's content.
    let value: DBusValue

    /// The signal's arguments.
    var arguments: [DBusValue] {
        [.string(detail), .int32(detail1), .int32(detail2), .variant(value), .dictionary([:])]
    }

    /// What changed between two publications of the tree, as signals: children removed and
    /// added (per parent, where the parent stays), then every surviving object's name,
    /// description, value and state changes. Objects that appear with a new parent come with
    /// it, so they get no events of their own.
    static func changes(from old: ATSPIObjectIndex, to new: ATSPIObjectIndex, context: ATSPIRouteContext)
        -> [ATSPIEvent]
    {
        var events: [ATSPIEvent] = []
        for path in new.paths {
            guard let now = new[path], let before = old[path] else { continue }
            events += childrenChanges(at: path, before: before.childPaths, now: now.childPaths, context: context)
        }
        for path in new.paths {
            guard let now = new[path]?.object, let before = old[path]?.object else { continue }
            events += propertyChanges(at: path, before: before, now: now)
        }
        return events
    }

    private static func childrenChanges(
        at path: String, before: [String], now: [String], context: ATSPIRouteContext
    ) -> [ATSPIEvent] {
        guard before != now else { return [] }
        let kept = Set(now)
        let previous = Set(before)
        var events: [ATSPIEvent] = []
        // Removals from the last index down, so each index is valid when the client applies it.
        for (index, child) in before.enumerated().reversed() where !kept.contains(child) {
            events.append(
                ATSPIEvent(
                    path: path, member: "ChildrenChanged", detail: "remove", detail1: Int32(clamping: index),
                    detail2: 0, value: context.reference(child)))
        }
        for (index, child) in now.enumerated() where !previous.contains(child) {
            events.append(
                ATSPIEvent(
                    path: path, member: "ChildrenChanged", detail: "add", detail1: Int32(clamping: index), detail2: 0,
                    value: context.reference(child)))
        }
        return events
    }

    private static func propertyChanges(at path: String, before: AccessibleObject, now: AccessibleObject)
        -> [ATSPIEvent]
    {
        func property(_ name: String, _ value: DBusValue) -> ATSPIEvent {
            ATSPIEvent(path: path, member: "PropertyChange", detail: name, detail1: 0, detail2: 0, value: value)
        }
        var events: [ATSPIEvent] = []
        if before.name != now.name { events.append(property("accessible-name", .string(now.name))) }
        if before.description != now.description {
            events.append(property("accessible-description", .string(now.description)))
        }
        if before.role != now.role { events.append(property("accessible-role", .uint32(now.role.rawValue))) }
        if let value = now.value, value != before.value {
            events.append(property("accessible-value", .double(value.current)))
        }
        for state in before.states.symmetricDifference(now.states).sorted() {
            events.append(
                ATSPIEvent(
                    path: path, member: "StateChanged", detail: state.name, detail1: now.states.contains(state) ? 1 : 0,
                    detail2: 0, value: .int32(0)))
        }
        return events
    }
}
