import SpoolCore
import Testing

@testable import SpoolEngine

/// The pipeline threads' waits as decisions over the control state, checked without threads:
/// what the demuxer does next, when a render thread may show and go on, and what ends the
/// stall's and the hidden decoder's waits.
@Suite("Pipeline thread decisions")
struct PipelineThreadDecisionsTests {
    static let seekA = SeekRequest(
        id: 1, target: MediaTime(value: 3, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero)
    static let seekB = SeekRequest(
        id: 2, target: MediaTime(value: 5, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero)
    static let switchToSecond = AudioSwitchRequest(streamIndex: 2, version: 1)

    /// A running item's state.
    static func running() -> PipelineControlState {
        var state = PipelineControlState()
        state.advance(.probed)
        state.advance(.opened)
        state.rate = 1
        return state
    }

    @Test("the demuxer: a stop wins over everything, even a pending seek, a release and an audio switch")
    func stopWins() {
        var state = Self.running()
        state.beginGeneration(for: Self.seekA, holdingReads: true)
        state.pendingAudioSwitch = Self.switchToSecond
        state.advance(.stop)
        #expect(state.nextDemuxCommand(atEnd: false, releasedGeneration: nil) == .stop)
        #expect(state.nextDemuxCommand(atEnd: true, releasedGeneration: nil) == .stop)
    }

    @Test("the demuxer: a seek is taken once, before the audio switch, which is taken once; then it reads")
    func seekBeforeSwitchEachOnce() {
        var state = Self.running()
        let generation = state.beginGeneration(for: Self.seekA, holdingReads: false)
        state.pendingAudioSwitch = Self.switchToSecond
        #expect(
            state.nextDemuxCommand(atEnd: true, releasedGeneration: nil) == .seek(Self.seekA, generation: generation))
        #expect(state.pendingDemuxSeek == nil)
        #expect(
            state.nextDemuxCommand(atEnd: false, releasedGeneration: nil)
                == .switchAudio(Self.switchToSecond, generation: generation))
        #expect(state.pendingAudioSwitch == nil)
        #expect(state.nextDemuxCommand(atEnd: false, releasedGeneration: nil) == .read(generation: generation))
    }

    @Test("the demuxer: at the end it waits, and a seek there runs the item again in a new generation")
    func endWaitsForSeek() {
        var state = Self.running()
        #expect(state.nextDemuxCommand(atEnd: true, releasedGeneration: nil) == nil)
        let generation = state.beginGeneration(for: Self.seekB, holdingReads: false)
        #expect(generation == 1)
        #expect(state.nextDemuxCommand(atEnd: true, releasedGeneration: nil) == .seek(Self.seekB, generation: 1))
    }

    @Test("the demuxer: a release is announced once per generation and holds every read, and the seek, until resumed")
    func releaseOncePerGeneration() {
        var state = Self.running()
        let generation = state.beginGeneration(for: Self.seekA, holdingReads: true)
        #expect(state.nextDemuxCommand(atEnd: false, releasedGeneration: nil) == .release(generation: generation))
        // Announced: the re-read waits for playback to resume.
        #expect(state.nextDemuxCommand(atEnd: false, releasedGeneration: generation) == nil)
        #expect(state.pendingDemuxSeek == Self.seekA, "the paused position's re-read is kept for the resume")
        // A second release in a later generation is announced again.
        let later = state.beginGeneration(for: Self.seekB, holdingReads: true)
        #expect(state.nextDemuxCommand(atEnd: false, releasedGeneration: generation) == .release(generation: later))
        // Resumed: the held seek is performed.
        state.resourcesReleased = false
        #expect(state.nextDemuxCommand(atEnd: false, releasedGeneration: later) == .seek(Self.seekB, generation: later))
    }

    @Test("the demuxer's start-up hold ends at the first frame, a stop or a pending seek, and not otherwise")
    func firstFrameHold() {
        var state = Self.running()
        #expect(!state.endsFirstFrameHold)
        state.firstFrameReported = true
        #expect(state.endsFirstFrameHold)
        state = Self.running()
        state.beginGeneration(for: Self.seekA, holdingReads: false)
        #expect(state.endsFirstFrameHold)
        state = Self.running()
        state.advance(.stop)
        #expect(state.endsFirstFrameHold)
    }

