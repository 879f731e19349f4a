import Foundation
import Testing

@testable import SpoolDesktop

/// What clients see for a given info and command center: metadata, status and Can* mapping.
@Suite @MainActor struct MPRISPropertyTableTests {
    private func table(
        _ info: NowPlayingInfo?, state: NowPlayingPlaybackState = .unknown, commands: RemoteCommandCenter = .init(),
        configuration: MPRISServer.Configuration = .init()
    ) -> MPRISPropertyTable {
        var identity = MPRISTrackIdentity()
        let snapshot = MPRISSnapshot(
            info: info, playbackState: state, commands: RemoteCommandAvailability(commands),
            trackID: identity.trackID(for: info))
        return MPRISPropertyTable(snapshot, configuration: configuration)
    }

    private func activate<Event>(_ command: RemoteCommand<Event>) {
        command.addTarget { _ in .success }
    }

    @Test func metadataCarriesEveryStatedFieldInMPRISTypes() {
        let info = NowPlayingInfo(
            title: "Sintel", artist: "Blender", albumTitle: "Open Movies", playbackDuration: 888.25,
            artworkURL: URL(fileURLWithPath: "/cache/cover.jpg"))
        #expect(
            table(info).player["Metadata"]
                == .dictionary([
                    "mpris:trackid": .objectPath("/org/spool/track/1"),
                    "mpris:length": .int64(888_250_000),
                    "xesam:title": .string("Sintel"),
                    "xesam:artist": .stringArray(["Blender"]),
                    "xesam:album": .string("Open Movies"),
                    "mpris:artUrl": .string("file:///cache/cover.jpg"),
                ]))
    }

    @Test func metadataLeavesOutWhatIsNotKnown() {
        let live = NowPlayingInfo(title: "Live", playbackDuration: .infinity)
        #expect(
            table(live).player["Metadata"]
                == .dictionary(["mpris:trackid": .objectPath("/org/spool/track/1"), "xesam:title": .string("Live")]))
        #expect(table(nil).player["Metadata"] == .dictionary([:]))
    }

    @Test func playbackStatusFollowsTheStateOrElseTheRate() {
        let playing = NowPlayingInfo(playbackRate: 1)
        let paused = NowPlayingInfo(playbackRate: 0)
        #expect(table(paused, state: .playing).player["PlaybackStatus"] == .string("Playing"))
        #expect(table(playing, state: .paused).player["PlaybackStatus"] == .string("Paused"))
        #expect(table(playing, state: .interrupted).player["PlaybackStatus"] == .string("Paused"))
        #expect(table(playing, state: .stopped).player["PlaybackStatus"] == .string("Stopped"))
        #expect(table(playing).player["PlaybackStatus"] == .string("Playing"))
        #expect(table(paused).player["PlaybackStatus"] == .string("Paused"))
        #expect(table(nil).player["PlaybackStatus"] == .string("Stopped"))
    }

    @Test func canPropertiesAreTrueOnlyForActiveCommands() {
        let center = RemoteCommandCenter()
        var player = table(nil, commands: center).player
        for name in ["CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek"] {
            #expect(player[name] == .boolean(false), "\(name) without targets")
        }
        #expect(player["CanControl"] == .boolean(true))
        for command in [
            center.playCommand, center.pauseCommand, center.nextTrackCommand, center.previousTrackCommand,
        ] {
            activate(command)
        }
        activate(center.changePlaybackPositionCommand)
        player = table(nil, commands: center).player
        for name in ["CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek"] {
            #expect(player[name] == .boolean(true), "\(name) with a target")
        }
        center.nextTrackCommand.isEnabled = false
        center.playCommand.isEnabled = false
        player = table(nil, commands: center).player
        #expect(player["CanGoNext"] == .boolean(false))
        #expect(player["CanPlay"] == .boolean(false))
        #expect(player["CanPause"] == .boolean(true))
    }

    @Test func skipCommandsAloneMakeThePlayerSeekable() {
        let center = RemoteCommandCenter()
        activate(center.skipBackwardCommand)
        #expect(table(nil, commands: center).player["CanSeek"] == .boolean(true))
    }

    @Test func rootCapabilitiesFollowTheSpoolCommands() {
        let center = RemoteCommandCenter()
        activate(center.raiseCommand)
        activate(center.changeFullscreenCommand)
        center.changeFullscreenCommand.isFullscreen = true
        let root = table(nil, commands: center).root
        #expect(root["CanRaise"] == .boolean(true))
        #expect(root["CanQuit"] == .boolean(false))
        #expect(root["CanSetFullscreen"] == .boolean(true))
        #expect(root["Fullscreen"] == .boolean(true))
        #expect(root["HasTrackList"] == .boolean(false))
        #expect(root["Identity"] == .string("Spool"))
        #expect(root["DesktopEntry"] == .string("spool"))
        #expect(root["SupportedUriSchemes"] == .stringArray(["file", "http", "https"]))
    }

    @Test func ratesComeFromTheRateCommandAndAlwaysIncludeOne() {
        let center = RemoteCommandCenter()
        center.changePlaybackRateCommand.supportedPlaybackRates = [0.5, 1, 2, 4]
        #expect(table(nil, commands: center).player["MaximumRate"] == .double(1), "no target: normal speed only")
        activate(center.changePlaybackRateCommand)
        var player = table(NowPlayingInfo(playbackRate: 2), commands: center).player
        #expect(player["MinimumRate"] == .double(0.5))
        #expect(player["MaximumRate"] == .double(4))
        #expect(player["Rate"] == .double(2))
        center.changePlaybackRateCommand.supportedPlaybackRates = [1.5, 2]
        player = table(NowPlayingInfo(playbackRate: 0, defaultPlaybackRate: 1.5), commands: center).player
        #expect(player["MinimumRate"] == .double(1))
        #expect(player["Rate"] == .double(1.5), "paused: the rate playback resumes at")
    }

    @Test func loopShuffleAndVolumeShowTheCommandsCurrentState() {
        let center = RemoteCommandCenter()
        center.changeRepeatModeCommand.currentRepeatType = .all
        center.changeShuffleModeCommand.currentShuffleType = .items
        center.changeVolumeCommand.currentVolume = 0.25
        let player = table(nil, commands: center).player
        #expect(player["LoopStatus"] == .string("Playlist"))
        #expect(player["Shuffle"] == .boolean(true))
        #expect(player["Volume"] == .double(0.25))
        #expect(player["Position"] == nil, "Position is never part of the broadcast table")
    }

    @Test func onlyChangedPropertiesAreReported() {
        let before = table(NowPlayingInfo(title: "A", playbackRate: 1))
        let after = table(NowPlayingInfo(title: "A", playbackRate: 0))
        #expect(
            after.changedKeys(from: before) == [
                MPRISPropertyKey(interface: MPRISNames.playerInterface, name: "PlaybackStatus")
            ])
        #expect(after.changedKeys(from: after).isEmpty)
    }
}
