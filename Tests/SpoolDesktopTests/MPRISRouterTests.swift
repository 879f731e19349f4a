import FoundationXML
import Testing

@testable import SpoolDesktop

/// What the bus thread does with each call, decided without a bus.
@Suite struct MPRISRouterTests {
    private let table = MPRISPropertyTable(MPRISSnapshot(), configuration: .init())

    private func route(_ interface: String?, _ member: String, _ arguments: [DBusValue] = []) -> MPRISRoute {
        MPRISRouter.route(
            interface: interface, member: member, arguments: arguments, table: table, introspectionXML: "<node/>")
    }

    private let properties = MPRISNames.propertiesInterface
    private let player = MPRISNames.playerInterface
    private let root = MPRISNames.rootInterface

    @Test func propertyReadsAreAnsweredFromTheTable() {
        #expect(route(properties, "Get", [.string(root), .string("Identity")]) == .reply([.variant(.string("Spool"))]))
        #expect(route(properties, "GetAll", [.string(root)]) == .reply([.dictionary(table.root)]))
        #expect(
            route(properties, "Get", [.string(player), .string("CanGoNext")]) == .reply([.variant(.boolean(false))]))
    }

    @Test func positionIsReadOnTheMainActor() {
        #expect(route(properties, "Get", [.string(player), .string("Position")]) == .forward(.readPosition, .position))
        #expect(route(properties, "GetAll", [.string(player)]) == .forward(.readPosition, .allPlayerProperties))
    }

    @Test func unknownInterfacesPropertiesAndMethodsAreErrors() {
        #expect(route(properties, "Get", [.string("org.example"), .string("X")]) == .error(.unknownInterface))
        #expect(route(properties, "Get", [.string(player), .string("Nope")]) == .error(.unknownProperty))
        #expect(route(player, "Fly") == .error(.unknownMethod))
        #expect(route("org.example", "Play") == .error(.unknownInterface))
        #expect(route(properties, "Get", [.string(player)]) == .error(.invalidArgs))
    }

    @Test func writablePropertiesBecomeRequests() {
        func set(_ interface: String, _ name: String, _ value: DBusValue) -> MPRISRoute {
            route(properties, "Set", [.string(interface), .string(name), .variant(value)])
        }
        #expect(set(player, "Volume", .double(0.5)) == .forward(.setVolume(0.5), .empty))
        #expect(set(player, "Rate", .double(2)) == .forward(.setRate(2), .empty))
        #expect(set(player, "LoopStatus", .string("Track")) == .forward(.setLoopStatus("Track"), .empty))
        #expect(set(player, "Shuffle", .boolean(true)) == .forward(.setShuffle(true), .empty))
        #expect(set(root, "Fullscreen", .boolean(true)) == .forward(.setFullscreen(true), .empty))
        #expect(set(player, "Volume", .string("loud")) == .error(.invalidArgs))
        #expect(set(player, "CanPlay", .boolean(true)) == .error(.propertyReadOnly))
        #expect(set(player, "Position", .int64(0)) == .error(.propertyReadOnly))
        #expect(set(player, "Colour", .boolean(true)) == .error(.unknownProperty))
    }

    @Test func methodsAndTheirArgumentsBecomeRequests() {
        #expect(route(player, "PlayPause") == .forward(.playPause, .empty))
        #expect(route(root, "Raise") == .forward(.raise, .empty))
        #expect(route(player, "Seek", [.int64(-5_000_000)]) == .forward(.seek(offsetMicroseconds: -5_000_000), .empty))
        #expect(
            route(player, "SetPosition", [.objectPath("/org/spool/track/1"), .int64(12_000_000)])
                == .forward(.setPosition(trackID: "/org/spool/track/1", positionMicroseconds: 12_000_000), .empty))
        #expect(route(player, "OpenUri", [.string("file:///a.mkv")]) == .forward(.openURI("file:///a.mkv"), .empty))
        #expect(route(player, "Seek", [.double(5)]) == .error(.invalidArgs))
        #expect(route(player, "Play", [.int32(1)]) == .error(.invalidArgs))
        #expect(route(nil, "Next") == .forward(.next, .empty), "calls may omit the interface")
    }

    @Test func introspectionIsAnsweredAtOnce() {
        #expect(route(MPRISNames.introspectableInterface, "Introspect") == .reply([.string("<node/>")]))
    }

    @Test func theIntrospectionDataIsWellFormedXML() throws {
        let document = try XMLDocument(xmlString: MPRISIntrospection.xml)
        let interfaces = try document.nodes(forXPath: "/node/interface/@name").compactMap(\.stringValue)
        #expect(interfaces.contains("org.mpris.MediaPlayer2.Player"))
        #expect(interfaces.contains("org.mpris.MediaPlayer2"))
    }
}
