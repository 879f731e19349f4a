import Foundation
import Testing

@testable import SpoolDesktop

/// How client requests become remote-command events, and handler statuses become replies.
@Suite @MainActor struct MPRISCommandDispatcherTests {
    private let center = RemoteCommandCenter()
    private let context = MPRISCommandDispatcher.Context(
        position: 30, duration: 100, trackID: "/org/spool/track/3", isPlaying: true,
        supportedURISchemes: ["file", "http", "https"])

    private func perform(_ request: MPRISRequest) -> MPRISAnswer {
        MPRISCommandDispatcher.perform(request, on: center, context: context)
    }

    /// Adds a handler to `command` that appends its event to the returned log.
    private func log<Event: Sendable>(_ command: RemoteCommand<Event>, status: RemoteCommandHandlerStatus = .success)
        -> EventLog<Event>
    {
        let log = EventLog<Event>()
        command.addTarget { event in
            log.events.append(event)
            return status
        }
        return log
    }

    @Test func transportRequestsCallTheirCommands() {
        let play = log(center.playCommand)
        let pause = log(center.pauseCommand)
        let stop = log(center.stopCommand)
        let next = log(center.nextTrackCommand)
        let previous = log(center.previousTrackCommand)
        for request in [MPRISRequest.play, .pause, .stop, .next, .previous] { #expect(perform(request) == .done) }
        #expect([play, pause, stop, next, previous].allSatisfy { $0.events.count == 1 })
    }

    @Test func playPauseTogglesOrElseFallsBackOnTheState() {
        let pause = log(center.pauseCommand)
        #expect(perform(.playPause) == .done)
        #expect(pause.events.count == 1, "playing and no toggle handler: pause")
        let toggle = log(center.togglePlayPauseCommand)
        #expect(perform(.playPause) == .done)
        #expect(toggle.events.count == 1)
        #expect(pause.events.count == 1)
    }

    @Test func inactiveCommandsAreRefusedAndNotCalled() {
        let next = log(center.nextTrackCommand)
        center.nextTrackCommand.isEnabled = false
        #expect(perform(.next) == .failed(.commandDisabled))
        #expect(next.events.isEmpty)
        #expect(perform(.quit) == .failed(.commandDisabled), "no target")
    }

    @Test func handlerStatusesBecomeErrors() {
        _ = log(center.playCommand, status: .commandFailed)
        _ = log(center.stopCommand, status: .noSuchContent)
        _ = log(center.raiseCommand, status: .noActionableNowPlayingItem)
        #expect(perform(.play) == .failed(.commandFailed))
        #expect(perform(.stop) == .failed(.noSuchContent))
        #expect(perform(.raise) == .failed(.noActionableNowPlayingItem))
    }

    @Test func setPositionIsIgnoredForAStaleTrackOrOutsideTheTrack() {
        let position = log(center.changePlaybackPositionCommand)
        #expect(perform(.setPosition(trackID: "/org/spool/track/2", positionMicroseconds: 1_000_000)) == .done)
        #expect(perform(.setPosition(trackID: "/org/spool/track/3", positionMicroseconds: -1)) == .done)
        #expect(perform(.setPosition(trackID: "/org/spool/track/3", positionMicroseconds: 101_000_000)) == .done)
        #expect(position.events.isEmpty)
        #expect(perform(.setPosition(trackID: "/org/spool/track/3", positionMicroseconds: 12_500_000)) == .done)
        #expect(position.events == [ChangePlaybackPositionCommandEvent(positionTime: 12.5)])
    }

    @Test func seekMovesRelativeToTheLivePositionClampedAtZero() {
        let position = log(center.changePlaybackPositionCommand)
        #expect(perform(.seek(offsetMicroseconds: 10_000_000)) == .done)
        #expect(perform(.seek(offsetMicroseconds: -45_000_000)) == .done)
        #expect(position.events.map(\.positionTime) == [40, 0])
    }

    @Test func seekPastTheEndActsAsNext() {
        let position = log(center.changePlaybackPositionCommand)
        let next = log(center.nextTrackCommand)
        #expect(perform(.seek(offsetMicroseconds: 80_000_000)) == .done)
        #expect(next.events.count == 1)
        #expect(position.events.isEmpty)
    }

    @Test func seekWithoutAPositionCommandSkips() {
        let forward = log(center.skipForwardCommand)
        let backward = log(center.skipBackwardCommand)
        #expect(perform(.seek(offsetMicroseconds: 15_000_000)) == .done)
        #expect(perform(.seek(offsetMicroseconds: -5_000_000)) == .done)
        #expect(forward.events == [SkipIntervalCommandEvent(interval: 15)])
        #expect(backward.events == [SkipIntervalCommandEvent(interval: 5)])
    }

    @Test func propertyWritesCallTheirCommands() {
        let volume = log(center.changeVolumeCommand)
        let rate = log(center.changePlaybackRateCommand)
        let pause = log(center.pauseCommand)
        let repeatMode = log(center.changeRepeatModeCommand)
        let shuffle = log(center.changeShuffleModeCommand)
        let fullscreen = log(center.changeFullscreenCommand)
        #expect(perform(.setVolume(0.5)) == .done)
        #expect(perform(.setVolume(-1)) == .done)
        #expect(volume.events.map(\.volume) == [0.5, 0], "a negative volume means 0")
        #expect(perform(.setRate(1.5)) == .done)
        #expect(perform(.setRate(0)) == .done)
        #expect(rate.events.map(\.playbackRate) == [1.5])
        #expect(pause.events.count == 1, "rate 0 acts as Pause")
        #expect(perform(.setLoopStatus("Playlist")) == .done)
        #expect(perform(.setLoopStatus("Forever")) == .failed(.invalidArgs))
        #expect(repeatMode.events.map(\.repeatType) == [.all])
        #expect(perform(.setShuffle(true)) == .done)
        #expect(shuffle.events.map(\.shuffleType) == [.items])
        #expect(perform(.setFullscreen(true)) == .done)
        #expect(fullscreen.events.map(\.isFullscreen) == [true])
    }

    @Test func openURIAcceptsOnlySupportedSchemes() {
        let open = log(center.openURLCommand)
        #expect(perform(.openURI("ftp://example.com/a.mp4")) == .failed(.notSupported))
        #expect(perform(.openURI("")) == .failed(.invalidArgs))
        #expect(perform(.openURI("https://example.com/a.m3u8")) == .done)
        #expect(open.events.map(\.url.absoluteString) == ["https://example.com/a.m3u8"])
    }

    @Test func positionReadsAreMicroseconds() {
        #expect(perform(.readPosition) == .position(microseconds: 30_000_000))
        var unknown = context
        unknown.position = nil
        #expect(
            MPRISCommandDispatcher.perform(.readPosition, on: center, context: unknown) == .position(microseconds: 0))
    }
}

/// The events one handler received.
@MainActor
final class EventLog<Event> {
    var events: [Event] = []
}
