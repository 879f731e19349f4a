import SpoolHLS
import Testing

/// Abandoning a download that would arrive after the buffer runs dry.
@Suite struct AdaptiveAbandonmentTests {
    /// 400k, 800k, 1.5M, 3M, 6M at indexes 0…4; 4-second segments of 200 kB … 3 MB.
    let ladder = NetworkSimulation.ladder
    let segment = Duration.seconds(4)

    func check(
        variant: Int = 3, received: Int, elapsed: Duration, buffer: Duration, expected: Int? = nil,
        estimate: Int? = nil, excluding excluded: [Int] = []
    ) -> ABRDecision? {
        var controller = AdaptiveBitrateController(variants: ladder)!
        for index in excluded { controller.excludeVariant(index, at: .zero) }
        let progress = SegmentDownloadProgress(
            variantIndex: variant, segmentDuration: segment, bytesReceived: received, expectedBytes: expected,
            elapsed: elapsed)
        let decision = controller.checkAbandonment(
            of: progress, at: .seconds(1), bufferedAhead: buffer, estimate: estimate)
        if let decision { #expect(controller.currentIndex == decision.variantIndex) }
        return decision
    }

    @Test func aDownloadThatCannotArriveInTimeIsAbandonedForTheHighestThatCan() {
        // 1.6 Mb/s so far: the remaining 1.3 MB of 3M takes 6.5 s, more than the 5 s buffered.
        // At 0.8 × 1.6 Mb/s, 1.5M (6 Mb) takes 4.7 s: in time.
        #expect(
            check(received: 200_000, elapsed: .seconds(1), buffer: .seconds(5))
                == ABRDecision(variantIndex: 2, reason: .abandon))
        // 600 kb/s so far: only 400k (1.6 Mb in 3.3 s) arrives within 5 s.
        #expect(check(received: 150_000, elapsed: .seconds(2), buffer: .seconds(5))?.variantIndex == 0)
    }

    @Test func aDownloadThatArrivesInTimeContinues() {
        #expect(check(received: 200_000, elapsed: .seconds(1), buffer: .seconds(7)) == nil)
        #expect(check(received: 150_000, elapsed: .seconds(2), buffer: .seconds(20)) == nil)
    }

    @Test func tooEarlyToJudge() {
        #expect(check(received: 1_000, elapsed: .milliseconds(499), buffer: .seconds(1)) == nil)
        #expect(check(received: 1_000, elapsed: .milliseconds(500), buffer: .seconds(1)) != nil)
    }

    @Test func theLowestVariantIsNeverAbandoned() {
        #expect(check(variant: 0, received: 1_000, elapsed: .seconds(5), buffer: .seconds(1)) == nil)
        #expect(check(received: 1_000, elapsed: .seconds(5), buffer: .seconds(1), excluding: [0, 1, 2]) == nil)
    }

    @Test func excludedLowerVariantsAreSkipped() {
        #expect(
            check(received: 150_000, elapsed: .seconds(2), buffer: .seconds(5), excluding: [0])?.variantIndex == 1)
    }

    @Test func nothingIsGainedWhenTheRestArrivesSoonerThanAnyLowerSegment() {
        // 50 kB left at 3.9 Mb/s is 0.1 s: more than 0.05 s buffered, but 400k takes 0.5 s.
        #expect(check(received: 1_450_000, elapsed: .seconds(3), buffer: .milliseconds(50)) == nil)
    }

    @Test func theKnownSizeOverridesTheBitRateGuess() {
        // 1.6 Mb/s so far; with 400 kB in all, 200 kB remain: 1 s, in time.
        #expect(check(received: 200_000, elapsed: .seconds(1), buffer: .seconds(5), expected: 400_000) == nil)
    }

    @Test func beforeTheFirstByteTheEstimateGivesTheRate() {
        #expect(check(received: 0, elapsed: .seconds(1), buffer: .seconds(10), estimate: 3_000_000) == nil)
        // At 500 kb/s the 12 Mb of 3M take 24 s; at 400 kb/s 800k takes 8 s, 1.5M 15 s.
        #expect(check(received: 0, elapsed: .seconds(1), buffer: .seconds(10), estimate: 500_000)?.variantIndex == 1)
    }
}
