import Foundation
import Testing

@testable import SpoolDesktop

/// The real `playerctl` client against a published player: what it reads and what it sends.
extension MPRISIntegrationTests {
    @Test @MainActor func playerctlStatusShowsThePlaybackStateOfTheInfoCenter() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            player.info.nowPlayingInfo = NowPlayingInfo(title: "Status", playbackRate: 1)
            player.info.playbackState = .playing
            #expect(try await MPRISBus.waitForPlayerctl("status", toPrint: "Playing"))
            player.info.playbackState = .paused
            #expect(try await MPRISBus.waitForPlayerctl("status", toPrint: "Paused"))
            player.info.nowPlayingInfo = nil
            player.info.playbackState = .unknown
            #expect(try await MPRISBus.waitForPlayerctl("status", toPrint: "Stopped"))
        }
    }

    @Test @MainActor func playerctlMetadataShowsTitleArtistAlbumAndLengthInMicroseconds() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            player.info.nowPlayingInfo = NowPlayingInfo(
                title: "Big Buck Bunny", artist: "Blender", albumTitle: "Open Movies", playbackDuration: 596.458333,
                artworkURL: URL(fileURLWithPath: "/tmp/cover art.png"))
            #expect(try await MPRISBus.waitForPlayerctl("metadata", "xesam:title", toPrint: "Big Buck Bunny"))
            #expect(try await MPRISBus.playerctl("metadata", "--format", "{{mpris:length}}") == "596458333")
            #expect(try await MPRISBus.playerctl("metadata", "--format", "{{xesam:artist}}") == "Blender")
            #expect(try await MPRISBus.playerctl("metadata", "xesam:album") == "Open Movies")
            #expect(try await MPRISBus.playerctl("metadata", "mpris:artUrl") == "file:///tmp/cover%20art.png")
            let trackID = try await MPRISBus.playerctl("metadata", "mpris:trackid")
            #expect(trackID == "'/org/spool/track/1'")  // playerctl prints object paths quoted
        }
    }

    @Test @MainActor func playerctlCommandsReachTheHandlersOnTheMainActorAndAreAnswered() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            player.info.nowPlayingInfo = NowPlayingInfo(title: "Commands", playbackDuration: 60, elapsedPlaybackTime: 3)
            player.record(player.commands.togglePlayPauseCommand) { _ in "toggle" }
            player.record(player.commands.nextTrackCommand) { _ in "next" }
            player.record(player.commands.changePlaybackPositionCommand) { "position \($0.positionTime)" }
            player.record(player.commands.changeVolumeCommand) { "volume \($0.volume)" }
            player.record(player.commands.changeRepeatModeCommand) { "repeat \($0.repeatType)" }
            // Each playerctl exits 0 only after the reply, which is sent after the handler ran.
            _ = try await MPRISBus.playerctl("play-pause")
            #expect(player.received == ["toggle"])
            _ = try await MPRISBus.playerctl("next")
            #expect(player.received.last == "next")
            _ = try await MPRISBus.playerctl("position", "12")
            #expect(player.received.last == "position 12.0")
            _ = try await MPRISBus.playerctl("volume", "0.5")
            #expect(player.received.last == "volume 0.5")
            _ = try await MPRISBus.playerctl("loop", "Track")
            #expect(player.received.last == "repeat one")
            _ = try await MPRISBus.playerctl("play")
            _ = try await MPRISBus.playerctl("pause")
            #expect(player.received.suffix(2) == ["play", "pause"])
        }
    }
}
