import Foundation

/// One property of one interface.
struct MPRISPropertyKey: Hashable, Sendable {
    let interface: String
    let name: String
}

/// The values of every broadcast MPRIS property, by interface — everything but `Position`,
/// which is read on demand and never broadcast.
///
/// A pure function of an `MPRISSnapshot`: the main actor computes a table after each change
/// and posts it to the bus thread, which answers `Get`/`GetAll` from it and diffs it with the
/// previous table to know what `PropertiesChanged` must carry.
struct MPRISPropertyTable: Sendable, Equatable {
    /// `org.mpris.MediaPlayer2`'s properties.
    var root: [String: DBusValue]
    /// `org.mpris.MediaPlayer2.Player`'s properties, without `Position`.
    var player: [String: DBusValue]

    /// The properties of `interface`, or `nil` for an interface the object does not have.
    func properties(of interface: String) -> [String: DBusValue]? {
        switch interface {
        case MPRISNames.rootInterface: root
        case MPRISNames.playerInterface: player
        default: nil
        }
    }

    /// The properties whose values differ from `old`'s (or exist in only one table).
    func changedKeys(from old: MPRISPropertyTable) -> Set<MPRISPropertyKey> {
        func diff(_ new: [String: DBusValue], _ old: [String: DBusValue], _ interface: String) -> [MPRISPropertyKey] {
            Set(new.keys).union(old.keys).filter { new[$0] != old[$0] }
                .map { MPRISPropertyKey(interface: interface, name: $0) }
        }
        return Set(
            diff(root, old.root, MPRISNames.rootInterface) + diff(player, old.player, MPRISNames.playerInterface))
    }
}

extension MPRISPropertyTable {
    /// The table for `snapshot`, presented as `configuration` says.
    init(_ snapshot: MPRISSnapshot, configuration: MPRISServer.Configuration) {
        let commands = snapshot.commands
        root = [
            "CanQuit": .boolean(commands.quit),
            "CanRaise": .boolean(commands.raise),
            "Fullscreen": .boolean(commands.isFullscreen),
            "CanSetFullscreen": .boolean(commands.changeFullscreen),
            "HasTrackList": .boolean(false),
            "Identity": .string(configuration.identity),
            "SupportedUriSchemes": .stringArray(configuration.supportedURISchemes),
            "SupportedMimeTypes": .stringArray(configuration.supportedMIMETypes),
        ]
        if let desktopEntry = configuration.desktopEntry { root["DesktopEntry"] = .string(desktopEntry) }

        // MPRIS requires MinimumRate ≤ 1 ≤ MaximumRate; without a rate command only 1 is offered.
        let rates = commands.changePlaybackRate ? commands.supportedPlaybackRates.map(Double.init) : []
        let info = snapshot.info
        let shownRate = (info?.playbackRate).flatMap { $0 > 0 ? $0 : nil } ?? info?.defaultPlaybackRate ?? 1
        player = [
            "PlaybackStatus": .string(snapshot.playbackStatus),
            "LoopStatus": .string(Self.loopStatus(commands.repeatType)),
            "Rate": .double(shownRate),
            "Shuffle": .boolean(commands.shuffleType != .off),
            "Metadata": .dictionary(Self.metadata(info, trackID: snapshot.trackID)),
            "Volume": .double(commands.volume),
            "MinimumRate": .double(min(rates.min() ?? 1, 1)),
            "MaximumRate": .double(max(rates.max() ?? 1, 1)),
            "CanGoNext": .boolean(commands.nextTrack),
            "CanGoPrevious": .boolean(commands.previousTrack),
            "CanPlay": .boolean(commands.play),
            "CanPause": .boolean(commands.pause),
            "CanSeek": .boolean(commands.canSeek),
            "CanControl": .boolean(true),
        ]
    }

    /// MPRIS `LoopStatus` for a repeat type.
    static func loopStatus(_ repeatType: RepeatType) -> String {
        switch repeatType {
        case .off: "None"
        case .one: "Track"
        case .all: "Playlist"
        }
    }

    /// The repeat type for an MPRIS `LoopStatus`; `nil` for a value the specification lacks.
    static func repeatType(loopStatus: String) -> RepeatType? {
        switch loopStatus {
        case "None": .off
        case "Track": .one
        case "Playlist": .all
        default: nil
        }
    }

    /// MPRIS `Metadata`: empty without a track; otherwise the track ID plus every field the
    /// info states (`mpris:length` in microseconds as `x`; `xesam:artist` as a list).
    static func metadata(_ info: NowPlayingInfo?, trackID: String) -> [String: DBusValue] {
        guard let info else { return [:] }
        var metadata: [String: DBusValue] = ["mpris:trackid": .objectPath(trackID)]
        if let title = info.title { metadata["xesam:title"] = .string(title) }
        if let artist = info.artist { metadata["xesam:artist"] = .stringArray([artist]) }
        if let album = info.albumTitle { metadata["xesam:album"] = .string(album) }
        if let duration = info.playbackDuration, let length = MPRISTime.microseconds(duration) {
            metadata["mpris:length"] = .int64(length)
        }
        if let artwork = info.artworkURL { metadata["mpris:artUrl"] = .string(artwork.absoluteString) }
        return metadata
    }
}

/// MPRIS times are microseconds in a signed 64-bit integer.
enum MPRISTime {
    /// `seconds` in microseconds; `nil` for NaN, infinities and negative values.
    static func microseconds(_ seconds: TimeInterval) -> Int64? {
        guard seconds.isFinite, seconds >= 0, seconds < Double(Int64.max) / 1e6 else { return nil }
        return Int64((seconds * 1e6).rounded())
    }

    /// `microseconds` in seconds.
    static func seconds(_ microseconds: Int64) -> TimeInterval { TimeInterval(microseconds) / 1e6 }
}
