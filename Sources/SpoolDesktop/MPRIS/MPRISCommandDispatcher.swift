import Foundation

/// Carries out a client's request on the main actor by sending the matching event to the
/// remote command center, and turns the handlers' status into the answer for the client.
///
/// Policy (documented for apps): a command that is not active (disabled or without targets)
/// answers `commandDisabled`; a handler's `.commandFailed`, `.noSuchContent` and
/// `.noActionableNowPlayingItem` become the errors of the same names, so the client sees
/// that nothing happened. Requests the MPRIS specification says to ignore (a `SetPosition`
/// for a stale track or outside the track) answer success without calling anything.
@MainActor
enum MPRISCommandDispatcher {
    /// What the dispatcher needs to know about playback, read when the request arrives.
    struct Context {
        /// The live position in seconds, if known.
        var position: TimeInterval?
        /// The track's duration in seconds, if known.
        var duration: TimeInterval?
        /// The current track's ID (`SetPosition` for another track is ignored).
        var trackID: String
        /// Whether MPRIS shows the player as playing (for `PlayPause` without a toggle command).
        var isPlaying: Bool
        /// The URI schemes `OpenUri` accepts.
        var supportedURISchemes: [String]
    }

    /// Performs `request` through `center`'s commands and says how it went.
    static func perform(_ request: MPRISRequest, on center: RemoteCommandCenter, context: Context) -> MPRISAnswer {
        switch request {
        case .readPosition:
            return .position(microseconds: context.position.flatMap(MPRISTime.microseconds) ?? 0)
        case .play: return run(center.playCommand, RemoteCommandEvent())
        case .pause: return run(center.pauseCommand, RemoteCommandEvent())
        case .playPause:
            if center.togglePlayPauseCommand.isActive {
                return run(center.togglePlayPauseCommand, RemoteCommandEvent())
            }
            return run(context.isPlaying ? center.pauseCommand : center.playCommand, RemoteCommandEvent())
        case .stop: return run(center.stopCommand, RemoteCommandEvent())
        case .next: return run(center.nextTrackCommand, RemoteCommandEvent())
        case .previous: return run(center.previousTrackCommand, RemoteCommandEvent())
        case .seek(let offset): return seek(by: MPRISTime.seconds(offset), center: center, context: context)
        case .setPosition(let trackID, let microseconds):
            let position = MPRISTime.seconds(microseconds)
            guard trackID == context.trackID, position >= 0, position <= (context.duration ?? .infinity) else {
                return .done
            }
            return run(center.changePlaybackPositionCommand, ChangePlaybackPositionCommandEvent(positionTime: position))
        case .openURI(let text):
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
                return .failed(.invalidArgs.with(message: "not a URI: \(text)"))
            }
            guard context.supportedURISchemes.contains(scheme) else {
                return .failed(.notSupported.with(message: "unsupported URI scheme \(scheme)"))
            }
            return run(center.openURLCommand, OpenURLCommandEvent(url: url))
        case .setFullscreen(let isFullscreen):
            return run(center.changeFullscreenCommand, ChangeFullscreenCommandEvent(isFullscreen: isFullscreen))
        case .setLoopStatus(let status):
            guard let repeatType = MPRISPropertyTable.repeatType(loopStatus: status) else {
                return .failed(.invalidArgs.with(message: "unknown LoopStatus \(status)"))
            }
            return run(center.changeRepeatModeCommand, ChangeRepeatModeCommandEvent(repeatType: repeatType))
        case .setRate(let rate):
            // The specification: a rate of 0 acts as Pause.
            if rate == 0 { return run(center.pauseCommand, RemoteCommandEvent()) }
            guard rate.isFinite, rate > 0 else { return .failed(.invalidArgs.with(message: "invalid rate \(rate)")) }
            return run(center.changePlaybackRateCommand, ChangePlaybackRateCommandEvent(playbackRate: Float(rate)))
        case .setShuffle(let shuffle):
            return run(
                center.changeShuffleModeCommand, ChangeShuffleModeCommandEvent(shuffleType: shuffle ? .items : .off))
        case .setVolume(let volume):
            // The specification: a negative volume means 0.
            guard volume.isFinite else { return .failed(.invalidArgs.with(message: "invalid volume")) }
            return run(center.changeVolumeCommand, ChangeVolumeCommandEvent(volume: max(0, volume)))
        case .raise: return run(center.raiseCommand, RemoteCommandEvent())
        case .quit: return run(center.quitCommand, RemoteCommandEvent())
        }
    }

    /// MPRIS `Seek`: through the position command when it is active (clamped at 0; past the
    /// end acts as Next, per the specification), otherwise as a skip forward or backward.
    private static func seek(by offset: TimeInterval, center: RemoteCommandCenter, context: Context) -> MPRISAnswer {
        if center.changePlaybackPositionCommand.isActive, let position = context.position {
            let target = position + offset
            if let duration = context.duration, target > duration {
                return center.nextTrackCommand.isActive ? run(center.nextTrackCommand, RemoteCommandEvent()) : .done
            }
            return run(
                center.changePlaybackPositionCommand, ChangePlaybackPositionCommandEvent(positionTime: max(0, target)))
        }
        let command = offset >= 0 ? center.skipForwardCommand : center.skipBackwardCommand
        return run(command, SkipIntervalCommandEvent(interval: abs(offset)))
    }

    private static func run<Event>(_ command: RemoteCommand<Event>, _ event: Event) -> MPRISAnswer {
        switch command.perform(event) {
        case nil: .failed(.commandDisabled)
        case .success: .done
        case .commandFailed: .failed(.commandFailed)
        case .noSuchContent: .failed(.noSuchContent)
        case .noActionableNowPlayingItem: .failed(.noActionableNowPlayingItem)
        }
    }
}
