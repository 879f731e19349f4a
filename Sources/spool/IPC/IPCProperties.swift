import Foundation
import Spool

/// The properties the IPC serves, mpv's names and value types: reading them from a snapshot and
/// turning a write into an `IPCAction`. Unknown names are "property not found"; a property with
/// no value now (`time-pos` while idle) is "property unavailable"; a value of the wrong type
/// "unsupported format for accessing property"; one out of range or a write to a read-only
/// property "error accessing property" (mpv's `translate_property_error`).
enum IPCProperties {
    /// Every name served, in `property-list` order.
    static let names = [
        "pause", "time-pos", "duration", "percent-pos", "speed", "volume", "mute", "filename", "path",
        "media-title", "playlist", "playlist-pos", "playlist-count", "eof-reached", "idle-active", "track-list",
        "aid", "sid", "vid", "time-remaining", "chapter", "chapters", "chapter-list", "property-list",
        "command-list", "estimated-frame-number", "estimated-frame-count", "ab-loop-a", "ab-loop-b", "ab-loop-count",
        "audio-delay", "sub-delay", "af", "vf",
    ]

    /// The value of `name` in `state`.
    static func value(_ name: String, in state: IPCPlayerState) -> Result<IPCValue, IPCError> {
        func available(_ value: IPCValue?) -> Result<IPCValue, IPCError> {
            value.map { .success($0) } ?? .failure(.propertyUnavailable)
        }
        let loaded = state.current != nil
        switch name {
        case "pause": return .success(.bool(state.isPaused))
        case "time-pos": return available(loaded ? state.position.map(IPCValue.double) : nil)
        case "duration": return available(loaded ? state.duration.map(IPCValue.double) : nil)
        case "percent-pos": return available(percent(state).map(IPCValue.double))
        case "time-remaining":
            guard loaded, let position = state.position, let duration = state.duration else {
                return .failure(.propertyUnavailable)
            }
            return .success(.double(max(duration - position, 0)))
        case "speed": return .success(.double(state.speed))
        case "volume": return .success(.double(state.volume))
        case "mute": return .success(.bool(state.isMuted))
        case "filename":
            return available(state.current.map { .string(baseName($0.filename)) })
        case "path": return available(state.current.map { .string($0.filename) })
        case "media-title":
            return available(state.current.map { .string(state.title ?? baseName($0.filename)) })
        case "playlist": return .success(.array(state.playlist.enumerated().map { entry($1, at: $0, in: state) }))
        case "playlist-pos": return .success(.int(Int64(state.playlistPosition ?? -1)))
        case "playlist-count": return .success(.int(Int64(state.playlist.count)))
        case "eof-reached": return available(loaded ? .bool(state.isAtEnd) : nil)
        case "idle-active": return .success(.bool(state.isIdle))
        case "track-list": return .success(.array(state.tracks.map(track)))
        case "aid": return .success(selectedTrack(.audio, in: state))
        case "sid": return .success(selectedTrack(.subtitle, in: state))
        case "vid": return .success(selectedTrack(.video, in: state))
        case "chapter":
            // mpv: unavailable without chapters; -1 before the first one.
            guard loaded, !state.chapters.isEmpty else { return .failure(.propertyUnavailable) }
            let index = ChapterNavigation.currentIndex(
                at: state.position ?? 0, starts: state.chapters.map(\.start), landedOn: state.landedChapter)
            return .success(.int(Int64(index ?? -1)))
        case "chapters": return available(loaded ? .int(Int64(state.chapters.count)) : nil)
        case "chapter-list": return .success(.array(state.chapters.map(chapter)))
        case "estimated-frame-number", "estimated-frame-count", "ab-loop-a", "ab-loop-b", "ab-loop-count":
            return IPCFrameProperties.value(name, in: state)
        case "audio-delay": return .success(.double(state.audioDelay))
        case "sub-delay": return .success(.double(state.subtitleDelay))
        case "af", "vf": return IPCFilterProperties.value(name, in: state)
        case "property-list": return .success(.array(names.map(IPCValue.string)))
        case "command-list": return .success(.array(IPCCommands.names.map { .object([("name", .string($0))]) }))
        default: return .failure(.propertyNotFound)
        }
    }

    /// What writing `value` to `name` asks of the player.
    static func write(_ name: String, _ value: IPCValue, in state: IPCPlayerState) -> Result<IPCAction, IPCError> {
        do throws(IPCError) {
            switch name {
            case "pause": return .success(.setPause(try flag(value)))
            case "mute": return .success(.setMute(try flag(value)))
            case "speed":
                let speed = try number(value)
                // The player plays 0.5× to 4× with the pitch kept; mpv's wider range is refused.
                guard (0.5...4).contains(speed) else { return .failure(.propertyError) }
                return .success(.setSpeed(speed))
            case "volume":
                let volume = try number(value)
                guard (0...100).contains(volume) else { return .failure(.propertyError) }
                return .success(.setVolume(volume))
            case "time-pos":
                let seconds = try number(value)
                guard state.current != nil else { return .failure(.propertyUnavailable) }
                return .success(.seek(.absolute(seconds)))
            case "percent-pos":
                let percent = try number(value)
                guard state.current != nil else { return .failure(.propertyUnavailable) }
                return .success(.seek(.absolutePercent(percent)))
            case "playlist-pos":
                let position = try number(value)
                guard position == position.rounded(), position >= -1, position < Double(state.playlist.count) else {
                    return .failure(.propertyError)
                }
                return .success(position < 0 ? .stop : .playlistPlay(Int(position)))
            case "chapter":
                let index = try number(value)
                guard state.current != nil, !state.chapters.isEmpty else { return .failure(.propertyUnavailable) }
                guard index == index.rounded(), abs(index) < 1e6,
                    let destination = ChapterNavigation.destination(
                        settingIndex: Int(index), count: state.chapters.count)
                else { return .failure(.propertyError) }
                return .success(.goToChapter(destination))
            case "ab-loop-a", "ab-loop-b", "ab-loop-count": return IPCFrameProperties.write(name, value)
            case "audio-delay", "sub-delay":
                let text = value.string ?? value.number.map { String($0) }
                guard let text, let seconds = try? PlayOptions.delay(text, for: name) else {
                    return .failure(.propertyFormat)
                }
                return .success(.setDelay(name == "audio-delay" ? .audio : .subtitle, seconds))
            case "af", "vf": return IPCFilterProperties.write(name, value, in: state)
            case "aid": return .success(.selectTrack(.audio, try trackChoice(value)))
            case "sid": return .success(.selectTrack(.subtitle, try trackChoice(value)))
            case "vid": return .success(.selectTrack(.video, try trackChoice(value)))
            case _ where names.contains(name): return .failure(.propertyError)
            default: return .failure(.propertyNotFound)
            }
        } catch {
            return .failure(error)
        }
    }

