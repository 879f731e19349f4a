import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// A steerable output that records what the session asked and lets the test send events.
final class FakeRoutableOutput: RoutableAudioOutput {
    private let state = Locked<
        (attributes: [AudioSessionAttributes], handler: (@Sendable (AudioSessionEvent) -> Void)?)
    >(
        ([], nil))
    let name = "fake"
    var latency: Duration { .zero }
    var attributes: [AudioSessionAttributes] { state.withLock { $0.attributes } }
    var currentDeviceName: String? { "fake_sink" }

    func start(format: AudioFormat) throws(AudioOutputError) {}
    func write(_ buffer: PCMBuffer) throws(AudioOutputError) {}
    func setPaused(_ paused: Bool) {}
    func flush() {}
    func drain() throws(AudioOutputError) {}
    func setVolume(_ volume: Float) {}
    func stop() {}
    func setSessionAttributes(_ attributes: AudioSessionAttributes) {
        state.withLock { $0.attributes.append(attributes) }
    }
    func setSessionEventHandler(_ handler: (@Sendable (AudioSessionEvent) -> Void)?) {
        state.withLock { $0.handler = handler }
    }
    func availableDevices() throws(AudioOutputError) -> [AudioOutputDevice] {
        [AudioOutputDevice(name: "fake_sink", description: "Fake", isDefault: true)]
    }
    func route(toDevice name: String) throws(AudioOutputError) {}

    /// What the server would report.
    func send(_ event: AudioSessionEvent) { state.withLock { $0.handler }?(event) }
}

@MainActor
@Suite("AudioSession", .timeLimit(.minutes(3)))
struct AudioSessionTests {
    let pipelines = FakePipelines()
    let output = FakeRoutableOutput()

    /// A playing player whose session has `output` attached, and an iterator of its events.
    func playingPlayer() async -> (Player, AsyncStream<AudioSessionEvent>.Iterator) {
        let player = Player(
            configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: ManualClock()),
            makePlayback: pipelines.factory())
        player.replaceCurrentItem(with: PlayerItem(url: URL(fileURLWithPath: "/media/a.mp4")))
        player.play()
        let events = player.audioSession.events()
        player.audioSession.router.attach(output)
        return (player, events.makeAsyncIterator())
    }

    @Test("joining the session gives the output the category's attributes and activates the session")
    func attachAppliesAttributes() async throws {
        let (player, _) = await playingPlayer()
        #expect(output.attributes == [AudioSessionAttributes(category: .playback, mode: .moviePlayback)])
        // The session learns of the output through its signal stream; a category change after
        // that reports `categoryChange` and reaches the output.
        var events = player.audioSession.events().makeAsyncIterator()
        output.send(.routeChange(.unknown, previousDevice: nil))
        _ = await events.next(isolation: #isolation)
        #expect(player.audioSession.isActive)
        try player.audioSession.setCategory(.ambient, options: .mixWithOthers)
        #expect(
            output.attributes.last
                == AudioSessionAttributes(category: .ambient, mode: .default, options: .mixWithOthers))
        #expect(await events.next(isolation: #isolation) == .routeChange(.categoryChange, previousDevice: "fake_sink"))
        #expect(throws: AudioSessionError.self) {
            try player.audioSession.setCategory(.playback, options: .defaultToSpeaker)
        }
    }

    @Test("an interruption pauses the player; its end with shouldResume resumes it")
    func interruptionPausesAndResumes() async {
        let (player, events) = await playingPlayer()
        var iterator = events
        output.send(.interruption(.began, options: []))
        #expect(await iterator.next(isolation: #isolation) == .interruption(.began, options: []))
        #expect(player.rate == 0)
        output.send(.interruption(.ended, options: .shouldResume))
        #expect(await iterator.next(isolation: #isolation) == .interruption(.ended, options: .shouldResume))
        #expect(player.rate == 1)
    }

    @Test("a queue player's audio output joins its session: the category's role, and interruptions pause it")
    func queuePlayerOutputJoinsTheSession() async throws {
        let output = self.output
        let player = QueuePlayer(
            items: [],
            configuration: PlayerConfiguration(
                makeAudioOutput: { output }, videoOutput: nil, clock: ManualClock()))
        try player.audioSession.setCategory(.playback, mode: .default)
        var events = player.audioSession.events().makeAsyncIterator()
        player.play()
        // What an item's pipeline does when it opens its audio (on its demux thread).
        _ = try #require(player.sharedAudio).lease()
        // Required: an output outside the session would never deliver the interruption below.
        try #require(output.attributes == [AudioSessionAttributes(category: .playback, mode: .default)])
        output.send(.interruption(.began, options: []))
        #expect(await events.next(isolation: #isolation) == .interruption(.began, options: []))
        #expect(player.rate == 0 && player.audioSession.isActive)
    }

    @Test("an end without shouldResume, or after the user paused, does not resume")
    func userPauseWins() async {
        let (player, events) = await playingPlayer()
        var iterator = events
        output.send(.interruption(.began, options: []))
        _ = await iterator.next(isolation: #isolation)
        output.send(.interruption(.ended, options: []))
        _ = await iterator.next(isolation: #isolation)
        #expect(player.rate == 0)
        player.play()
        output.send(.interruption(.began, options: []))
        _ = await iterator.next(isolation: #isolation)
        player.pause()  // the user's own pause during the interruption
        output.send(.interruption(.ended, options: .shouldResume))
        _ = await iterator.next(isolation: #isolation)
        #expect(player.rate == 0)
    }

    @Test("losing the device pauses; with the default policy off, nothing changes but the events arrive")
    func deviceLossAndOverride() async {
        let (player, events) = await playingPlayer()
        var iterator = events
        let posted = Locked<[UInt]>([])
        let token = NotificationCenter.default.addObserver(
            forName: AudioSession.routeChangeNotification, object: player.audioSession, queue: nil
        ) { note in
            if let reason = note.userInfo?[AudioSession.routeChangeReasonKey] as? UInt {
                posted.withLock { $0.append(reason) }
            }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        output.send(.routeChange(.oldDeviceUnavailable, previousDevice: "fake_sink"))
        _ = await iterator.next(isolation: #isolation)
        #expect(player.rate == 0)
        #expect(posted.withLock { $0 } == [AudioSessionRouteChangeReason.oldDeviceUnavailable.rawValue])

        player.play()
        player.audioSession.appliesDefaultPolicy = false
        output.send(.interruption(.began, options: []))
        #expect(await iterator.next(isolation: #isolation) == .interruption(.began, options: []))
        output.send(.routeChange(.oldDeviceUnavailable, previousDevice: "fake_sink"))
        _ = await iterator.next(isolation: #isolation)
        #expect(player.rate == 1)
    }

    @Test("deactivating pauses the player and forgets a pending resume")
    func deactivation() async {
        let (player, events) = await playingPlayer()
        var iterator = events
        output.send(.interruption(.began, options: []))
        _ = await iterator.next(isolation: #isolation)
        player.audioSession.setActive(false, options: .notifyOthersOnDeactivation)
        #expect(!player.audioSession.isActive)
        output.send(.interruption(.ended, options: .shouldResume))
        _ = await iterator.next(isolation: #isolation)
        #expect(player.rate == 0)
    }
}
