/// One exported object while a call is answered: its entry in the index, and what each AT-SPI
/// interface says about it. `org.a11y.atspi.Accessible` is here; the other interfaces are in
/// `ATSPIObject+Interfaces.swift`.
struct ATSPIObject {
    let path: String
    let entry: ATSPIObjectIndex.Entry
    let index: ATSPIObjectIndex
    let context: ATSPIRouteContext

    var object: AccessibleObject { entry.object }
    var isRoot: Bool { path == ATSPINames.rootPath }

    /// The interfaces it implements (`GetInterfaces`), Accessible first.
    var interfaces: [String] {
        var interfaces = [ATSPINames.accessible]
        if isRoot { interfaces.append(ATSPINames.application) }
        if !object.actions.isEmpty { interfaces.append(ATSPINames.action) }
        if object.value != nil { interfaces.append(ATSPINames.value) }
        if object.extents != nil { interfaces.append(ATSPINames.component) }
        return interfaces
    }

    /// The readable properties of `interface`; `nil` if it does not implement it.
    func properties(of interface: String) -> [String: DBusValue]? {
        guard interfaces.contains(interface) else { return nil }
        switch interface {
        case ATSPINames.accessible: return accessibleProperties
        case ATSPINames.application: return applicationProperties
        case ATSPINames.action: return ["NActions": .int32(Int32(clamping: object.actions.count))]
        case ATSPINames.value: return valueProperties
        default: return [:]
        }
    }

    /// The route for method `member` of `interface`; `nil` if the interface has no such method.
    func call(_ member: String, of interface: String, _ arguments: [DBusValue]) -> ATSPIRoute? {
        switch interface {
        case ATSPINames.accessible: accessibleCall(member, arguments)
        case ATSPINames.application: applicationCall(member, arguments)
        case ATSPINames.action: actionCall(member, arguments)
        case ATSPINames.component: componentCall(member, arguments)
        default: nil
        }
    }

    /// Setting a property: `Application.Id` (the registry) and `Value.CurrentValue`.
    func set(_ name: String, of interface: String, to value: DBusValue) -> ATSPIRoute {
        switch (interface, name) {
        case (ATSPINames.application, "Id") where isRoot:
            guard case .int32(let id) = value else { return .error(.invalidArgs.with(message: "Id is an i")) }
            return .setApplicationID(id)
        case (ATSPINames.value, "CurrentValue") where object.value != nil:
            guard let number = value.doubleValue, number.isFinite else {
                return .error(.invalidArgs.with(message: "CurrentValue is a finite d"))
            }
            return .forward(.setValue(id: object.id, value: number), .empty)
        default:
            guard properties(of: interface)?[name] != nil else {
                return .error(.unknownProperty.with(message: "\(interface) has no property \(name)"))
            }
            return .error(.propertyReadOnly.with(message: "\(interface).\(name) is read-only"))
        }
    }

    // MARK: - org.a11y.atspi.Accessible

    private var parentReference: DBusValue {
        entry.parentPath.map(context.reference) ?? context.desktop
    }

    private var accessibleProperties: [String: DBusValue] {
        [
            "Name": .string(object.name), "Description": .string(object.description), "Parent": parentReference,
            "ChildCount": .int32(Int32(clamping: entry.childPaths.count)), "Locale": .string(""),
            "AccessibleId": .string(isRoot ? "" : object.id),
        ]
    }

    private func accessibleCall(_ member: String, _ arguments: [DBusValue]) -> ATSPIRoute? {
        switch member {
        case "GetChildAtIndex":
            guard let position = Self.int(arguments) else { return .error(.invalidArgs.with(message: "takes (i)")) }
            let child = entry.childPaths.indices.contains(position) ? entry.childPaths[position] : ATSPINames.nullPath
            return .reply([context.reference(child)])
        case "GetChildren":
            return .reply([.array(element: "(so)", entry.childPaths.map(context.reference))])
        case "GetIndexInParent": return .reply([.int32(Int32(clamping: entry.indexInParent))])
        case "GetRelationSet": return .reply([.array(element: "(ua(so))", [])])
        case "GetRole": return .reply([.uint32(object.role.rawValue)])
        case "GetRoleName", "GetLocalizedRoleName": return .reply([.string(object.role.name)])
        case "GetState": return .reply([.array(element: "u", ATSPIState.words(object.states).map(DBusValue.uint32))])
        case "GetAttributes":
            let entries = object.attributes.sorted { $0.key < $1.key }.map {
                DBusValue.dictionaryEntry(key: .string($0.key), value: .string($0.value))
            }
            return .reply([.array(element: "{ss}", entries)])
        case "GetApplication": return .reply([context.reference(ATSPINames.rootPath)])
        case "GetInterfaces": return .reply([.stringArray(interfaces)])
        default: return nil
        }
    }

    /// The single `i` argument of a call, if that is what it has.
    static func int(_ arguments: [DBusValue]) -> Int? {
        guard arguments.count == 1, case .int32(let value) = arguments[0] else { return nil }
        return Int(value)
    }

    /// `Introspect`: the interfaces by name (their members are at-spi2-core's XML). Children
    /// are not listed: they are siblings of the root under `/org/a11y/atspi/accessible`, and
    /// AT-SPI clients walk `GetChildren`, not introspection.
    var introspectionXML: String {
        var xml = "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\"\n"
        xml += "\"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n<node>\n"
        for interface in [ATSPINames.introspectable, ATSPINames.properties] + interfaces {
            xml += "  <interface name=\"\(interface)\"/>\n"
        }
        xml += "</node>\n"
        return xml
    }
}
