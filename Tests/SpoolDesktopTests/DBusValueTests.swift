import Testing

@testable import SpoolDesktop

/// Values survive a trip through a libdbus message and its wire format, without a bus.
@Suite struct DBusValueTests {
    /// Appends `values` to a message, marshals it to bytes, parses the bytes and reads them back.
    private func roundTrip(_ values: [DBusValue]) throws -> [DBusValue] {
        let message = try #require(
            BusMessage.methodCall(destination: "org.example.Test", path: "/org/example", interface: nil, member: "M"))
        try message.append(values)
        let bytes = try #require(message.marshalled())
        return try BusMessage.demarshal(bytes).arguments()
    }

    @Test func basicTypesRoundTrip() throws {
        let values: [DBusValue] = [
            .string("Spool ▶ ünïcode"), .objectPath("/org/spool/track/7"), .boolean(true), .boolean(false),
            .int32(-7), .uint32(4_000_000_000), .int64(-596_458_333), .uint64(.max), .double(0.25),
        ]
        #expect(try roundTrip(values) == values)
    }

    @Test func stringArraysAndEmptyArraysRoundTrip() throws {
        let values: [DBusValue] = [.stringArray(["file", "http", "https"]), .stringArray([])]
        #expect(try roundTrip(values) == values)
    }

    @Test func metadataDictionaryWithNestedVariantsRoundTrips() throws {
        let metadata: DBusValue = .dictionary([
            "mpris:trackid": .objectPath("/org/spool/track/1"),
            "mpris:length": .int64(596_458_333),
            "xesam:title": .string("Big Buck Bunny"),
            "xesam:artist": .stringArray(["Blender"]),
            "nested": .dictionary(["inner": .variant(.double(1.5))]),
        ])
        #expect(try roundTrip([metadata, .variant(.boolean(true))]) == [metadata, .variant(.boolean(true))])
    }

    @Test func signaturesAreTheDBusOnes() throws {
        let message = try #require(
            BusMessage.methodCall(destination: nil, path: "/org/example", interface: "org.example.I", member: "M"))
        try message.append([.string("s"), .variant(.int64(1)), .dictionary([:]), .stringArray([]), .objectPath("/")])
        #expect(message.signature == "sva{sv}aso")
    }

    @Test func anInvalidObjectPathIsRefusedBeforeLibdbusSeesIt() throws {
        let message = try #require(
            BusMessage.methodCall(destination: nil, path: "/org/example", interface: nil, member: "M"))
        #expect(throws: DBusError.invalidArgs) { try message.append([.objectPath("not a path")]) }
        #expect(BusMessage.methodCall(destination: nil, path: "relative", interface: nil, member: "M") == nil)
    }

    @Test func embeddedNULsAreDroppedRatherThanTruncatingTheString() throws {
        #expect(try roundTrip([.string("a\u{0}b")]) == [.string("ab")])
    }

    @Test func garbageBytesAreAnErrorNotACrash() {
        #expect(throws: DBusError.self) { try BusMessage.demarshal([0x6c, 1, 2, 3]) }
    }

    @Test func errorsCompareByNameAndDescribeThemselves() {
        let error = DBusError.noServer.with(message: "no socket")
        #expect(error == .noServer)
        #expect(error.description == "org.freedesktop.DBus.Error.NoServer: no socket")
        #expect(DBusError(rawValue: "org.example.Error.X").name == "org.example.Error.X")
    }

    @Test func theSessionBusIsFoundWithoutAutolaunch() throws {
        #expect(
            try BusAddress.session(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"])
                == .address("unix:path=/x"))
        #expect(throws: DBusError.noServer) { try BusAddress.session(environment: ["XDG_RUNTIME_DIR": "/nonexistent"]) }
    }
}

/// The container types AT-SPI needs besides MPRIS's.
@Suite struct DBusContainerValueTests {
    private func roundTrip(_ values: [DBusValue]) throws -> [DBusValue] {
        let message = try #require(
            BusMessage.methodCall(destination: "org.example.Test", path: "/org/example", interface: nil, member: "M"))
        try message.append(values)
        let bytes = try #require(message.marshalled())
        let parsed = try BusMessage.demarshal(bytes)
        #expect(parsed.signature == values.map(\.signature).joined())
        return try parsed.arguments()
    }

    @Test func structsArraysOfStructsAndEmptyTypedArraysRoundTrip() throws {
        let reference = DBusValue.structure([.string(":1.7"), .objectPath("/org/a11y/atspi/accessible/root")])
        let values: [DBusValue] = [
            reference, .array(element: "(so)", [reference, reference]), .array(element: "u", [.uint32(1), .uint32(2)]),
            .array(element: "(ua(so))", []), .variant(reference),
        ]
        #expect(try roundTrip(values) == values)
        #expect(reference.signature == "(so)")
    }

    @Test func stringDictionariesAreWrittenAsTypedArraysOfEntries() throws {
        let attributes = DBusValue.array(
            element: "{ss}", [.dictionaryEntry(key: .string("toolkit"), value: .string("Spool"))])
        #expect(attributes.signature == "a{ss}")
        #expect(try roundTrip([attributes]) == [.dictionary(["toolkit": .string("Spool")])])
    }

    @Test func anElementOfTheWrongTypeIsRefused() throws {
        let message = try #require(
            BusMessage.methodCall(destination: "org.example.Test", path: "/org/example", interface: nil, member: "M"))
        #expect(throws: DBusError.invalidArgs) { try message.append([.array(element: "u", [.string("x")])]) }
    }
}
