import Testing

@testable import SpoolCore

@Suite("MediaTime")
struct MediaTimeTests {
    @Test func comparesExactlyAcrossTimescales() {
        #expect(MediaTime(value: 1, timescale: 2) == MediaTime(value: 2, timescale: 4))
        #expect(MediaTime(value: 1, timescale: 3) < MediaTime(value: 334, timescale: 1000))
        // 1/3 is not 333/1000: a Double-based comparison at low precision would get these wrong.
        #expect(MediaTime(value: 1, timescale: 3) > MediaTime(value: 333, timescale: 1000))
        #expect(MediaTime(value: 1, timescale: 3).hashValue == MediaTime(value: 2, timescale: 6).hashValue)
    }

    @Test func ordersSpecialTimesLikeCMTime() {
        let ordered: [MediaTime] = [
            .negativeInfinity, MediaTime(value: -5, timescale: 1), .zero, MediaTime(value: 10, timescale: 1),
            .positiveInfinity, .indefinite, .invalid,
        ]
        #expect(ordered.sorted() == ordered)
        #expect(ordered.shuffled().sorted() == ordered)
        #expect(MediaTime.invalid == .invalid)
        #expect(MediaTime.indefinite != .invalid)
    }

    @Test func addsExactlyInTheCommonTimescale() {
        let sum = MediaTime(value: 1, timescale: 3) + MediaTime(value: 1, timescale: 2)
        #expect(sum == MediaTime(value: 5, timescale: 6))
        #expect(sum.timescale == 6)
        let difference = MediaTime(value: 1001, timescale: 30000) - MediaTime(value: 1, timescale: 30)
        #expect(difference == MediaTime(value: 1, timescale: 30000))
    }

    @Test func specialTimesPropagateThroughArithmetic() {
        let ten = MediaTime(value: 10, timescale: 1)
        #expect((MediaTime.invalid + ten).isInvalid)
        #expect((MediaTime.indefinite + ten).isIndefinite)
        #expect(MediaTime.positiveInfinity + ten == .positiveInfinity)
        #expect((MediaTime.positiveInfinity + .negativeInfinity).isInvalid)
        #expect(ten - .positiveInfinity == .negativeInfinity)
        #expect(-MediaTime.positiveInfinity == .negativeInfinity)
    }

    @Test func saturatesOnOverflowInsteadOfTrapping() {
        let huge = MediaTime(value: .max - 1, timescale: 1)
        #expect(huge + MediaTime(value: 5, timescale: 1) == .positiveInfinity)
        #expect(huge * 3 == .positiveInfinity)
        #expect(MediaTime(value: .min + 1, timescale: 1) * 2 == .negativeInfinity)
    }

    @Test func convertsSecondsWithAChosenTimescale() {
        let time = MediaTime(seconds: 1.5, preferredTimescale: 600)
        #expect(time.value == 900 && time.timescale == 600)
        #expect(time.seconds == 1.5)
        #expect(MediaTime(seconds: 0.0004, preferredTimescale: 1000).value == 0)
        #expect(MediaTime(seconds: 0.0006, preferredTimescale: 1000).value == 1)
        #expect(MediaTime(seconds: .nan, preferredTimescale: 600).isInvalid)
        #expect(MediaTime(seconds: .infinity, preferredTimescale: 600) == .positiveInfinity)
        #expect(MediaTime.indefinite.seconds.isNaN)
        #expect(MediaTime.negativeInfinity.seconds == -.infinity)
    }

    @Test func convertScaleRoundsHalfAwayFromZero() {
        #expect(MediaTime(value: 1, timescale: 3).convertScale(1000).value == 333)
        #expect(MediaTime(value: 2, timescale: 3).convertScale(1000).value == 667)
        #expect(MediaTime(value: -1, timescale: 2).convertScale(1).value == -1)
        #expect(MediaTime(value: 5, timescale: 1).convertScale(0).isInvalid)
    }

    @Test func kindPredicates() {
        #expect(MediaTime.zero.isNumeric)
        #expect(!MediaTime.indefinite.isNumeric && MediaTime.indefinite.isIndefinite)
        #expect(MediaTime(value: 1, timescale: 0).isInvalid)
        #expect(MediaTime.negativeInfinity.isInfinite)
    }
}
