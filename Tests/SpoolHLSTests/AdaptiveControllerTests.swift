import SpoolHLS
import Testing

/// Variant selection: start, up, down, hysteresis, buffer thresholds, caps, pin, failover.
@Suite struct AdaptiveControllerTests {
    /// 400k, 800k, 1.5M, 3M, 6M at indexes 0…4.
    let ladder = NetworkSimulation.ladder
    let segment = Duration.seconds(4)

    func controller(at index: Int? = nil, configuration: ABRConfiguration = ABRConfiguration())
        -> AdaptiveBitrateController
    {
        var controller = AdaptiveBitrateController(variants: ladder.reversed(), configuration: configuration)!
        if let index {
            _ = controller.selectVariant(
                at: .zero, bufferedAhead: .zero, segmentDuration: segment, estimate: nil, pinnedIndex: index)
        }
        return controller
    }

    func select(
        _ controller: inout AdaptiveBitrateController, buffer: Duration, estimate: Int?, caps: AdaptiveCaps = .none,
        pin: Int? = nil, at now: Duration = .seconds(1)
    ) -> ABRDecision {
        controller.selectVariant(
            at: now, bufferedAhead: buffer, segmentDuration: segment, estimate: estimate, caps: caps, pinnedIndex: pin)
    }

    @Test func noVariantsNoController() {
        #expect(AdaptiveBitrateController(variants: []) == nil)
    }

    @Test func variantsAreRankedByDownloadRate() {
        let mixed = [
            VariantCandidate(index: 0, bandwidth: 2_000_000, averageBandwidth: 900_000),
            VariantCandidate(index: 1, bandwidth: 1_000_000),
        ]
        #expect(AdaptiveBitrateController(variants: mixed)?.variants.map(\.index) == [0, 1])
    }

    @Test func firstChoiceFitsSeventyPercentOfTheEstimateOrTheDefault() {
        var unknown = controller()
        #expect(select(&unknown, buffer: .zero, estimate: nil) == ABRDecision(variantIndex: 1, reason: .initial))
        var fast = controller()
        #expect(select(&fast, buffer: .zero, estimate: 10_000_000).variantIndex == 4)
        var slow = controller()
        #expect(select(&slow, buffer: .zero, estimate: 300_000).variantIndex == 0)
    }

