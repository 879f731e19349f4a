/// mpv's `af` and `vf` over the IPC: the properties (read as a list of filter objects, written
/// as a filter-list string) and the commands `af|vf set|add|remove|clr LIST`. Every new list is
/// parsed like the options (`FilterList`) and checked against libavfilter before the player
/// sees it, so a bad list is refused and the running chain is kept.
enum IPCFilterProperties {
    /// The two properties and commands.
    static let names: Set<String> = ["af", "vf"]

    /// The list `name` holds, as mpv's objects: `name`, `label` (when given), `enabled`, and
    /// `params` with the libavfilter `graph` the entry runs.
    static func value(_ name: String, in state: IPCPlayerState) -> Result<IPCValue, IPCError> {
        let entries = name == "af" ? state.filters.audio : state.filters.video
        return .success(.array(entries.map(object)))
    }

    /// Writing a filter-list string to `af` or `vf` (an empty string clears it).
    static func write(_ name: String, _ value: IPCValue, in state: IPCPlayerState) -> Result<IPCAction, IPCError> {
        guard let text = value.string else { return .failure(.propertyFormat) }
        return change(name, operation: "set", list: text, in: state).mapError { _ in .propertyError }
    }

    /// `af|vf OPERATION [LIST]`: `set` replaces the list, `add` appends to it, `remove` takes
    /// out the entries given by `@label` or as written, `clr` empties it (mpv's operations).
    /// Nil for an unknown operation or a missing list ("invalid parameter").
    static func command(_ name: String, _ arguments: [IPCValue], in state: IPCPlayerState) -> Result<
        IPCAction, IPCError
    >? {
        guard (1...2).contains(arguments.count), let operation = arguments[0].string else { return nil }
        let list = arguments.count == 2 ? arguments[1].string : nil
        switch (operation, list) {
        case ("clr", _): return change(name, operation: "set", list: "", in: state)
        case ("set", .some(let list)), ("add", .some(let list)), ("remove", .some(let list)):
            return change(name, operation: operation, list: list, in: state)
        default: return nil
        }
    }

    private static func change(
        _ name: String, operation: String, list: String, in state: IPCPlayerState
    ) -> Result<IPCAction, IPCError> {
        var filters = state.filters
        guard list.count <= FilterList.maxLength else { return .failure(.commandFailed) }
        var entries = name == "af" ? filters.audio : filters.video
        do {
            if operation == "remove" {
                // mpv's remove takes a bare `@label` too, besides entries as written.
                let pieces = list.isEmpty ? [] : try FilterList.split(list, for: name)
                guard pieces.count <= FilterList.maxEntries else { return .failure(.commandFailed) }
                let labels = pieces.filter { $0.hasPrefix("@") && !$0.contains(":") }.map { String($0.dropFirst()) }
                var given: [FilterEntry] = []
                for piece in pieces where !labels.contains(String(piece.dropFirst())) {
                    given += try FilterList.parse(piece, for: name)
                }
                entries.removeAll { entry in
                    entry.label.map(labels.contains) == true
                        || given.contains { ($0.label != nil && $0.label == entry.label) || $0.text == entry.text }
                }
            } else {
                let given = try FilterList.parse(list, for: name)
                entries = operation == "add" ? entries + given : given
            }
        } catch {
            return .failure(.commandFailed)
        }
        guard entries.count <= FilterList.maxEntries else { return .failure(.commandFailed) }
        if name == "af" { filters.audio = entries } else { filters.video = entries }
        do {
            try filters.check(audioName: "af", videoName: "vf")
        } catch {
            return .failure(.commandFailed)
        }
        return .success(.setFilters(filters))
    }

    private static func object(_ entry: FilterEntry) -> IPCValue {
        let name = entry.label.map { entry.text.dropFirst($0.count + 2) } ?? Substring(entry.text)
        var members: [(String, IPCValue)] = [("name", .string(String(name.prefix { $0 != "=" })))]
        if let label = entry.label { members.append(("label", .string(label))) }
        members += [("enabled", .bool(true)), ("params", .object([("graph", .string(entry.graph))]))]
        return .object(members)
    }
}