    @Test(
        "a render thread: a current item shows; a prerolled one when its audio has the device and the previous video is done"
    )
    func renderMayShow() {
        var state = Self.running()
        #expect(state.renderMayShow(joinsByAudio: false) == true)
        state.isActive = false
        #expect(state.renderMayShow(joinsByAudio: true) == nil)
        state.audioHasDevice = true
        #expect(state.renderMayShow(joinsByAudio: true) == nil, "two render threads never present at once")
        state.previousVideoDone = true
        #expect(state.renderMayShow(joinsByAudio: true) == true)
        #expect(state.renderMayShow(joinsByAudio: false) == nil, "without audio only the player's switch shows it")
        state.advance(.stop)
        #expect(state.renderMayShow(joinsByAudio: true) == false)
    }

    @Test("a render thread: paused it holds all but a generation's first frame; a seek or stop makes frames stale")
    func renderMayProceed() {
        var state = Self.running()
        #expect(state.renderMayProceed(generation: 0, isFirst: false) == true)
        state.rate = 0
        #expect(state.renderMayProceed(generation: 0, isFirst: false) == nil)
        #expect(state.renderMayProceed(generation: 0, isFirst: true) == true, "the landing frame shows paused")
        state.beginGeneration(for: Self.seekA, holdingReads: false)
        #expect(state.renderMayProceed(generation: 0, isFirst: true) == false)
        #expect(state.renderMayProceed(generation: 1, isFirst: true) == true)
        state.advance(.stop)
        #expect(state.renderMayProceed(generation: 1, isFirst: true) == false)
    }

    @Test("a frame's sleep ends early on a pause, a seek or a stop, and only then")
    func frameWait() {
        var state = Self.running()
        #expect(!state.interruptsFrameWait(generation: 0))
        state.volume = 0.5
        state.isVideoShown = false
        #expect(!state.interruptsFrameWait(generation: 0))
        state.rate = 0
        #expect(state.interruptsFrameWait(generation: 0))
        state.rate = 1
        state.beginGeneration(for: Self.seekA, holdingReads: false)
        #expect(state.interruptsFrameWait(generation: 0))
        #expect(!state.interruptsFrameWait(generation: 1))
    }

    @Test(
        "a stall's wait ends when the buffer can resume, waiting is turned off, or a seek or stop; not on a rate change"
    )
    func stallWait() {
        var state = Self.running()
        state.isStalled = true
        state.bufferCanResume = false
        #expect(!state.endsStallWait(generation: 0))
        state.rate = 2
        #expect(!state.endsStallWait(generation: 0))
        state.bufferCanResume = true
        #expect(state.endsStallWait(generation: 0))
        state.bufferCanResume = false
        state.waitsToMinimizeStalling = false
        #expect(state.endsStallWait(generation: 0))
        state.waitsToMinimizeStalling = true
        state.beginGeneration(for: Self.seekA, holdingReads: false)
        #expect(state.endsStallWait(generation: 0))
        #expect(!state.endsStallWait(generation: 1))
    }

    @Test("the hidden decoder's wait ends when the video is shown, the rate changes, or a seek or stop")
    func hiddenDecoderWait() {
        var state = Self.running()
        state.isVideoShown = false
        #expect(!state.endsHiddenDecoderWait(generation: 0, rate: 1))
        state.rate = 1.5
        #expect(state.endsHiddenDecoderWait(generation: 0, rate: 1))
        #expect(!state.endsHiddenDecoderWait(generation: 0, rate: 1.5))
        state.isVideoShown = true
        #expect(state.endsHiddenDecoderWait(generation: 0, rate: 1.5))
        state.isVideoShown = false
        state.advance(.stop)
        #expect(state.endsHiddenDecoderWait(generation: 0, rate: 1.5))
    }
}
