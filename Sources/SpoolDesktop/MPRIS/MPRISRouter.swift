/// Decides, on the bus thread, what each call to `/org/mpris/MediaPlayer2` needs: an answer
/// from the property table at once, an error, or a trip to the main actor.
///
/// Pure: it sees the call's interface, member and arguments and the current table, so every
/// path is unit-tested without a bus.
enum MPRISRouter {
    /// Properties clients may set, by interface, with the request each becomes.
    private static let writable: [MPRISPropertyKey: @Sendable (DBusValue) -> MPRISRequest?] = [
        .init(interface: MPRISNames.rootInterface, name: "Fullscreen"): {
            $0.boolValue.map(MPRISRequest.setFullscreen)
        },
        .init(interface: MPRISNames.playerInterface, name: "LoopStatus"): {
            $0.stringValue.map(MPRISRequest.setLoopStatus)
        },
        .init(interface: MPRISNames.playerInterface, name: "Rate"): { $0.doubleValue.map(MPRISRequest.setRate) },
        .init(interface: MPRISNames.playerInterface, name: "Shuffle"): { $0.boolValue.map(MPRISRequest.setShuffle) },
        .init(interface: MPRISNames.playerInterface, name: "Volume"): { $0.doubleValue.map(MPRISRequest.setVolume) },
    ]

    private static let rootMethods: [String: MPRISRequest] = ["Raise": .raise, "Quit": .quit]
    private static let playerMethods: [String: MPRISRequest] = [
        "Play": .play, "Pause": .pause, "PlayPause": .playPause, "Stop": .stop, "Next": .next, "Previous": .previous,
    ]

    /// The route for a call of `member` on `interface` (which a call may omit) with `arguments`.
    static func route(
        interface: String?, member: String, arguments: [DBusValue], table: MPRISPropertyTable,
        introspectionXML: String
    ) -> MPRISRoute {
        switch interface {
        case MPRISNames.propertiesInterface: return properties(member, arguments, table)
        case MPRISNames.introspectableInterface:
            return member == "Introspect" ? .reply([.string(introspectionXML)]) : .error(.unknownMethod)
        case MPRISNames.rootInterface: return root(member, arguments)
        case MPRISNames.playerInterface: return player(member, arguments)
        case nil:
            // D-Bus allows calls without an interface; method names are unique across ours.
            if member == "Introspect" { return .reply([.string(introspectionXML)]) }
            if rootMethods[member] != nil { return root(member, arguments) }
            return player(member, arguments)
        default: return .error(.unknownInterface.with(message: "no interface \(interface ?? "")"))
        }
    }

    private static func root(_ member: String, _ arguments: [DBusValue]) -> MPRISRoute {
        guard let request = rootMethods[member] else { return .error(.unknownMethod.with(message: member)) }
        return arguments.isEmpty ? .forward(request, .empty) : .error(.invalidArgs)
    }

    private static func player(_ member: String, _ arguments: [DBusValue]) -> MPRISRoute {
        if let request = playerMethods[member] {
            return arguments.isEmpty ? .forward(request, .empty) : .error(.invalidArgs)
        }
        switch member {
        case "Seek":
            guard arguments.count == 1, case .int64(let offset) = arguments[0] else { break }
            return .forward(.seek(offsetMicroseconds: offset), .empty)
        case "SetPosition":
            guard arguments.count == 2, case .objectPath(let trackID) = arguments[0],
                case .int64(let position) = arguments[1]
            else { break }
            return .forward(.setPosition(trackID: trackID, positionMicroseconds: position), .empty)
        case "OpenUri":
            guard arguments.count == 1, case .string(let uri) = arguments[0] else { break }
            return .forward(.openURI(uri), .empty)
        default:
            return .error(.unknownMethod.with(message: member))
        }
        return .error(.invalidArgs.with(message: "wrong arguments for \(member)"))
    }

    private static func properties(_ member: String, _ arguments: [DBusValue], _ table: MPRISPropertyTable)
        -> MPRISRoute
    {
        let strings: [String?] = arguments.map { argument -> String? in
            if case .string(let string) = argument { return string }
            return nil
        }
        switch (member, arguments.count) {
        case ("Get", 2):
            guard let interface = strings[0], let name = strings[1] else { break }
            if interface == MPRISNames.playerInterface, name == "Position" { return .forward(.readPosition, .position) }
            guard let properties = table.properties(of: interface) else { return .error(.unknownInterface) }
            guard let value = properties[name] else { return .error(.unknownProperty.with(message: name)) }
            return .reply([.variant(value)])
        case ("GetAll", 1):
            guard let interface = strings[0] else { break }
            if interface == MPRISNames.playerInterface { return .forward(.readPosition, .allPlayerProperties) }
            guard let properties = table.properties(of: interface) else { return .error(.unknownInterface) }
            return .reply([.dictionary(properties)])
        case ("Set", 3):
            guard let interface = strings[0], let name = strings[1], case .variant(let value) = arguments[2] else {
                break
            }
            return set(MPRISPropertyKey(interface: interface, name: name), to: value, table)
        case ("Get", _), ("GetAll", _), ("Set", _):
            break
        default:
            return .error(.unknownMethod.with(message: member))
        }
        return .error(.invalidArgs.with(message: "wrong arguments for \(member)"))
    }

    private static func set(_ key: MPRISPropertyKey, to value: DBusValue, _ table: MPRISPropertyTable) -> MPRISRoute {
        if let makeRequest = writable[key] {
            guard let request = makeRequest(value) else {
                return .error(.invalidArgs.with(message: "wrong type for \(key.name)"))
            }
            return .forward(request, .empty)
        }
        guard let properties = table.properties(of: key.interface) else { return .error(.unknownInterface) }
        let known =
            properties[key.name] != nil
            || key == MPRISPropertyKey(interface: MPRISNames.playerInterface, name: "Position")
        return .error(known ? .propertyReadOnly.with(message: key.name) : .unknownProperty.with(message: key.name))
    }
}
