import Foundation
import Spool
import SpoolTestSupport
import Testing

/// The audio session against a real PulseAudio daemon (scripts/with-test-services): cork
/// requests from module-role-cork, a removed sink, the route picker. Serialized because
/// module-role-cork loads only once per daemon; each test plays on null sinks of its own.
@MainActor
@Suite("AudioSession on PulseAudio (integration)", .serialized, .timeLimit(.minutes(3)))
struct AudioSessionIntegrationTests {
    /// Runs `body` with module-role-cork loaded (calls cork music and video), unloading it after.
    func withRoleCork(_ body: () async throws -> Void) async throws {
        let module = try await SessionPulse.pactl([
            "load-module", "module-role-cork", "trigger_roles=phone", "cork_roles=music,video",
        ])
        defer { Task { await SessionPulse.unloadModule(Int(module) ?? -1) } }
        try await body()
        await SessionPulse.unloadModule(Int(module) ?? -1)
    }

    /// Starts `player` and returns its stream once the server shows it playing on `sinkIndex`.
    func startPlaying(_ player: Player, onSink sinkIndex: Int) async throws -> SessionSinkInput {
        player.play()
        #expect(await eventually(timeout: .seconds(10), scaled: false) { player.timeControlStatus == .playing })
        return try #require(
            await SessionPulse.waitForSinkInput(onSink: sinkIndex) { !$0.corked }, "Spool's stream never played")
    }

    @Test("a media.role=phone stream pauses playback (began) and its end resumes it (ended, shouldResume)")
    func phoneStreamInterrupts() async throws {
        let sink = try await SessionPulse.makeSink("cork")
        try await withRoleCork {
            let player = try await makeSessionPlayer(sink: sink.name)
            let events = StreamRecorder(player.audioSession.events())
            let stream = try await startPlaying(player, onSink: sink.index)
            #expect(stream.properties["media.role"] == "video")
            #expect(player.audioSession.isActive)

            let wav = try await SessionPulse.toneWAV(seconds: 1.5)
            let callStart = ContinuousClock.now
            let call = Task { try await SessionPulse.paplay(wav, sink: sink.name, role: "phone") }
            #expect(await events.wait { $0.contains(.interruption(.began, options: [])) })
            let beganAfter = ContinuousClock.now - callStart
            #expect(player.rate == 0 && player.timeControlStatus == .paused)
            let callResult = try await call.value
            #expect(callResult.status == 0, "paplay: \(callResult.errorText)")
            let callEnd = ContinuousClock.now
            #expect(await events.wait { $0.contains(.interruption(.ended, options: .shouldResume)) })
            let endedAfter = ContinuousClock.now - callEnd
            #expect(await eventually(timeout: .seconds(10), scaled: false) { player.timeControlStatus == .playing })
            #expect(player.rate == 1)
            print(
                "AudioSession measurement: began \(beganAfter) after paplay started, ended \(endedAfter) after it exited"
            )
            player.replaceCurrentItem(with: nil)
            player.closeAudioOutput()
        }
        await SessionPulse.unloadModule(sink.module)
    }

    @Test("ambient + mixWithOthers: role game; a phone stream does not interrupt it, and it corks nobody")
    func ambientMixesBothWays() async throws {
        let sink = try await SessionPulse.makeSink("ambient")
        try await withRoleCork {
            let player = try await makeSessionPlayer(sink: sink.name)
            try player.audioSession.setCategory(.ambient, options: .mixWithOthers)
            let events = StreamRecorder(player.audioSession.events())
            let stream = try await startPlaying(player, onSink: sink.index)
            #expect(stream.properties["media.role"] == "game")
            #expect(stream.properties["spool.audio-session.category"] == "ambient")

            let wav = try await SessionPulse.toneWAV(seconds: 1)
            let call = try await SessionPulse.paplay(wav, sink: sink.name, role: "phone")
            #expect(call.status == 0, "paplay: \(call.errorText)")
            // module-role-cork corks a call's peers by muting them and asking them to cork.
            let music = Task { try await SessionPulse.paplay(wav, sink: sink.name, role: "music") }
            let musicStream = try await SessionPulse.waitForSinkInput(onSink: sink.index) {
                $0.properties["media.role"] == "music"
            }
            #expect(musicStream?.mute == false && musicStream?.corked == false)
            let musicResult = try await music.value
            #expect(!musicResult.errorText.contains("request-cork"), "paplay said: \(musicResult.errorText)")
            #expect(events.elements.isEmpty, "\(events.elements)")
            #expect(player.timeControlStatus == .playing)
            #expect(try await SessionPulse.sinkInputs().first { $0.index == stream.index }?.corked == false)

            // The control: as a call (playAndRecord, changed live) the same stream silences music.
            try player.audioSession.setCategory(.playAndRecord)
            #expect(await events.wait { $0.contains(.routeChange(.categoryChange, previousDevice: sink.name)) })
            let asCall = try await SessionPulse.waitForSinkInput(onSink: sink.index) {
                $0.index == stream.index && $0.properties["media.role"] == "phone"
            }
            #expect(asCall != nil, "Spool's stream did not take the phone role")
            let silenced = Task { try await SessionPulse.paplay(wav, sink: sink.name, role: "music") }
            let silencedStream = try await SessionPulse.waitForSinkInput(onSink: sink.index) {
                $0.properties["media.role"] == "music" && $0.mute
            }
            #expect(silencedStream != nil, "a music stream next to Spool's call was not silenced")
            _ = try await silenced.value
            player.replaceCurrentItem(with: nil)
            player.closeAudioOutput()
        }
        await SessionPulse.unloadModule(sink.module)
    }

    @Test("removing the sink Spool plays on pauses it with reason oldDeviceUnavailable")
    func sinkRemovalPauses() async throws {
        let sink = try await SessionPulse.makeSink("removed")
        let player = try await makeSessionPlayer(sink: sink.name)
        let events = StreamRecorder(player.audioSession.events())
        let notifications = RouteChangeRecorder(player.audioSession)
        _ = try await startPlaying(player, onSink: sink.index)
        await SessionPulse.unloadModule(sink.module)
        #expect(await events.wait { $0.contains(.routeChange(.oldDeviceUnavailable, previousDevice: sink.name)) })
        #expect(player.rate == 0 && player.timeControlStatus == .paused)
        let change = notifications.changes.first
        #expect(change?.reason == AudioSession.RouteChangeReason.oldDeviceUnavailable.rawValue)
        #expect(change?.previous == sink.name)
        player.replaceCurrentItem(with: nil)
        player.closeAudioOutput()
    }

    @Test("a new default sink is a route change with reason newDeviceAvailable; playback goes on")
    func newDefaultSinkIsNewDeviceAvailable() async throws {
        let playing = try await SessionPulse.makeSink("current")
        let plugged = try await SessionPulse.makeSink("plugged")
        let originalDefault = try await SessionPulse.pactl(["get-default-sink"])
        let player = try await makeSessionPlayer(sink: playing.name)
        let events = StreamRecorder(player.audioSession.events())
        let notifications = RouteChangeRecorder(player.audioSession)
        let stream = try await startPlaying(player, onSink: playing.index)
        // Nothing has changed yet: the first server report only sets the baseline.
        #expect(events.elements.isEmpty, "\(events.elements)")

        // What a desktop does when headphones are plugged in: the new sink becomes the default.
        _ = try await SessionPulse.pactl(["set-default-sink", plugged.name])
        let arrived = await events.wait(timeout: .seconds(10)) {
            $0.contains(.routeChange(.newDeviceAvailable, previousDevice: playing.name))
        }
        // Restore the daemon's default before anything can fail, so later tests play where they expect.
        _ = try await SessionPulse.pactl(["set-default-sink", originalDefault])
        #expect(arrived, "events: \(events.elements)")
        let change = notifications.changes.first
        #expect(change?.reason == AudioSession.RouteChangeReason.newDeviceAvailable.rawValue)
        #expect(change?.previous == playing.name)
        // Apple's policy: a new device does not pause, and the stream stays where it was routed.
        #expect(player.rate == 1 && player.timeControlStatus == .playing)
        #expect(try await SessionPulse.sinkInputs().first { $0.index == stream.index }?.sink == playing.index)
        player.replaceCurrentItem(with: nil)
        player.closeAudioOutput()
        await SessionPulse.unloadModule(playing.module)
        await SessionPulse.unloadModule(plugged.module)
    }

    @Test("the route picker lists the sinks and moves the playing stream live (override)")
    func routePickerMovesStream() async throws {
        let first = try await SessionPulse.makeSink("from")
        let second = try await SessionPulse.makeSink("to")
        let player = try await makeSessionPlayer(sink: first.name)
        let events = StreamRecorder(player.audioSession.events())
        let stream = try await startPlaying(player, onSink: first.index)

        let outputs = try await player.audioSession.availableOutputs()
        let names = Set(outputs.map(\.name))
        let environment = ProcessInfo.processInfo.environment
        for name in [
            first.name, second.name, environment["SPOOL_TEST_PULSE_SINK"], environment["SPOOL_TEST_PULSE_SINK_2"],
        ] {
            #expect(names.contains(name ?? "(unset)"), "\(name ?? "unset") missing from \(names)")
        }
        #expect(outputs.filter(\.isDefault).count == 1)
        #expect(player.audioSession.currentOutput == first.name)

        let moveStart = ContinuousClock.now
        try await player.audioSession.routeOutput(toDevice: second.name)
        let moveTook = ContinuousClock.now - moveStart
        let moved = try await SessionPulse.waitForSinkInput(onSink: second.index) { $0.index == stream.index }
        #expect(moved != nil, "pactl does not show Spool's stream on \(second.name)")
        #expect(await events.wait { $0.contains(.routeChange(.override, previousDevice: first.name)) })
        #expect(player.audioSession.currentOutput == second.name)
        #expect(player.timeControlStatus == .playing)
        print("AudioSession measurement: route picker move took \(moveTook)")

        await #expect(throws: AudioOutputError.self) {
            try await player.audioSession.routeOutput(toDevice: "spool_no_such_sink")
        }
        player.replaceCurrentItem(with: nil)
        player.closeAudioOutput()
        await SessionPulse.unloadModule(first.module)
        await SessionPulse.unloadModule(second.module)
    }
}

/// Records the route-change notifications one session posts, as their typed user-info fields.
@MainActor
final class RouteChangeRecorder {
    private(set) var changes: [(reason: UInt?, previous: String?)] = []
    private var token: (any NSObjectProtocol)?

    init(_ session: AudioSession) {
        token = NotificationCenter.default.addObserver(
            forName: AudioSession.routeChangeNotification, object: session, queue: nil
        ) { [weak self] note in
            let reason = note.userInfo?[AudioSession.routeChangeReasonKey] as? UInt
            let previous = note.userInfo?[AudioSession.routeChangePreviousRouteKey] as? String
            MainActor.assumeIsolated { self?.changes.append((reason, previous)) }
        }
    }

    isolated deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }
}
