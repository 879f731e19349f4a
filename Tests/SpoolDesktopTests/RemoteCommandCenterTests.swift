import Testing

@testable import SpoolDesktop

/// Targets, enabling and change notification of remote commands.
@Suite @MainActor struct RemoteCommandCenterTests {
    @Test func aCommandIsActiveWhenEnabledWithATarget() {
        let center = RemoteCommandCenter()
        #expect(center.playCommand.isEnabled)
        #expect(!center.playCommand.isActive)
        let target = center.playCommand.addTarget { _ in .success }
        #expect(center.playCommand.isActive)
        center.playCommand.isEnabled = false
        #expect(!center.playCommand.isActive)
        #expect(center.playCommand.perform(RemoteCommandEvent()) == nil, "a disabled command calls nothing")
        center.playCommand.isEnabled = true
        center.playCommand.removeTarget(target)
        #expect(!center.playCommand.isActive)
    }

    @Test func everyTargetRunsInOrderAndTheFirstFailureWins() {
        let command = RemoteCommandCenter().skipForwardCommand
        var calls: [String] = []
        command.addTarget { event in
            calls.append("a \(event.interval)")
            return .success
        }
        command.addTarget { _ in
            calls.append("b")
            return .noSuchContent
        }
        command.addTarget { _ in
            calls.append("c")
            return .commandFailed
        }
        #expect(command.perform(SkipIntervalCommandEvent(interval: 15)) == .noSuchContent)
        #expect(calls == ["a 15.0", "b", "c"])
        command.removeAllTargets()
        #expect(command.perform(SkipIntervalCommandEvent(interval: 15)) == nil)
    }

    @Test func observersHearAvailabilityAndStateChangesOnly() {
        let center = RemoteCommandCenter()
        var changes = 0
        let id = center.observers.add { changes += 1 }
        let first = center.nextTrackCommand.addTarget { _ in .success }
        let second = center.nextTrackCommand.addTarget { _ in .success }
        #expect(changes == 1, "only the first target changes availability")
        center.nextTrackCommand.removeTarget(first)
        #expect(changes == 1)
        center.nextTrackCommand.removeTarget(second)
        #expect(changes == 2)
        center.nextTrackCommand.isEnabled = false
        center.nextTrackCommand.isEnabled = false
        #expect(changes == 3)
        center.changeVolumeCommand.currentVolume = 0.3
        center.skipForwardCommand.preferredIntervals = [10]
        center.changePlaybackRateCommand.supportedPlaybackRates = [1, 2]
        #expect(changes == 6)
        center.observers.remove(id)
        center.changeVolumeCommand.currentVolume = 0.4
        #expect(changes == 6)
    }

    @Test func theInfoCenterNotifiesOnRealChanges() {
        let center = NowPlayingInfoCenter()
        var changes = 0
        _ = center.observers.add { changes += 1 }
        center.nowPlayingInfo = NowPlayingInfo(title: "A")
        center.nowPlayingInfo?.title = "A"
        center.playbackState = .playing
        center.playbackState = .playing
        #expect(changes == 2)
    }
}
