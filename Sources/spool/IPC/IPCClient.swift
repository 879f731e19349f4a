/// One connected client's side of the protocol: it answers the lines the client sends (mpv's
/// reply objects, `request_id` copied back), keeps the client's property observers and the
/// events it turned off, and words the events it is sent. Pure: the player is behind
/// `IPCPlayerControl`, the socket behind whoever feeds the lines in.
struct IPCClient {
    /// What `client_name` answers (mpv: "ipc-N").
    let name: String

    private struct Observer {
        let id: Int64
        let property: String
        let asText: Bool
        /// The value last sent (`.some(nil)`: sent as unavailable); nil until first sent.
        var sent: IPCValue??
    }

    private var observers: [Observer] = []
    private var disabledEvents: Set<String> = []

    init(name: String) { self.name = name }

    /// The reply to one line (nil for lines mpv does not answer: blank, comments, text commands).
    @MainActor
    mutating func handle(_ line: [UInt8], control: some IPCPlayerControl) -> String? {
        switch IPCLine.classify(line) {
        case .skip: return nil
        case .invalid(let requestID): return Self.reply(.failure(.invalidParameter), requestID: requestID)
        case .request(let request):
            return Self.reply(IPCCommands.run(request, for: &self, control: control), requestID: request.requestID)
        case .text(let words):
            guard case .string(let name) = words[0] else { return nil }
            _ = IPCCommands.run(
                IPCRequest(name: name, arguments: Array(words.dropFirst()), requestID: nil), for: &self,
                control: control)
            return nil
        }
    }

    /// The reply to a line longer than the server accepts (the line itself is dropped).
    static let overlongLineReply = reply(.failure(.invalidParameter), requestID: nil)

    /// mpv's reply object: `data` (when there is one), `request_id` (when the request had one),
    /// then `error`.
    static func reply(_ result: Result<IPCValue?, IPCError>, requestID: IPCValue?) -> String {
        var members: [(String, IPCValue)] = []
        if case .success(let data?) = result { members.append(("data", data)) }
        if let requestID { members.append(("request_id", requestID)) }
        let error: IPCError
        switch result {
        case .success: error = .success
        case .failure(let failure): error = failure
        }
        members.append(("error", .string(error.rawValue)))
        return IPCValue.object(members).json
    }

    mutating func observe(id: Int64, name: String, asText: Bool) {
        observers.append(Observer(id: id, property: name, asText: asText, sent: nil))
    }

    /// Removes every observer registered with `id` (mpv allows several under one id).
    mutating func unobserve(id: Int64) {
        observers.removeAll { $0.id == id }
    }

    mutating func setEvent(_ name: String, enabled: Bool) {
        let names = name == "all" ? IPCCommands.eventNames : [name]
        if enabled { disabledEvents.subtract(names) } else { disabledEvents.formUnion(names) }
    }

    /// The `property-change` events for observed properties whose value differs from the last
    /// one sent (each observer's first is always sent, as mpv does right after observing).
    mutating func propertyChanges(in state: IPCPlayerState) -> [String] {
        guard !observers.isEmpty, !disabledEvents.contains("property-change") else { return [] }
        var lines: [String] = []
        for index in observers.indices {
            let observer = observers[index]
            var value = try? IPCProperties.value(observer.property, in: state).get()
            if observer.asText { value = value.map { .string(IPCProperties.text(of: $0)) } }
            if let sent = observer.sent, sent == value { continue }
            observers[index].sent = .some(value)
            lines.append(
                IPCValue.object([
                    ("event", .string("property-change")), ("id", .int(observer.id)),
                    ("name", .string(observer.property)), ("data", value ?? .null),
                ]).json)
        }
        return lines
    }

    /// The line for `event`, or nil when this client disabled it.
    func line(for event: IPCEvent) -> String? {
        disabledEvents.contains(event.name) ? nil : event.json
    }
}

/// An mpv event other than `property-change` (which is per client): `start-file`,
/// `file-loaded`, `end-file`, `seek`, `playback-restart`, `idle`, `shutdown`.
struct IPCEvent: Equatable, Sendable {
    /// mpv's end-file reasons.
    enum EndReason: String, Sendable {
        case eof, stop, quit, error
    }

    let name: String
    var fields: [(String, IPCValue)] = []

    static func == (lhs: IPCEvent, rhs: IPCEvent) -> Bool {
        lhs.json == rhs.json
    }

    static func startFile(entry: Int64) -> IPCEvent {
        IPCEvent(name: "start-file", fields: [("playlist_entry_id", .int(entry))])
    }

    static func endFile(entry: Int64, reason: EndReason, error: String? = nil) -> IPCEvent {
        var fields: [(String, IPCValue)] = [("reason", .string(reason.rawValue)), ("playlist_entry_id", .int(entry))]
        if let error { fields.append(("file_error", .string(error))) }
        return IPCEvent(name: "end-file", fields: fields)
    }

    static let fileLoaded = IPCEvent(name: "file-loaded")
    static let seek = IPCEvent(name: "seek")
    static let playbackRestart = IPCEvent(name: "playback-restart")
    static let idle = IPCEvent(name: "idle")
    static let shutdown = IPCEvent(name: "shutdown")

    /// The event as one JSON line (no newline).
    var json: String { IPCValue.object([("event", .string(name))] + fields).json }
}
