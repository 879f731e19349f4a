import SpoolCore
import Testing

@testable import Spool
@testable import SpoolEngine

/// How bitmap cues end: at the next subtitle of their stream, or their own end if earlier.
@Suite struct BitmapCueHoldTests {
    private func time(_ ms: Int64) -> MediaTime { MediaTime(value: ms, timescale: 1000) }
    private func cue(_ start: Int64, _ end: Int64?, images: Int = 1) -> LegibleCue {
        let image = LegibleCue.Image(x: 0, y: 0, width: 1, height: 1, pixels: [255, 0, 0, 255])!
        return LegibleCue(
            start: time(start), end: end.map(time) ?? .positiveInfinity,
            bitmap: .init(
                referenceSize: PixelSize(width: 640, height: 360), images: Array(repeating: image, count: images)))
    }

    @Test func aCueWithoutEndIsHeldUntilTheNextSubtitleWhichEndsIt() {
        var hold = BitmapCueHold()
        #expect(hold.take(cue(1000, nil)) == nil)
        #expect(hold.settled(at: time(2500)) == nil)
        let ended = hold.take(cue(3000, nil, images: 0))
        #expect(ended?.start == time(1000) && ended?.end == time(3000))
        // A clear is never held or given out.
        #expect(hold.held == nil)
        #expect(hold.take(cue(4000, nil)) == nil)
        #expect(hold.take(cue(5500, nil))?.end == time(5500))
    }

    @Test func anEarlierOwnEndIsKeptAndSettlesOnceTheStreamPassesIt() {
        var hold = BitmapCueHold()
        _ = hold.take(cue(1000, 2000))
        #expect(hold.settled(at: time(1999)) == nil)
        #expect(hold.settled(at: time(2000))?.end == time(2000))
        #expect(hold.take(cue(3000, 9000)) == nil)
        // The next subtitle comes before the own end: it wins.
        #expect(hold.take(cue(4000, nil, images: 0))?.end == time(4000))
    }

    @Test func theStreamEndEndsAnOpenCueAndAnEmptyCueIsDropped() {
        var hold = BitmapCueHold()
        _ = hold.take(cue(1000, nil))
        #expect(hold.finish(streamEnd: time(8000))?.end == time(8000))
        _ = hold.take(cue(1000, nil))
        #expect(hold.finish(streamEnd: .invalid)?.end == time(1000) + BitmapCueHold.longestOpenEnd)
        _ = hold.take(cue(1000, nil))
        // Replaced at its own start: it never shows.
        #expect(hold.take(cue(1000, nil)) == nil)
        hold.reset()
        #expect(hold.finish(streamEnd: time(8000)) == nil)
    }
}
