import Foundation

/// The commands the IPC runs, mpv's names and argument rules: the IPC-only ones (`get_property`,
/// `observe_property`, `client_name`…) with mpv's exact checks from `json_execute_command`, and
/// the player commands (`loadfile`, `seek`, `playlist-next`, `cycle`…) as `IPCAction`s. An
/// unknown command or a wrong argument is "invalid parameter"; a property command (`set`,
/// `cycle`, `add`) that fails, or a command that cannot be done now, is "error running command".
enum IPCCommands {
    /// Every command served, for `command-list`.
    static let names = [
        "get_property", "get_property_string", "set_property", "set_property_string", "observe_property",
        "observe_property_string", "unobserve_property", "client_name", "get_time_us", "get_version",
        "enable_event", "disable_event", "request_log_messages", "loadfile", "seek", "playlist-next",
        "playlist-prev", "playlist-play-index", "stop", "quit", "cycle", "add", "set", "show-text", "print-text",
        "frame-step", "frame-back-step", "ab-loop", "af", "vf",
    ]

    /// The events a client may enable or disable by name (mpv's event names).
    static let eventNames: Set<String> = [
        "shutdown", "log-message", "get-property-reply", "set-property-reply", "command-reply", "start-file",
        "end-file", "file-loaded", "idle", "tick", "client-message", "video-reconfig", "audio-reconfig", "seek",
        "playback-restart", "property-change", "queue-overflow", "hook",
    ]

    /// Runs `request` for `client`; returns the reply's data (nil: none) or the error.
    @MainActor
    static func run(
        _ request: IPCRequest, for client: inout IPCClient, control: some IPCPlayerControl
    ) -> Result<IPCValue?, IPCError> {
        let arguments = request.arguments
        func string(_ index: Int) -> String? { arguments.indices.contains(index) ? arguments[index].string : nil }
        func integer(_ index: Int) -> Int64? {
            guard arguments.indices.contains(index), case .int(let value) = arguments[index] else { return nil }
            return value
        }
        switch request.name {
        case "client_name": return .success(.string(client.name))
        case "get_time_us": return .success(.int(Int64(Date().timeIntervalSince1970 * 1_000_000)))
        case "get_version": return .success(.int(0x0002_0005))  // a client API version 2.5, as recent mpv reports
        case "get_property", "get_property_string":
            guard arguments.count == 1, let name = string(0) else { return .failure(.invalidParameter) }
            let value = IPCProperties.value(name, in: control.ipcState)
            if request.name == "get_property" { return value.map { Optional($0) } }
            return .success(value.map { .string(IPCProperties.text(of: $0)) }.get(or: .null))
        case "set_property", "set_property_string":
            guard arguments.count == 2, let name = string(0) else { return .failure(.invalidParameter) }
            if request.name == "set_property_string", arguments[1].string == nil { return .failure(.invalidParameter) }
            return perform(IPCProperties.write(name, arguments[1], in: control.ipcState), control)
        case "observe_property", "observe_property_string":
            guard arguments.count == 2, let id = integer(0), let name = string(1) else {
                return .failure(.invalidParameter)
            }
            client.observe(id: id, name: name, asText: request.name == "observe_property_string")
            return .success(nil)
        case "unobserve_property":
            guard arguments.count == 1, let id = integer(0) else { return .failure(.invalidParameter) }
            client.unobserve(id: id)
            return .success(nil)
        case "enable_event", "disable_event":
            guard arguments.count == 1, let name = string(0), name == "all" || eventNames.contains(name) else {
                return .failure(.invalidParameter)
            }
            client.setEvent(name, enabled: request.name == "enable_event")
            return .success(nil)
        case "request_log_messages":
            guard arguments.count == 1, string(0) != nil else { return .failure(.invalidParameter) }
            return .success(nil)  // spool has no log messages to send; accepted as mpv does
        case "show-text", "print-text":
            guard !arguments.isEmpty else { return .failure(.invalidParameter) }
            return .success(nil)
        default:
            guard let action = playerCommand(request.name, arguments, state: control.ipcState) else {
                return .failure(.invalidParameter)
            }
            return perform(action, control)
        }
    }

    @MainActor
    private static func perform(
        _ action: Result<IPCAction, IPCError>, _ control: some IPCPlayerControl
    ) -> Result<IPCValue?, IPCError> {
        switch action {
        case .success(let action): return control.perform(action)
        case .failure(let error): return .failure(error)
        }
    }

