/// A JSON value as mpv's IPC carries it (mpv's `mpv_node`): integers and doubles are distinct,
/// as mpv keeps them (`playlist-pos` is an integer, `time-pos` a double), and objects keep their
/// keys in order, so replies read like mpv's.
enum IPCValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([IPCValue])
    case object([(String, IPCValue)])

    static func == (lhs: IPCValue, rhs: IPCValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.elementsEqual(b) { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member `key` of an object (the first, as mpv's `node_map_get`); nil otherwise.
    subscript(key: String) -> IPCValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// A number as a double (integers included); nil for anything else.
    var number: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The string, or nil.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
