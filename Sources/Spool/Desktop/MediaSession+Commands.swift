import Foundation

extension MediaSession {
    /// The speeds offered to the desktop (the player supports 0.5×–4×).
    static let supportedRates: [Float] = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4]

    /// Adds the default handler to each command the player can carry out, remembering how to
    /// remove it.
    func installHandlers() {
        let commands = remoteCommandCenter
        add(commands.playCommand) { session, _ in session.whenThereIsAnItem { $0.player.play() } }
        add(commands.pauseCommand) { session, _ in session.whenThereIsAnItem { $0.player.pause() } }
        add(commands.togglePlayPauseCommand) { session, _ in
            session.whenThereIsAnItem { $0.player.rate == 0 ? $0.player.play() : $0.player.pause() }
        }
        add(commands.stopCommand) { session, _ in
            session.whenThereIsAnItem { session in
                session.player.pause()
                session.isStopped = true
                session.seek(to: 0)
            }
        }
        commands.skipForwardCommand.preferredIntervals = [15]
        commands.skipBackwardCommand.preferredIntervals = [15]
        add(commands.skipForwardCommand) { session, event in session.skip(by: event.interval) }
        add(commands.skipBackwardCommand) { session, event in session.skip(by: -event.interval) }
        add(commands.changePlaybackPositionCommand) { session, event in
            // An absolute position lands on its frame, as mpv's SetPosition does (hr-seek).
            session.whenThereIsAnItem { $0.seek(to: event.positionTime, exact: true) }
        }
        commands.changePlaybackRateCommand.supportedPlaybackRates = Self.supportedRates
        add(commands.changePlaybackRateCommand) { session, event in
            session.player.defaultRate = min(max(event.playbackRate, 0.5), 4)
            if session.player.rate != 0 { session.player.rate = session.player.defaultRate }
            session.refresh()
            return .success
        }
        add(commands.changeVolumeCommand) { session, event in
            session.player.volume = Float(min(event.volume, 1))
            session.refresh()
            return .success
        }
        if player is QueuePlayer {
            add(commands.nextTrackCommand) { session, _ in
                guard let queue = session.player as? QueuePlayer, queue.items().count > 1 else { return .noSuchContent }
                queue.advanceToNextItem()
                return .success
            }
        }
    }

    private func add<Event>(
        _ command: RemoteCommand<Event>,
        _ handler: @escaping @MainActor (MediaSession, Event) -> RemoteCommandHandlerStatus
    ) {
        let target = command.addTarget { [weak self] event in
            guard let self else { return .commandFailed }
            return handler(self, event)
        }
        removeHandlers.append { command.removeTarget(target) }
    }

    private func whenThereIsAnItem(_ action: (MediaSession) -> Void) -> RemoteCommandHandlerStatus {
        guard player.currentItem != nil else { return .noActionableNowPlayingItem }
        action(self)
        refresh()
        return .success
    }

    private func skip(by seconds: TimeInterval) -> RemoteCommandHandlerStatus {
        let now = player.currentTime()
        guard now.isNumeric else { return .noActionableNowPlayingItem }
        var target = max(0, now.seconds + seconds)
        if let duration = player.currentItem?.duration, duration.isNumeric { target = min(target, duration.seconds) }
        seek(to: target)
        return .success
    }

    /// Starts a seek, on the frame at `seconds` when `exact`, else on the keyframe before it
    /// (relative skips); the info follows when the player reports it finished.
    private func seek(to seconds: TimeInterval, exact: Bool = false) {
        let tolerance: MediaTime = exact ? .zero : .positiveInfinity
        player.seek(
            to: MediaTime(seconds: seconds, preferredTimescale: 1000), toleranceBefore: tolerance,
            toleranceAfter: tolerance
        ) { _ in }
    }
}
