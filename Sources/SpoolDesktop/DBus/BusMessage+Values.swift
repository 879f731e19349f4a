internal import CDBus

extension BusMessage {
    /// Appends `values` as the message's arguments, after any already there.
    ///
    /// Throws `invalidArgs` for an invalid object path (libdbus would reject it) and
    /// `noMemory` when libdbus cannot grow the message; the message is then unusable.
    func append(_ values: [DBusValue]) throws(DBusError) {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(handle, &iterator)
        for value in values { try Self.append(value, to: &iterator) }
    }

    /// The message's arguments. Throws `invalidArgs` for a type Spool never uses (file descriptors).
    func arguments() throws(DBusError) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(handle, &iterator) != 0 else { return [] }  // no arguments
        var values: [DBusValue] = []
        repeat {
            values.append(try Self.value(at: &iterator))
        } while dbus_message_iter_next(&iterator) != 0
        return values
    }

    private static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) throws(DBusError) {
        switch value {
        case .string(let string):
            try appendString(string, type: cdbus_type_string(), to: &iterator)
        case .objectPath(let path):
            guard isValidObjectPath(path) else { throw .invalidArgs.with(message: "invalid object path '\(path)'") }
            try appendString(path, type: cdbus_type_object_path(), to: &iterator)
        case .boolean(let bool):
            var raw: dbus_bool_t = bool ? 1 : 0
            try appendBasic(&raw, type: cdbus_type_boolean(), to: &iterator)
        case .int32(var number): try appendBasic(&number, type: cdbus_type_int32(), to: &iterator)
        case .uint32(var number): try appendBasic(&number, type: cdbus_type_uint32(), to: &iterator)
        case .int64(var number): try appendBasic(&number, type: cdbus_type_int64(), to: &iterator)
        case .uint64(var number): try appendBasic(&number, type: cdbus_type_uint64(), to: &iterator)
        case .double(var number): try appendBasic(&number, type: cdbus_type_double(), to: &iterator)
        case .stringArray(let strings):
            try withContainer(cdbus_type_array(), signature: "s", in: &iterator) { (array) throws(DBusError) in
                for string in strings { try appendString(string, type: cdbus_type_string(), to: &array) }
            }
        case .dictionary(let entries):
            try withContainer(cdbus_type_array(), signature: "{sv}", in: &iterator) { (array) throws(DBusError) in
                // Sorted so that the same dictionary always produces the same bytes.
                for (key, entryValue) in entries.sorted(by: { $0.key < $1.key }) {
                    try withContainer(cdbus_type_dict_entry(), signature: nil, in: &array) {
                        (entry) throws(DBusError) in
                        try appendString(key, type: cdbus_type_string(), to: &entry)
                        try append(.variant(entryValue), to: &entry)
                    }
                }
            }
        case .variant(let inner):
            try withContainer(cdbus_type_variant(), signature: inner.signature, in: &iterator) {
                (content) throws(DBusError) in try append(inner, to: &content)
            }
        case .structure(let fields):
            try withContainer(cdbus_type_struct(), signature: nil, in: &iterator) { (content) throws(DBusError) in
                for field in fields { try append(field, to: &content) }
            }
        case .array(let element, let elements):
            try withContainer(cdbus_type_array(), signature: element, in: &iterator) { (array) throws(DBusError) in
                for item in elements {
                    guard item.signature == element else {
                        throw .invalidArgs.with(message: "a \(item.signature) in an array of \(element)")
                    }
                    try append(item, to: &array)
                }
            }
        case .dictionaryEntry(let key, let value):
            try withContainer(cdbus_type_dict_entry(), signature: nil, in: &iterator) { (entry) throws(DBusError) in
                try append(key, to: &entry)
                try append(value, to: &entry)
            }
        }
    }

    private static func appendBasic<T: BitwiseCopyable>(
        _ value: inout T, type: Int32, to iterator: inout DBusMessageIter
    )
        throws(DBusError)
    {
        guard dbus_message_iter_append_basic(&iterator, type, &value) != 0 else { throw .noMemory }
    }

    /// Strings go in as a pointer to a C string. Swift strings are valid UTF-8, which libdbus
    /// requires; an embedded NUL would end the string early, so NULs are dropped.
    private static func appendString(_ string: String, type: Int32, to iterator: inout DBusMessageIter)
        throws(DBusError)
    {
        let clean = string.contains("\0") ? string.filter { $0 != "\0" } : string
        let appended = clean.withCString { pointer in
            var pointer: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iterator, type, &pointer)
        }
        guard appended != 0 else { throw .noMemory }
    }

    private static func withContainer(
        _ type: Int32, signature: String?, in iterator: inout DBusMessageIter,
        _ body: (inout DBusMessageIter) throws(DBusError) -> Void
    ) throws(DBusError) {
        var content = DBusMessageIter()
        let opened = withOptionalCString(signature) { dbus_message_iter_open_container(&iterator, type, $0, &content) }
        guard opened != 0 else { throw .noMemory }
        do {
            try body(&content)
        } catch {
            dbus_message_iter_abandon_container(&iterator, &content)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &content) != 0 else { throw .noMemory }
    }

    private static func value(at iterator: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case cdbus_type_string(): return .string(readString(&iterator))
        case cdbus_type_object_path(): return .objectPath(readString(&iterator))
        case cdbus_type_boolean():
            var raw: dbus_bool_t = 0
            dbus_message_iter_get_basic(&iterator, &raw)
            return .boolean(raw != 0)
        case cdbus_type_int32(): return .int32(readBasic(&iterator, as: Int32.self))
        case cdbus_type_uint32(): return .uint32(readBasic(&iterator, as: UInt32.self))
        case cdbus_type_int64(): return .int64(readBasic(&iterator, as: Int64.self))
        case cdbus_type_uint64(): return .uint64(readBasic(&iterator, as: UInt64.self))
        case cdbus_type_double(): return .double(readBasic(&iterator, as: Double.self))
        case cdbus_type_variant():
            var content = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &content)
            return .variant(try value(at: &content))
        case cdbus_type_array():
            return try array(at: &iterator)
        case cdbus_type_struct():
            var content = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &content)
            var fields: [DBusValue] = []
            while dbus_message_iter_get_arg_type(&content) != cdbus_type_invalid() {
                fields.append(try value(at: &content))
                dbus_message_iter_next(&content)
            }
            return .structure(fields)
        default:
            throw .invalidArgs.with(message: "unsupported D-Bus type '\(Character(Unicode.Scalar(UInt8(type))))'")
        }
    }

    private static func array(at iterator: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        let elementType = dbus_message_iter_get_element_type(&iterator)
        var element = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &element)
        switch elementType {
        case cdbus_type_string(), cdbus_type_object_path():
            var strings: [String] = []
            while dbus_message_iter_get_arg_type(&element) != cdbus_type_invalid() {
                strings.append(readString(&element))
                dbus_message_iter_next(&element)
            }
            return .stringArray(strings)
        case cdbus_type_dict_entry():
            var entries: [String: DBusValue] = [:]
            while dbus_message_iter_get_arg_type(&element) != cdbus_type_invalid() {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&element, &entry)
                guard case .string(let key) = try value(at: &entry), dbus_message_iter_next(&entry) != 0 else {
                    throw .invalidArgs.with(message: "dictionary keys must be strings")
                }
                // a{sv}: the value's variant wrapper is part of the dictionary type, not the value.
                let entryValue = try value(at: &entry)
                entries[key] = if case .variant(let inner) = entryValue { inner } else { entryValue }
                dbus_message_iter_next(&element)
            }
            return .dictionary(entries)
        default:
            // Any other element type (`a(so)`, `au`…) is read generically, keeping the
            // element signature so an empty array round-trips.
            guard let raw = dbus_message_iter_get_signature(&iterator) else { throw .noMemory }
            defer { dbus_free(raw) }
            let elementSignature = String(String(cString: raw).dropFirst())
            var elements: [DBusValue] = []
            while dbus_message_iter_get_arg_type(&element) != cdbus_type_invalid() {
                elements.append(try value(at: &element))
                dbus_message_iter_next(&element)
            }
            return .array(element: elementSignature, elements)
        }
    }

    private static func readBasic<T: Numeric & BitwiseCopyable>(_ iterator: inout DBusMessageIter, as type: T.Type) -> T
    {
        var value: T = 0
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func readString(_ iterator: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }
}
