import Testing

@testable import SpoolDesktop

/// Position extrapolation, seek detection and track identity, over explicit times.
@Suite struct PlaybackPositionModelTests {
    @Test func thePositionAdvancesWithTheRateFromTheStatedElapsedTime() {
        var model = PlaybackPositionModel(threshold: 0.5)
        #expect(model.position(at: .zero) == nil)
        _ = model.update(elapsed: 10, rate: 1, trackID: "/t/1", at: .seconds(100))
        #expect(model.position(at: .seconds(100)) == 10)
        #expect(model.position(at: .milliseconds(102_500)) == 12.5)
        _ = model.update(elapsed: 10, rate: 2, trackID: "/t/1", at: .seconds(104))
        #expect(model.position(at: .seconds(104)) == 14, "a rate change alone re-anchors where playback is")
        #expect(model.position(at: .seconds(105)) == 16)
    }

    @Test func pausingWithoutRestatingThePositionKeepsIt() {
        var model = PlaybackPositionModel(threshold: 0.5)
        _ = model.update(elapsed: 0, rate: 1, trackID: "/t/1", at: .zero)
        #expect(model.update(elapsed: 0, rate: 0, trackID: "/t/1", at: .seconds(30)) == nil)
        #expect(model.position(at: .seconds(90)) == 30)
    }

    @Test func aStatedPositionFarFromTheExtrapolationIsASeek() {
        var model = PlaybackPositionModel(threshold: 0.5)
        _ = model.update(elapsed: 10, rate: 1, trackID: "/t/1", at: .zero)
        #expect(model.update(elapsed: 20.2, rate: 1, trackID: "/t/1", at: .seconds(10)) == nil, "on time")
        #expect(model.update(elapsed: 60, rate: 1, trackID: "/t/1", at: .seconds(11)) == 60)
        #expect(model.update(elapsed: 5, rate: 0, trackID: "/t/1", at: .seconds(12)) == 5, "backwards too")
    }

    @Test func aNewTrackIsNotASeek() {
        var model = PlaybackPositionModel(threshold: 0.5)
        _ = model.update(elapsed: 500, rate: 1, trackID: "/t/1", at: .zero)
        #expect(model.update(elapsed: 0, rate: 1, trackID: "/t/2", at: .seconds(1)) == nil)
        #expect(model.update(elapsed: nil, rate: 1, trackID: "/t/2", at: .seconds(2)) == nil)
        #expect(model.position(at: .seconds(3)) == nil)
    }

    @Test func trackIDsChangeWithTheIdentifierOrTheTags() {
        var identity = MPRISTrackIdentity()
        #expect(identity.trackID(for: nil) == MPRISNames.noTrack)
        let first = identity.trackID(for: NowPlayingInfo(title: "A", elapsedPlaybackTime: 1))
        #expect(first == "/org/spool/track/1")
        #expect(identity.trackID(for: NowPlayingInfo(title: "A", elapsedPlaybackTime: 9)) == first)
        #expect(identity.trackID(for: NowPlayingInfo(title: "B")) == "/org/spool/track/2")
        #expect(identity.trackID(for: NowPlayingInfo(title: "B", contentIdentifier: "x")) == "/org/spool/track/3")
        #expect(identity.trackID(for: NowPlayingInfo(title: "C", contentIdentifier: "x")) == "/org/spool/track/3")
    }
}
