/// What the bus thread must do with one method call.
enum ATSPIRoute: Equatable {
    /// Reply now with these values.
    case reply([DBusValue])
    /// Reply now with this error.
    case error(DBusError)
    /// Ask the app (on the main actor), then reply in `shape`.
    case forward(AccessibleRequest, ATSPIReplyShape)
    /// The registry numbered the application (`Set Application.Id`): keep it, reply empty.
    case setApplicationID(Int32)
}

/// How a forwarded call's answer (whether the app did it) is replied.
enum ATSPIReplyShape: Equatable {
    /// `b`: `DoAction`'s result.
    case boolean
    /// No values: a property `Set`.
    case empty
}

/// What the router needs to know besides the objects.
struct ATSPIRouteContext: Equatable {
    /// This connection's unique name: the bus name in every reference to our objects.
    var busName: String
    /// The desktop the root is embedded in (the registry's reply to `Embed`).
    var desktop: DBusValue
    /// The number the registry gave the application (0 until it does).
    var applicationID: Int32 = 0
    /// `Application.ToolkitName`.
    var toolkitName = "Spool"
    /// `Application.Version`.
    var toolkitVersion = ""

    /// A reference to our object at `path`.
    func reference(_ path: String) -> DBusValue { ATSPINames.reference(busName, path) }
}

/// Answers AT-SPI method calls from an `ATSPIObjectIndex`: a pure function of the call, the
/// objects and the context, so every answer is unit-tested without a bus. Calls that change
/// something (`DoAction`, setting `CurrentValue`) are forwarded to the app.
enum ATSPIRouter {
    /// The route for `member` of `interface` called on `path` with `arguments`.
    static func route(
        path: String, interface: String?, member: String, arguments: [DBusValue], index: ATSPIObjectIndex,
        context: ATSPIRouteContext
    ) -> ATSPIRoute {
        if path == ATSPINames.cachePath {
            guard member == "GetItems" else { return .error(.unknownMethod.with(message: "no \(member) on the cache")) }
            // Empty: libatspi then asks each object for what it needs, so nothing it caches
            // can go stale between two throttled change signals.
            return .reply([.array(element: ATSPINames.cacheItemSignature, [])])
        }
        guard let entry = index[path] else {
            return .error(
                DBusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no accessible at \(path)"))
        }
        let object = ATSPIObject(path: path, entry: entry, index: index, context: context)
        switch interface {
        case ATSPINames.properties?: return properties(member, arguments, of: object)
        case ATSPINames.introspectable?:
            return member == "Introspect" ? .reply([.string(object.introspectionXML)]) : .error(.unknownMethod)
        case let interface?:
            guard object.interfaces.contains(interface) else {
                return .error(.unknownInterface.with(message: "\(path) has no \(interface)"))
            }
            return object.call(member, of: interface, arguments)
                ?? .error(.unknownMethod.with(message: "\(interface) has no method \(member)"))
        case nil:
            for candidate in object.interfaces {
                if let route = object.call(member, of: candidate, arguments) { return route }
            }
            return .error(.unknownMethod.with(message: "no method \(member) on \(path)"))
        }
    }

    private static func properties(_ member: String, _ arguments: [DBusValue], of object: ATSPIObject) -> ATSPIRoute {
        switch member {
        case "Get":
            guard arguments.count == 2, let interface = arguments[0].stringValue, let name = arguments[1].stringValue
            else { return .error(.invalidArgs.with(message: "Get takes (ss)")) }
            guard let table = object.properties(of: interface) else {
                return .error(.unknownInterface.with(message: "\(object.path) has no \(interface)"))
            }
            guard let value = table[name] else {
                return .error(.unknownProperty.with(message: "\(interface) has no property \(name)"))
            }
            return .reply([.variant(value)])
        case "GetAll":
            guard arguments.count == 1, let interface = arguments[0].stringValue else {
                return .error(.invalidArgs.with(message: "GetAll takes (s)"))
            }
            return .reply([.dictionary(object.properties(of: interface) ?? [:])])
        case "Set":
            guard arguments.count == 3, let interface = arguments[0].stringValue, let name = arguments[1].stringValue
            else { return .error(.invalidArgs.with(message: "Set takes (ssv)")) }
            return object.set(name, of: interface, to: arguments[2].unwrapped)
        default:
            return .error(.unknownMethod.with(message: "\(ATSPINames.properties) has no method \(member)"))
        }
    }
}
