import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolEngine

/// The pipeline's life as one table: which events move it, and that nothing is reported after
/// a stop or twice for one generation.
@Suite("PipelinePhase")
struct PipelinePhaseTests {
    @Test("the transition table: the life of an item, and every event that does not apply")
    func transitionTable() {
        let phases: [PipelinePhase] = [.probing, .opening, .running, .ended, .stopped]
        let events: [PipelineLifecycleEvent] = [.probed, .opened, .generationBegan, .ended, .stop]
        let expected: [PipelinePhase: [PipelineLifecycleEvent: PipelinePhase]] = [
            .probing: [.probed: .opening, .generationBegan: .probing, .stop: .stopped],
            .opening: [.opened: .running, .generationBegan: .opening, .ended: .ended, .stop: .stopped],
            .running: [.generationBegan: .running, .ended: .ended, .stop: .stopped],
            .ended: [.generationBegan: .running, .stop: .stopped],
            .stopped: [:],
        ]
        for phase in phases {
            for event in events {
                #expect(phase.after(event) == expected[phase]?[event], "\(phase) on \(event)")
            }
        }
    }

    /// A control and the events of an item with video and audio, opened and running.
    func runningItem() -> (PipelineControl, PipelineEvents, AsyncStream<ItemPlaybackEvent>) {
        let control = PipelineControl(PipelineControlState())
        control.update {
            $0.advance(.probed)
            $0.advance(.opened)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: ItemPlaybackEvent.self)
        let events = PipelineEvents(
            control: control, clock: PlaybackClock(host: ManualEngineClock()), continuation: continuation,
            statistics: PipelineStatistics(), hasVideo: true, hasAudio: true, startedAt: .zero)
        return (control, events, stream)
    }

    @Test("an item stopped while its streams end reports no end")
    func nothingAfterStop() async {
        let (control, events, stream) = runningItem()
        events.streamEnded(.video, generation: 0, failure: nil)
        #expect(control.update { $0.advance(.stop) })
        events.streamEnded(.audio, generation: 0, failure: nil)
        events.fail(PlaybackError(.decodingFailed, "late"), generation: 0)
        #expect(control.withLock { $0.phase } == .stopped)
        #expect(!control.update { $0.advance(.stop) }, "a second stop is not a transition")
        #expect(await reported(by: events, stream).isEmpty)
    }

    @Test("a generation's end is reported once; a seek runs the item again and its end is reported again")
    func oneEndPerGeneration() async {
        let (control, events, stream) = runningItem()
        events.streamEnded(.video, generation: 0, failure: nil)
        events.streamEnded(.audio, generation: 0, failure: nil)
        events.fail(PlaybackError(.decodingFailed, "after the end"), generation: 0)
        #expect(control.withLock { $0.phase } == .ended)
        let request = SeekRequest(id: 7, target: .zero, toleranceBefore: .zero, toleranceAfter: .zero)
        let generation = control.update { $0.beginGeneration(for: request, holdingReads: false) }
        #expect(control.withLock { $0.phase } == .running)
        events.streamEnded(.audio, generation: generation, failure: nil)
        events.streamEnded(.video, generation: generation, failure: nil)
        #expect(await reported(by: events, stream) == ["end", "seek 7 at 0.0", "end"])
    }

    @Test("an end reported late stops the time where the media ends, not where the clock ran on to")
    func lateEndStopsAtTheMediaEnd() async {
        let control = PipelineControl(PipelineControlState())
        control.update {
            $0.advance(.probed)
            $0.advance(.opened)
        }
        let host = ManualEngineClock()
        let clock = PlaybackClock(host: host)
        let (stream, continuation) = AsyncStream.makeStream(of: ItemPlaybackEvent.self)
        let events = PipelineEvents(
            control: control, clock: clock, continuation: continuation, statistics: PipelineStatistics(),
            hasVideo: true, hasAudio: true, startedAt: .zero)
        clock.anchor(media: .zero, at: .zero)
        clock.setPaused(false, at: .zero)
        let twoSeconds = MediaTime(value: 2, timescale: 1)
        // The last sample ends at 2.02 s and the last frame at 2 s; the end is heard at 3 s.
        host.advance(by: .seconds(3))
        events.streamEnded(.audio, generation: 0, failure: nil, endsAt: MediaTime(value: 202, timescale: 100))
        events.streamEnded(.video, generation: 0, failure: nil, endsAt: twoSeconds)
        #expect(clock.isPaused)
        #expect(clock.mediaTimeNow == MediaTime(value: 202, timescale: 100), "\(clock.mediaTimeNow.seconds)")
        host.advance(by: .seconds(5))
        #expect(clock.mediaTimeNow == MediaTime(value: 202, timescale: 100))
        // An end heard in time is not moved: the clock at 1.5 s stays there.
        let early = PlaybackClock(host: host)
        early.anchor(media: MediaTime(value: 3, timescale: 2), at: host.now())
        early.pause(at: host.now(), notPast: twoSeconds)
        #expect(early.mediaTimeNow == MediaTime(value: 3, timescale: 2))
        #expect(await reported(by: events, stream) == ["end"])
    }

    /// What was reported so far, named: a marker event ends the read.
    private func reported(by events: PipelineEvents, _ stream: AsyncStream<ItemPlaybackEvent>) async -> [String] {
        events.send(.stalled(true))
        var names: [String] = []
        for await event in stream {
            switch event {
            case .stalled: return names
            case .playedToEnd: names.append("end")
            case .failedToPlayToEnd: names.append("failure")
            case .seekCompleted(let id, let landed): names.append("seek \(id) at \(landed.seconds)")
            default: names.append("other")
            }
        }
        return names
    }
}