    /// mpv's string form of a value (`get_property_string`, `observe_property_string`):
    /// yes/no for flags, numbers with six decimals, JSON for lists.
    static func text(of value: IPCValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "yes" : "no"
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(format: "%f", number)
        case .null: return ""
        case .array, .object: return value.json
        }
    }

    static func percent(_ state: IPCPlayerState) -> Double? {
        guard state.current != nil, let position = state.position, let duration = state.duration, duration > 0 else {
            return nil
        }
        return min(max(position / duration * 100, 0), 100)
    }

    /// A flag as mpv takes one: a JSON bool, or yes/no (the text form).
    static func flag(_ value: IPCValue) throws(IPCError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .string("yes"): return true
        case .string("no"): return false
        default: throw .propertyFormat
        }
    }

    /// A finite number, or its text form.
    static func number(_ value: IPCValue) throws(IPCError) -> Double {
        let number = value.number ?? value.string.flatMap(Double.init)
        guard let number, number.isFinite else { throw .propertyFormat }
        return number
    }

    private static func trackChoice(_ value: IPCValue) throws(IPCError) -> IPCAction.TrackChoice {
        switch value {
        case .bool(false), .string("no"): return .off
        case .string("auto"): return .automatic
        default:
            let id = try number(value)
            guard id == id.rounded(), id >= 1, id < 1e6 else { throw .propertyError }
            return .id(Int64(id))
        }
    }

    private static func selectedTrack(_ kind: IPCPlayerState.Track.Kind, in state: IPCPlayerState) -> IPCValue {
        state.tracks.first { $0.kind == kind && $0.isSelected }.map { .int($0.id) } ?? .bool(false)
    }

    private static func baseName(_ path: String) -> String {
        if let url = URL(string: path), url.scheme != nil, url.scheme != "file" { return path }
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
        return name ?? path
    }

    private static func entry(_ entry: IPCPlayerState.Entry, at index: Int, in state: IPCPlayerState) -> IPCValue {
        var members: [(String, IPCValue)] = [("filename", .string(entry.filename))]
        if index == state.playlistPosition {
            members += [("current", .bool(true)), ("playing", .bool(true))]
        }
        members.append(("id", .int(entry.id)))
        return .object(members)
    }

    /// mpv's `step_chapter`: `add chapter N` / `cycle chapter`, with its seek-back threshold.
    static func stepChapter(by step: Double, in state: IPCPlayerState) -> Result<IPCAction, IPCError> {
        guard state.current != nil, !state.chapters.isEmpty else { return .failure(.propertyUnavailable) }
        let starts = state.chapters.map(\.start)
        guard step.isFinite, abs(step) < 1e6,
            let destination = ChapterNavigation.destination(
                stepping: Int(step.rounded()), from: state.position ?? 0, starts: starts,
                landedOn: state.landedChapter)
        else { return .failure(.propertyUnavailable) }
        return .success(.goToChapter(destination))
    }

    private static func chapter(_ chapter: IPCPlayerState.Chapter) -> IPCValue {
        var members: [(String, IPCValue)] = []
        if let title = chapter.title { members.append(("title", .string(title))) }
        members.append(("time", .double(chapter.start)))
        return .object(members)
    }

    private static func track(_ track: IPCPlayerState.Track) -> IPCValue {
        var members: [(String, IPCValue)] = [("id", .int(track.id)), ("type", .string(track.kind.rawValue))]
        members.append(("src-id", .int(track.id)))
        if let title = track.title { members.append(("title", .string(title))) }
        if let language = track.language { members.append(("lang", .string(language))) }
        members += [
            ("default", .bool(track.isDefault)), ("forced", .bool(track.isForced)),
            ("external", .bool(track.isExternal)), ("selected", .bool(track.isSelected)),
        ]
        if let codec = track.codec { members.append(("codec", .string(codec))) }
        if let width = track.width { members.append(("demux-w", .int(Int64(width)))) }
        if let height = track.height { members.append(("demux-h", .int(Int64(height)))) }
        if let channels = track.channels { members.append(("demux-channel-count", .int(Int64(channels)))) }
        if let rate = track.sampleRate { members.append(("demux-samplerate", .int(Int64(rate)))) }
        return .object(members)
    }
}
