import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolDesktop

/// The player as any D-Bus client sees it: properties, signals and bus names, checked with
/// `dbus-send` and `dbus-monitor`.
extension MPRISIntegrationTests {
    @Test @MainActor func aDisabledCommandShowsAsItsCanPropertyFalse() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            player.record(player.commands.nextTrackCommand) { _ in "next" }
            let name = try #require(player.server.busName)
            #expect(try await MPRISBus.getProperty("CanGoNext", on: name).contains("boolean true"))
            player.commands.nextTrackCommand.isEnabled = false
            #expect(
                try await eventually(timeout: .seconds(3), scaled: false) {
                    try await MPRISBus.getProperty("CanGoNext", on: name).contains("boolean false")
                })
            // Disabled commands are refused, not called.
            let next = try await MPRISBus.run("playerctl", ["-p", "spool", "next"])
            #expect(next.status != 0)
            #expect(!player.received.contains("next"))
            #expect(try await MPRISBus.getProperty("CanPlay", on: name).contains("boolean true"))
            player.commands.playCommand.removeAllTargets()
            #expect(
                try await eventually(timeout: .seconds(3), scaled: false) {
                    try await MPRISBus.getProperty("CanPlay", on: name).contains("boolean false")
                })
        }
    }

    @Test @MainActor func propertiesChangedIsSignalledWhenTheTitleChanges() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            player.info.nowPlayingInfo = NowPlayingInfo(title: "First title")
            let monitor = try await MPRISBus.monitor(member: "PropertiesChanged")
            player.info.nowPlayingInfo?.title = "Second title"
            let arrived = await monitor.waitForOutput(containing: "Second title")
            await monitor.stop()
            #expect(arrived, "no PropertiesChanged with the new title; monitor saw:\n\(monitor.text)")
            #expect(monitor.text.contains("string \"Metadata\""))
            #expect(!monitor.text.contains("Position"), "Position must never be broadcast")
        }
    }

    @Test @MainActor func aBurstOfChangesGoesOutAsFewSignalsCarryingTheLatestValues() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            player.info.nowPlayingInfo = NowPlayingInfo(title: "Title 0")
            let monitor = try await MPRISBus.monitor(member: "PropertiesChanged")
            let clock = ContinuousClock()
            let start = clock.now
            for index in 1...20 { player.info.nowPlayingInfo?.title = "Title \(index)" }
            let burst = start.duration(to: clock.now)
            let arrived = await monitor.waitForOutput(containing: "Title 20")
            await monitor.stop()
            #expect(arrived, "the last title never arrived; monitor saw:\n\(monitor.text)")
            // One signal at once, then at most one per 100 ms while the burst lasts and one after.
            // Count only this player's signals: other players on the test bus (a `spool play`
            // run by another suite) signal too.
            let signals = monitor.text.components(separatedBy: "member=PropertiesChanged").dropFirst()
                .filter { $0.contains("Title ") }.count
            #expect(signals >= 1)
            #expect(signals <= 2 + Int(burst / .milliseconds(100)), "\(signals) signals for a \(burst) burst")
        }
    }

    @Test @MainActor func aJumpOfTheElapsedTimeIsSignalledAsSeeked() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            player.info.nowPlayingInfo = NowPlayingInfo(title: "Seeks", playbackDuration: 600, elapsedPlaybackTime: 10)
            player.info.playbackState = .paused
            let monitor = try await MPRISBus.monitor(member: "Seeked")
            player.info.nowPlayingInfo?.elapsedPlaybackTime = 250
            let arrived = await monitor.waitForOutput(containing: "int64 250000000")
            await monitor.stop()
            #expect(arrived, "no Seeked(250 s); monitor saw:\n\(monitor.text)")
            // Position is read on demand: playerctl prints seconds.
            #expect(try await MPRISBus.playerctl("position") == "250.000000")
        }
    }

    @Test @MainActor func positionIsReadFromTheLiveSourceWhenThereIsOne() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            player.info.nowPlayingInfo = NowPlayingInfo(title: "Live", playbackDuration: 100, elapsedPlaybackTime: 1)
            player.info.playbackPositionSource = { 42.5 }
            #expect(try await MPRISBus.playerctl("position") == "42.500000")
        }
    }

    @Test @MainActor func aSecondServerGetsAnInstanceNameAndStoppingReleasesIt() async throws {
        try await MPRISTestPlayer.with { (first) async throws in
            #expect(first.server.busName == "org.mpris.MediaPlayer2.spool")
            let second = MPRISTestPlayer()
            try await second.server.start()
            let pid = ProcessInfo.processInfo.processIdentifier
            let secondName = "org.mpris.MediaPlayer2.spool.instance\(pid)"
            #expect(second.server.busName == secondName)
            let players = try await MPRISBus.run("playerctl", ["-l"]).outputText
            #expect(players.contains("spool.instance\(pid)"), "playerctl -l printed \(players)")
            await second.server.stop()
            #expect(second.server.busName == nil)
            // stop() returns after the bus has released the name: no waiting needed.
            #expect(try await !MPRISBus.nameHasOwner(secondName))
            #expect(try await MPRISBus.nameHasOwner("org.mpris.MediaPlayer2.spool"))
        }
        #expect(try await !MPRISBus.nameHasOwner("org.mpris.MediaPlayer2.spool"))
    }

    @Test @MainActor func introspectionDescribesBothMPRISInterfaces() async throws {
        try await MPRISTestPlayer.with { (player) async throws in
            let output = try await MPRISBus.run(
                "dbus-send",
                [
                    "--session", "--print-reply", "--dest=\(player.server.busName ?? "")", MPRISNames.objectPath,
                    "org.freedesktop.DBus.Introspectable.Introspect",
                ])
            #expect(output.outputText.contains("<interface name=\"org.mpris.MediaPlayer2.Player\">"))
            #expect(output.outputText.contains("<interface name=\"org.mpris.MediaPlayer2\">"))
            let identity = try await MPRISBus.getProperty(
                "Identity", interface: MPRISNames.rootInterface, on: player.server.busName ?? "")
            #expect(identity.contains("string \"Spool\""))
        }
    }
}