    @Test func switchingUpNeedsBufferAndHeadroom() {
        // The up-switch buffer is one segment (4 s) here: less stays.
        var controller = controller(at: 1)
        #expect(select(&controller, buffer: .seconds(3), estimate: 5_000_000).reason == .stay)
        #expect(
            select(&controller, buffer: .seconds(12), estimate: 5_000_000) == ABRDecision(variantIndex: 3, reason: .up))
        // 3M needs 3 / 0.7 = 4.29 Mb/s to go up to with 4.5 s buffered (under 3M's buffer level,
        // where the buffer-based rule would lift it); 4.2 keeps 1.5M.
        var short = self.controller(at: 1)
        #expect(select(&short, buffer: .milliseconds(4500), estimate: 4_200_000).variantIndex == 2)
    }

    @Test func steadyEstimateBetweenTheFractionsStays() {
        // 5 s buffered: above the up-switch buffer (the 0.9 stay fraction applies), under the
        // buffer-based rule's level for 3M.
        var controller = controller(at: 2)
        for estimate in [1_700_000, 2_000_000, 4_000_000] {
            #expect(select(&controller, buffer: .seconds(5), estimate: estimate).reason == .stay)
        }
        #expect(
            select(&controller, buffer: .seconds(5), estimate: 1_600_000)
                == ABRDecision(variantIndex: 1, reason: .down))
    }

    @Test func aFullBufferHoldsTheVariantAndAFallingOneStepsDownEarly() {
        var full = controller(at: 2)
        #expect(select(&full, buffer: .seconds(26), estimate: 1_000_000).reason == .stay)
        // Under the 25 s hold the buffer-based rule still keeps 1.5M at 1 Mb/s (1.5×) while the
        // buffer lasts; beyond 1.8× it is a collapse and the choice goes down at once.
        #expect(select(&full, buffer: .seconds(24), estimate: 1_000_000).reason == .stay)
        #expect(select(&full, buffer: .seconds(26), estimate: 800_000) == ABRDecision(variantIndex: 0, reason: .down))
        // 2 Mb/s keeps 1.5M with 15 s buffered (0.9 fits) but not with 3 s, under the up-switch
        // buffer of one 4 s segment (0.7 does not).
        var falling = controller(at: 2)
        #expect(select(&falling, buffer: .seconds(15), estimate: 2_000_000).reason == .stay)
        #expect(select(&falling, buffer: .seconds(3), estimate: 2_000_000).variantIndex == 1)
    }

    @Test func aNearlyDryBufferNeedsASegmentThatArrivesInTime() {
        var controller = controller(at: 2)
        // At 0.7 × 3 Mb/s, 4 s of 1.5M takes 2.9 s and of 800k 1.5 s: only 400k (0.76 s) beats 1 s.
        #expect(
            select(&controller, buffer: .seconds(1), estimate: 3_000_000) == ABRDecision(variantIndex: 0, reason: .down)
        )
        // Stalled (nothing buffered): bandwidth alone decides.
        var stalled = self.controller(at: 2)
        #expect(select(&stalled, buffer: .zero, estimate: 3_000_000).reason == .stay)
    }

    @Test func thresholdsScaleWithASmallForwardBuffer() {
        let configuration = ABRConfiguration(preferredForwardBufferDuration: .seconds(9))
        var small = controller(at: 1, configuration: configuration)
        #expect(select(&small, buffer: .milliseconds(3500), estimate: 5_000_000).reason == .up)
        var automatic = controller(at: 1)
        #expect(select(&automatic, buffer: .milliseconds(3500), estimate: 5_000_000).reason == .stay)
    }

    @Test func theUpSwitchBufferIsOneSegmentUpToTenSeconds() {
        // 4 s segments: 4 s of buffer is enough to go up.
        var short = controller(at: 1)
        #expect(select(&short, buffer: .seconds(4), estimate: 5_000_000).reason == .up)
        // 12 s segments: ExoPlayer's 10 s holds (8 s is not enough).
        var long = controller(at: 1)
        let decision = long.selectVariant(
            at: .seconds(1), bufferedAhead: .seconds(8), segmentDuration: .seconds(12), estimate: 5_000_000)
        #expect(decision.reason == .stay)
    }

    @Test func peakAndResolutionCapsLimitTheChoice() {
        var peak = controller()
        #expect(
            select(&peak, buffer: .zero, estimate: 10_000_000, caps: AdaptiveCaps(peakBitRate: 1_000_000)).variantIndex
                == 1)
        var zero = controller()
        #expect(
            select(&zero, buffer: .zero, estimate: 10_000_000, caps: AdaptiveCaps(peakBitRate: 0)).variantIndex == 4)
        var resolution = controller()
        let sd = AdaptiveCaps(maximumResolution: Resolution(width: 960, height: 540))
        #expect(select(&resolution, buffer: .zero, estimate: 10_000_000, caps: sd).variantIndex == 2)
        var nothing = controller()
        #expect(
            select(&nothing, buffer: .zero, estimate: 10_000_000, caps: AdaptiveCaps(peakBitRate: 100_000)).variantIndex
                == 0)
    }

    @Test func viewportCapsAtTheSmallestVariantCoveringIt() {
        func choice(_ width: Int, _ height: Int) -> Int {
            var controller = controller()
            let caps = AdaptiveCaps(viewportSize: Resolution(width: width, height: height))
            return select(&controller, buffer: .zero, estimate: 10_000_000, caps: caps).variantIndex
        }
        #expect(choice(320, 180) == 0)
        #expect(choice(1000, 600) == 3)
        #expect(choice(1920, 1080) == 4)
        #expect(choice(4000, 3000) == 4)
    }

    @Test func variantsWithoutAResolutionPassResolutionCaps() throws {
        var controller = try #require(
            AdaptiveBitrateController(variants: [
                VariantCandidate(index: 0, bandwidth: 2_000_000),
                VariantCandidate(index: 1, bandwidth: 900_000, resolution: Resolution(width: 1920, height: 1080)),
            ]))
        let caps = AdaptiveCaps(maximumResolution: Resolution(width: 320, height: 180))
        #expect(select(&controller, buffer: .zero, estimate: 10_000_000, caps: caps).variantIndex == 0)
    }

    @Test func capsTakeEffectAtOnceOnTheCurrentVariant() {
        var controller = controller(at: 4)
        let window = AdaptiveCaps(viewportSize: Resolution(width: 320, height: 180))
        #expect(
            select(&controller, buffer: .seconds(28), estimate: 10_000_000, caps: window)
                == ABRDecision(variantIndex: 0, reason: .capped))
    }

    @Test func aPinWinsOverBandwidthAndCaps() {
        var controller = controller(at: 1)
        let caps = AdaptiveCaps(peakBitRate: 1_000_000)
        #expect(
            select(&controller, buffer: .zero, estimate: 100_000, caps: caps, pin: 4)
                == ABRDecision(variantIndex: 4, reason: .pinned))
        #expect(select(&controller, buffer: .seconds(5), estimate: 100_000, pin: 99).reason == .down)
    }

    @Test func anExcludedVariantFailsOverAndComesBackWhenTheExclusionEnds() {
        var controller = controller(at: 3)
        controller.excludeVariant(3, at: .seconds(10))
        #expect(
            select(&controller, buffer: .seconds(15), estimate: 5_000_000, at: .seconds(11))
                == ABRDecision(variantIndex: 2, reason: .failover))
        #expect(select(&controller, buffer: .seconds(15), estimate: 5_000_000, at: .seconds(69)).reason == .stay)
        #expect(
            select(&controller, buffer: .seconds(15), estimate: 5_000_000, at: .seconds(70))
                == ABRDecision(variantIndex: 3, reason: .up))
    }

    @Test func anExcludedPinFailsOver() {
        var controller = controller(at: 4)
        controller.excludeVariant(4, at: .zero)
        let decision = select(&controller, buffer: .seconds(15), estimate: 5_000_000, pin: 4)
        #expect(decision == ABRDecision(variantIndex: 3, reason: .failover))
    }

    @Test func allExcludedNamesTheFirstToComeBack() {
        var controller = controller(at: 2)
        for index in 0..<5 { controller.excludeVariant(index, at: .seconds(Int64(10 - index))) }
        #expect(
            select(&controller, buffer: .seconds(5), estimate: 5_000_000, at: .seconds(20))
                == ABRDecision(variantIndex: 4, reason: .allExcluded(until: .seconds(66))))
    }

    @Test func exclusionsKeepTheLaterDeadlineAndEndOnTheirOwn() {
        var exclusions = VariantExclusions()
        exclusions.exclude(1, until: .seconds(10))
        exclusions.exclude(1, until: .seconds(5))
        #expect(exclusions.isExcluded(1, at: .seconds(9)))
        #expect(!exclusions.isExcluded(1, at: .seconds(10)))
        #expect(exclusions.deadline(of: 1, at: .zero) == .seconds(10))
        #expect(!exclusions.isExcluded(2, at: .zero))
        exclusions.include(1)
        #expect(!exclusions.isExcluded(1, at: .zero))
    }
}
