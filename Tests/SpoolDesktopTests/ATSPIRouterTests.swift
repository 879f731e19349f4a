import Testing

@testable import SpoolDesktop

/// A small published tree: an application with a window holding a button, a slider and a label.
enum ATSPISample {
    static let play = AccessibleObject(
        id: "playPause", role: .pushButton, name: "Play",
        states: [.enabled, .sensitive, .visible, .showing, .focusable],
        actions: [AccessibleAction(name: "click", description: "Press Play")],
        extents: AccessibleExtents(x: 10, y: 600, width: 40, height: 40))
    static let volume = AccessibleObject(
        id: "volume", role: .slider, name: "Volume", states: [.enabled, .horizontal],
        value: AccessibleValue(current: 80, minimum: 0, maximum: 100, increment: 5, text: "80 %"))
    static let title = AccessibleObject(id: "title", role: .label, name: "Big Buck Bunny")

    static func application(_ children: [AccessibleObject] = [play, volume, title]) -> AccessibleApplication {
        AccessibleApplication(
            name: "spool", children: [AccessibleObject(id: "window", role: .frame, name: "Spool", children: children)])
    }

    static let context = ATSPIRouteContext(
        busName: ":1.7", desktop: ATSPINames.reference(":1.1", ATSPINames.rootPath), toolkitVersion: "0.1")
    static let root = ATSPINames.rootPath
    static let window = ATSPINames.objectPathPrefix + "/window"
    static let playPath = ATSPINames.objectPathPrefix + "/playPause"
    static let volumePath = ATSPINames.objectPathPrefix + "/volume"
}

/// What the bus thread answers each AT-SPI call with, decided without a bus.
@Suite struct ATSPIRouterTests {
    let index = ATSPIObjectIndex(ATSPISample.application())

    private func route(_ path: String, _ interface: String?, _ member: String, _ arguments: [DBusValue] = [])
        -> ATSPIRoute
    {
        ATSPIRouter.route(
            path: path, interface: interface, member: member, arguments: arguments, index: index,
            context: ATSPISample.context)
    }

    private func get(_ path: String, _ interface: String, _ property: String) -> ATSPIRoute {
        route(path, ATSPINames.properties, "Get", [.string(interface), .string(property)])
    }

    private func reference(_ path: String) -> DBusValue { ATSPINames.reference(":1.7", path) }

