/// A D-Bus value of one of the types MPRIS uses, independent of any message.
///
/// Values are built and compared in plain Swift (on any thread) and converted to and from
/// libdbus's wire representation only by `DBusMessage` on the bus thread. `dictionary` is
/// the `a{sv}` of property tables and MPRIS metadata: its values are wrapped in variants on
/// the wire and unwrapped when read, so a round trip gives back an equal value.
enum DBusValue: Sendable, Equatable {
    /// `s`
    case string(String)
    /// `o`: an object path such as `/org/mpris/MediaPlayer2`.
    case objectPath(String)
    /// `b`
    case boolean(Bool)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`: MPRIS times (Position, mpris:length, Seek offsets) are microseconds in this type.
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `as` (an `ao` is read as this too).
    case stringArray([String])
    /// `a{sv}`
    case dictionary([String: DBusValue])
    /// `v`: a value carrying its own type.
    indirect case variant(DBusValue)
    /// `(…)`: a struct of these fields, in order (AT-SPI's `(so)` object references).
    case structure([DBusValue])
    /// `a…` of any other element type; `element` is the element's signature, which an empty
    /// array needs too (`a(so)`, `au`, `a{ss}`).
    case array(element: String, [DBusValue])
    /// `{…}`: one entry of a dictionary other than `a{sv}` (only inside `array`).
    indirect case dictionaryEntry(key: DBusValue, value: DBusValue)

    /// The value's D-Bus type signature.
    var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .boolean: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .stringArray: "as"
        case .dictionary: "a{sv}"
        case .variant: "v"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .array(let element, _): "a" + element
        case .dictionaryEntry(let key, let value): "{" + key.signature + value.signature + "}"
        }
    }

    /// The value with any variant wrappers removed.
    var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The string (or object path) this value holds, if it holds one.
    var stringValue: String? {
        switch unwrapped {
        case .string(let value), .objectPath(let value): value
        default: nil
        }
    }

    /// The boolean this value holds, if it holds one.
    var boolValue: Bool? {
        if case .boolean(let value) = unwrapped { return value }
        return nil
    }

    /// The number this value holds as a `Double` (any numeric type), if it holds one.
    var doubleValue: Double? {
        switch unwrapped {
        case .double(let value): value
        case .int32(let value): Double(value)
        case .uint32(let value): Double(value)
        case .int64(let value): Double(value)
        case .uint64(let value): Double(value)
        default: nil
        }
    }
}
