/// `org.a11y.atspi.Application` (the root), `Action`, `Value` and `Component`.
extension ATSPIObject {
    var applicationProperties: [String: DBusValue] {
        [
            "ToolkitName": .string(context.toolkitName), "Version": .string(context.toolkitVersion),
            "AtspiVersion": .string("2.1"), "Id": .int32(context.applicationID),
        ]
    }

    func applicationCall(_ member: String, _ arguments: [DBusValue]) -> ATSPIRoute? {
        switch member {
        case "GetLocale": return .reply([.string("")])
        // Empty: clients stay on the shared accessibility bus (no peer-to-peer connection).
        case "GetApplicationBusAddress": return .reply([.string("")])
        default: return nil
        }
    }

    func actionCall(_ member: String, _ arguments: [DBusValue]) -> ATSPIRoute? {
        let actions = object.actions
        switch member {
        case "GetActions":
            let rows = actions.map { DBusValue.structure([.string($0.name), .string($0.description), .string("")]) }
            return .reply([.array(element: "(sss)", rows)])
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction":
            guard let position = Self.int(arguments) else { return .error(.invalidArgs.with(message: "takes (i)")) }
            guard actions.indices.contains(position) else {
                if member == "DoAction" { return .reply([.boolean(false)]) }
                return .reply([.string("")])
            }
            let action = actions[position]
            switch member {
            case "GetName", "GetLocalizedName": return .reply([.string(action.name)])
            case "GetDescription": return .reply([.string(action.description)])
            case "GetKeyBinding": return .reply([.string("")])
            default: return .forward(.doAction(id: object.id, index: position), .boolean)
            }
        default: return nil
        }
    }

    var valueProperties: [String: DBusValue] {
        guard let value = object.value else { return [:] }
        return [
            "MinimumValue": .double(value.minimum), "MaximumValue": .double(value.maximum),
            "MinimumIncrement": .double(value.increment), "CurrentValue": .double(value.current),
            "Text": .string(value.text),
        ]
    }

    /// Extents are in window coordinates: Spool does not know where the window manager put
    /// the window, so screen and window coordinates are the same numbers.
    func componentCall(_ member: String, _ arguments: [DBusValue]) -> ATSPIRoute? {
        guard let extents = object.extents else { return nil }
        switch member {
        case "GetExtents":
            return .reply([
                .structure([
                    .int32(Int32(clamping: extents.x)), .int32(Int32(clamping: extents.y)),
                    .int32(Int32(clamping: extents.width)), .int32(Int32(clamping: extents.height)),
                ])
            ])
        case "GetPosition": return .reply([.int32(Int32(clamping: extents.x)), .int32(Int32(clamping: extents.y))])
        case "GetSize":
            return .reply([.int32(Int32(clamping: extents.width)), .int32(Int32(clamping: extents.height))])
        case "Contains":
            guard arguments.count == 3, case .int32(let x) = arguments[0], case .int32(let y) = arguments[1] else {
                return .error(.invalidArgs.with(message: "Contains takes (iiu)"))
            }
            let inside =
                Int(x) >= extents.x && Int(x) < extents.x + extents.width && Int(y) >= extents.y
                && Int(y) < extents.y + extents.height
            return .reply([.boolean(inside)])
        case "GetLayer": return .reply([.uint32(3)])  // ATSPI_LAYER_WIDGET
        case "GetAlpha": return .reply([.double(1)])
        // The overlay's focus ring follows the keyboard only; a reader cannot move it.
        case "GrabFocus": return .reply([.boolean(false)])
        default: return nil
        }
    }
}