    /// A player command's action; nil for an unknown command or bad arguments ("invalid
    /// parameter"); a failure inside is the command's error.
    private static func playerCommand(
        _ name: String, _ arguments: [IPCValue], state: IPCPlayerState
    ) -> Result<IPCAction, IPCError>? {
        func text(_ index: Int) -> String?? {
            guard arguments.indices.contains(index) else { return .some(nil) }
            return arguments[index].string.map { .some($0) } ?? nil
        }
        switch name {
        case "loadfile":
            guard (1...4).contains(arguments.count), let url = arguments[0].string, !url.isEmpty,
                let flags = text(1), let mode = IPCAction.LoadMode(rawValue: flags ?? "replace")
            else { return nil }
            return .success(.loadFile(url, mode))
        case "seek":
            guard (1...3).contains(arguments.count), let target = try? IPCProperties.number(arguments[0]),
                let flags = text(1), let (seek, toKeyframe) = seek(target, flags: flags ?? "relative")
            else { return nil }
            guard state.current != nil else { return .failure(.commandFailed) }
            return .success(.seek(seek, toKeyframe: toKeyframe))
        case "playlist-next", "playlist-prev":
            guard arguments.count <= 1, let flag = text(0), ["weak", "force", nil].contains(flag) else { return nil }
            let force = flag == "force"
            return .success(name == "playlist-next" ? .playlistNext(force: force) : .playlistPrevious(force: force))
        case "playlist-play-index":
            guard arguments.count == 1, let index = try? IPCProperties.number(arguments[0]) else { return nil }
            guard index == index.rounded(), index >= 0, index < Double(state.playlist.count) else {
                return .failure(.commandFailed)
            }
            return .success(.playlistPlay(Int(index)))
        case "stop":
            guard arguments.count <= 1 else { return nil }
            return .success(.stop)
        case "quit":
            guard arguments.count <= 1 else { return nil }
            guard let code = arguments.first else { return .success(.quit(code: 0)) }
            guard let number = try? IPCProperties.number(code), number == number.rounded(), abs(number) < 256 else {
                return nil
            }
            return .success(.quit(code: Int32(number)))
        case "frame-step", "frame-back-step":
            guard arguments.isEmpty else { return nil }
            guard state.current != nil else { return .failure(.commandFailed) }
            return .success(.frameStep(name == "frame-step" ? 1 : -1))
        case "ab-loop":
            guard arguments.isEmpty else { return nil }
            guard state.current != nil else { return .failure(.commandFailed) }
            return .success(.markLoop)
        case "af", "vf": return IPCFilterProperties.command(name, arguments, in: state)
        case "set":
            guard arguments.count == 2, let property = arguments[0].string else { return nil }
            return commandResult(IPCProperties.write(property, arguments[1], in: state))
        case "cycle", "add":
            guard (1...2).contains(arguments.count), let property = arguments[0].string else { return nil }
            let argument = arguments.count == 2 ? arguments[1] : nil
            return commandResult(name == "cycle" ? cycle(property, argument, state) : add(property, argument, state))
        default: return nil
        }
    }

    /// A property failure inside a command is the command's failure, as in mpv.
    private static func commandResult(_ result: Result<IPCAction, IPCError>) -> Result<IPCAction, IPCError> {
        result.mapError { _ in .commandFailed }
    }

    /// mpv's seek flags: a mode and a precision. A seek is exact unless it says `keyframes`
    /// (mpv's own default depends on `hr-seek`; exact is what a script that names a time means).
    private static func seek(_ target: Double, flags: String) -> (IPCAction.Seek, toKeyframe: Bool)? {
        var mode = "relative"
        var toKeyframe = false
        for flag in flags.split(separator: "+") {
            switch flag {
            case "relative", "absolute", "absolute-percent", "relative-percent": mode = String(flag)
            case "exact": toKeyframe = false
            case "keyframes": toKeyframe = true
            default: return nil
            }
        }
        switch mode {
        case "absolute": return (.absolute(target), toKeyframe)
        case "absolute-percent": return (.absolutePercent(target), toKeyframe)
        case "relative-percent": return (.relativePercent(target), toKeyframe)
        default: return (.relative(target), toKeyframe)
        }
    }

    /// `cycle NAME [up|down]`: a flag toggles, a track moves to the next (off after the last),
    /// a number steps by one.
    private static func cycle(_ name: String, _ direction: IPCValue?, _ state: IPCPlayerState) -> Result<
        IPCAction, IPCError
    > {
        let step: Double
        switch direction?.string {
        case nil, "up": step = 1
        case "down": step = -1
        default: return .failure(.invalidParameter)
        }
        switch IPCProperties.value(name, in: state) {
        case .failure(let error): return .failure(error)
        case .success(.bool(let flag)) where name != "aid" && name != "sid" && name != "vid":
            return IPCProperties.write(name, .bool(!flag), in: state)
        case .success(let current) where ["aid", "sid", "vid"].contains(name):
            let kind: IPCPlayerState.Track.Kind = name == "aid" ? .audio : name == "sid" ? .subtitle : .video
            let ids = [nil] + state.tracks.filter { $0.kind == kind }.map { Optional($0.id) }
            let now: Int64? = if case .int(let id) = current { id } else { nil }
            let index = ids.firstIndex(of: now) ?? 0
            let next = ids[(index + (step > 0 ? 1 : ids.count - 1)) % ids.count]
            return .success(.selectTrack(kind, next.map { .id($0) } ?? .off))
        case .success(let value) where value.number != nil:
            return add(name, .double(step), state)
        default: return .failure(.propertyError)
        }
    }

    /// `add NAME [VALUE]`: a number changes by VALUE (1 by default), clamped to its range.
    private static func add(_ name: String, _ amount: IPCValue?, _ state: IPCPlayerState) -> Result<
        IPCAction, IPCError
    > {
        guard let delta = try? IPCProperties.number(amount ?? .int(1)) else { return .failure(.invalidParameter) }
        switch (name, IPCProperties.value(name, in: state)) {
        case (_, .failure(let error)): return .failure(error)
        case ("volume", .success(let value)):
            return .success(.setVolume(min(max((value.number ?? 0) + delta, 0), 100)))
        case ("speed", .success(let value)):
            return .success(.setSpeed(min(max((value.number ?? 1) + delta, 0.5), 4)))
        case ("time-pos", .success):
            return .success(.seek(.relative(delta)))
        case ("chapter", .success):
            return IPCProperties.stepChapter(by: delta, in: state)
        case (_, .success(let value)) where value.number != nil:
            return IPCProperties.write(name, .double((value.number ?? 0) + delta), in: state)
        default: return .failure(.propertyError)
        }
    }
}

extension Result where Success == IPCValue {
    fileprivate func get(or fallback: IPCValue) -> IPCValue {
        (try? get()) ?? fallback
    }
}
