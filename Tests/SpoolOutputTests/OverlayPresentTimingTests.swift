import Testing

@testable import SpoolOutput

/// When an overlay change is presented: with the next frame while frames come, on its own
/// otherwise. Instants are built from one reading, so nothing here waits.
@Suite("Overlay present timing")
struct OverlayPresentTimingTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test("before any frame, and when frames stopped 80 ms ago, a change is presented at once")
    func noFramesComing() {
        var timing = OverlayPresentTiming()
        let presentsAt0 = timing.overlayChanged(at: at(0))
        #expect(presentsAt0)
        timing.frameUploaded(at: at(10))
        let presentsAt90 = timing.overlayChanged(at: at(90))
        #expect(presentsAt90)
    }

    @Test("while frames come, a change waits for the next frame, whose upload clears it")
    func ridesOnTheNextFrame() {
        var timing = OverlayPresentTiming()
        timing.frameUploaded(at: at(0))
        let presentsAt20 = timing.overlayChanged(at: at(20))
        #expect(!presentsAt20)
        let dueAt33 = timing.isDue(at: at(33))
        #expect(!dueAt33)
        timing.frameUploaded(at: at(33))
        let dueAt200 = timing.isDue(at: at(200))
        #expect(!dueAt200, "the frame's present showed it")
    }

    @Test("a waiting change is due exactly 80 ms after the first one, however many came since")
    func dueAfterTheWait() {
        var timing = OverlayPresentTiming()
        timing.frameUploaded(at: at(0))
        let presentsAt40 = timing.overlayChanged(at: at(40))
        #expect(!presentsAt40)
        let presentsAt70 = timing.overlayChanged(at: at(70))
        #expect(!presentsAt70)
        let dueAt119 = timing.isDue(at: at(119))
        #expect(!dueAt119)
        let dueAt120 = timing.isDue(at: at(120))
        #expect(dueAt120)
        let dueAt121 = timing.isDue(at: at(121))
        #expect(!dueAt121, "answered once")
    }

    @Test("any present shows the overlay as it is: nothing waits after it")
    func presentClearsTheWait() {
        var timing = OverlayPresentTiming()
        timing.frameUploaded(at: at(0))
        let presentsAt10 = timing.overlayChanged(at: at(10))
        #expect(!presentsAt10)
        timing.presented()
        let dueAt500 = timing.isDue(at: at(500))
        #expect(!dueAt500)
    }
}