    @Test func theRootIsTheApplicationEmbeddedInTheDesktop() {
        #expect(get(ATSPISample.root, ATSPINames.accessible, "Name") == .reply([.variant(.string("spool"))]))
        #expect(route(ATSPISample.root, ATSPINames.accessible, "GetRole") == .reply([.uint32(75)]))
        #expect(
            get(ATSPISample.root, ATSPINames.accessible, "Parent")
                == .reply([.variant(ATSPINames.reference(":1.1", ATSPINames.rootPath))]))
        #expect(
            route(ATSPISample.root, ATSPINames.accessible, "GetInterfaces")
                == .reply([.stringArray([ATSPINames.accessible, ATSPINames.application])]))
        #expect(
            route(ATSPISample.root, ATSPINames.accessible, "GetChildren")
                == .reply([.array(element: "(so)", [reference(ATSPISample.window)])]))
        #expect(get(ATSPISample.root, ATSPINames.application, "ToolkitName") == .reply([.variant(.string("Spool"))]))
        #expect(
            route(ATSPISample.root, ATSPINames.application, "GetApplicationBusAddress") == .reply([.string("")]))
    }

    @Test func childrenAreReachedByIndexWithTheirParentAndPosition() {
        #expect(get(ATSPISample.window, ATSPINames.accessible, "ChildCount") == .reply([.variant(.int32(3))]))
        #expect(
            route(ATSPISample.window, ATSPINames.accessible, "GetChildAtIndex", [.int32(1)])
                == .reply([reference(ATSPISample.volumePath)]))
        #expect(
            route(ATSPISample.window, ATSPINames.accessible, "GetChildAtIndex", [.int32(3)])
                == .reply([reference(ATSPINames.nullPath)]))
        #expect(
            get(ATSPISample.playPath, ATSPINames.accessible, "Parent")
                == .reply([.variant(reference(ATSPISample.window))]))
        #expect(route(ATSPISample.volumePath, ATSPINames.accessible, "GetIndexInParent") == .reply([.int32(1)]))
        #expect(
            route(ATSPISample.volumePath, ATSPINames.accessible, "GetApplication")
                == .reply([reference(ATSPISample.root)]))
    }

    @Test func aButtonHasItsRoleStatesAndAction() {
        #expect(route(ATSPISample.playPath, ATSPINames.accessible, "GetRole") == .reply([.uint32(43)]))
        #expect(route(ATSPISample.playPath, ATSPINames.accessible, "GetRoleName") == .reply([.string("push button")]))
        let enabled: UInt32 = 1 << 8
        let sensitive: UInt32 = 1 << 24
        let visible: UInt32 = 1 << 30
        let showing: UInt32 = 1 << 25
        let focusable: UInt32 = 1 << 11
        let words: [UInt32] = [enabled | sensitive | visible | showing | focusable, 0]
        #expect(
            route(ATSPISample.playPath, ATSPINames.accessible, "GetState")
                == .reply([.array(element: "u", words.map(DBusValue.uint32))]))
        #expect(
            route(ATSPISample.playPath, ATSPINames.accessible, "GetInterfaces")
                == .reply([.stringArray([ATSPINames.accessible, ATSPINames.action, ATSPINames.component])]))
        #expect(get(ATSPISample.playPath, ATSPINames.action, "NActions") == .reply([.variant(.int32(1))]))
        #expect(route(ATSPISample.playPath, ATSPINames.action, "GetName", [.int32(0)]) == .reply([.string("click")]))
        #expect(
            route(ATSPISample.playPath, ATSPINames.action, "DoAction", [.int32(0)])
                == .forward(.doAction(id: "playPause", index: 0), .boolean))
        #expect(route(ATSPISample.playPath, ATSPINames.action, "DoAction", [.int32(1)]) == .reply([.boolean(false)]))
        // A call without an interface finds the method in the object's interfaces.
        #expect(
            route(ATSPISample.playPath, nil, "DoAction", [.int32(0)])
                == .forward(.doAction(id: "playPause", index: 0), .boolean))
        #expect(
            route(ATSPISample.playPath, ATSPINames.component, "GetExtents", [.uint32(0)])
                == .reply([.structure([.int32(10), .int32(600), .int32(40), .int32(40)])]))
    }

    @Test func aSliderHasAValueThatIsSetOnTheMainActor() {
        #expect(get(ATSPISample.volumePath, ATSPINames.value, "CurrentValue") == .reply([.variant(.double(80))]))
        #expect(get(ATSPISample.volumePath, ATSPINames.value, "Text") == .reply([.variant(.string("80 %"))]))
        #expect(
            route(
                ATSPISample.volumePath, ATSPINames.properties, "Set",
                [
                    .string(ATSPINames.value), .string("CurrentValue"), .variant(.double(50)),
                ]) == .forward(.setValue(id: "volume", value: 50), .empty))
        #expect(
            route(
                ATSPISample.volumePath, ATSPINames.properties, "Set",
                [
                    .string(ATSPINames.value), .string("MaximumValue"), .variant(.double(50)),
                ]) == .error(.propertyReadOnly))
        // No Action on a slider, no Value on a button.
        #expect(route(ATSPISample.volumePath, ATSPINames.action, "DoAction", [.int32(0)]) == .error(.unknownInterface))
        #expect(get(ATSPISample.playPath, ATSPINames.value, "CurrentValue") == .error(.unknownInterface))
    }

    @Test func theRegistryNumbersTheApplication() {
        #expect(
            route(
                ATSPISample.root, ATSPINames.properties, "Set",
                [
                    .string(ATSPINames.application), .string("Id"), .variant(.int32(4)),
                ]) == .setApplicationID(4))
    }

    @Test func unknownObjectsMethodsAndBadArgumentsAreErrors() {
        let gone = route(ATSPINames.objectPathPrefix + "/replay", ATSPINames.accessible, "GetRole")
        #expect(gone == .error(DBusError(rawValue: "org.freedesktop.DBus.Error.UnknownObject")))
        #expect(route(ATSPISample.playPath, ATSPINames.accessible, "Frobnicate") == .error(.unknownMethod))
        #expect(
            route(ATSPISample.playPath, ATSPINames.accessible, "GetChildAtIndex", [.string("0")])
                == .error(.invalidArgs))
        #expect(get(ATSPISample.playPath, ATSPINames.accessible, "Colour") == .error(.unknownProperty))
    }

    @Test func theCacheIsEmptySoClientsAskEachObject() {
        #expect(
            route(ATSPINames.cachePath, ATSPINames.cache, "GetItems")
                == .reply([.array(element: ATSPINames.cacheItemSignature, [])]))
    }

    @Test func idsBecomeUniquePathElements() {
        let application = ATSPISample.application([
            AccessibleObject(id: "menu item", role: .menuItem, name: "1×"),
            AccessibleObject(id: "menu-item", role: .menuItem, name: "2×"),
            AccessibleObject(id: "root", role: .label, name: "not the root"),
        ])
        let index = ATSPIObjectIndex(application)
        let window = index[ATSPISample.window]
        let prefix = ATSPINames.objectPathPrefix + "/"
        #expect(window?.childPaths == [prefix + "menu_item", prefix + "menu_item_2", prefix + "root_2"])
        #expect(index[prefix + "menu_item_2"]?.object.name == "2×")
        #expect(index[ATSPINames.rootPath]?.object.role == .application)
        #expect(index.path(ofID: "menu-item") == prefix + "menu_item_2")
    }
}
