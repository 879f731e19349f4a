import SpoolHLS
import Testing

/// The hybrid rule (issue 13 item 5): a rung the link sustains is reached once the buffer is
/// healthy, though it is above 0.7 of the estimate or declares only its peak; a collapse
/// switches down at once; a steady link does not make the choice flap. Deterministic: the
/// network model in AdaptiveSimulation and the controller on injected buffer levels.
@Suite struct AdaptiveHybridTests {
    /// The ladder of the issue's measurement (ffmpeg-written, BANDWIDTH only): 0.44, 0.99,
    /// 2.86 and 5.61 Mb/s.
    static let issueLadder = ladder([440_000, 990_000, 2_860_000, 5_610_000])
    /// Rungs at 60, 70, 80 and 95 % of a 4 Mb/s link.
    static let nearLinkLadder = ladder([2_400_000, 2_800_000, 3_200_000, 3_800_000])

    static func ladder(_ rates: [Int]) -> [VariantCandidate] {
        rates.enumerated().map { VariantCandidate(index: $0.offset, bandwidth: $0.element) }
    }

    func simulate(
        _ ladder: [VariantCandidate], rate: @escaping (Double) -> Double, seconds: Int = 120,
        segment: Duration = .seconds(2), sizeFraction: Double = 1, reportsSegments: Bool = true
    ) -> SimulationResult {
        var simulation = NetworkSimulation(
            ladder: ladder, segmentDuration: segment, rate: rate, length: .seconds(seconds))
        simulation.segmentSizeFraction = sizeFraction
        simulation.reportsSegments = reportsSegments
        return simulation.run()
    }

    // MARK: On the network model

    @Test(arguments: [2, 4])
    func aSteadyFourMegabitLinkReachesTheRungThatFits(segmentSeconds: Int) {
        let result = simulate(Self.issueLadder, rate: { _ in 4_000_000 }, segment: .seconds(segmentSeconds))
        print("issue ladder, steady 4 Mb/s, \(segmentSeconds) s segments: \(result.summary)")
        #expect(result.stalls == 0)
        // The old throughput-only rule stays at 0.99 (2.86 is 72 % of the link, over 0.7).
        #expect(result.segmentBitrates.suffix(15).allSatisfy { $0 == 2_860_000 })
        #expect(result.efficiency >= 0.9)
    }

    @Test(arguments: [2, 4])
    func rungsAtSixtyToNinetyFivePercentOfTheLinkReachTheBestSustainable(segmentSeconds: Int) {
        let result = simulate(Self.nearLinkLadder, rate: { _ in 4_000_000 }, segment: .seconds(segmentSeconds))
        print("60–95 % ladder, steady 4 Mb/s, \(segmentSeconds) s segments: \(result.summary)")
        #expect(result.stalls == 0)
        #expect(result.segmentBitrates.suffix(15).allSatisfy { $0 == 3_800_000 })
        #expect(result.efficiency >= 0.9)
    }

    @Test func aPeakOnlyLadderIsMeasuredAtItsRealRate() {
        // BANDWIDTH 1, 2, 4.4 and 8 Mb/s, but segments weigh 75 % of it: 4.4 (3.3 real) fits
        // 4 Mb/s. Taken at its peak it never would, so without the segment sizes the choice
        // stays at 2.
        let ladder = Self.ladder([1_000_000, 2_000_000, 4_400_000, 8_000_000])
        let measured = simulate(ladder, rate: { _ in 4_000_000 }, sizeFraction: 0.75)
        print("peak-only ladder at 75 %, steady 4 Mb/s: \(measured.summary)")
        #expect(measured.stalls == 0)
        #expect(measured.segmentBitrates.suffix(15).allSatisfy { $0 == 4_400_000 })
        let unmeasured = simulate(ladder, rate: { _ in 4_000_000 }, sizeFraction: 0.75, reportsSegments: false)
        #expect(unmeasured.segmentBitrates.suffix(15).allSatisfy { $0 == 2_000_000 })
    }

    @Test(arguments: [2, 4])
    func aDropFromEightToOneAndAHalfMegabitsSwitchesDownWithinTwoSegments(segmentSeconds: Int) {
        let result = simulate(
            Self.issueLadder, rate: { $0 < 60 ? 8_000_000 : 1_500_000 }, seconds: 150,
            segment: .seconds(segmentSeconds))
        print("issue ladder, 8 -> 1.5 Mb/s at 60 s, \(segmentSeconds) s segments: \(result.summary)")
        #expect(result.stalls == 0)
        let timed = Array(zip(result.decisionTimes, result.decisions))
        let before = timed.last { $0.0 < 60 }?.1.variantIndex ?? 0
        let after = timed.filter { $0.0 >= 60 }.map(\.1.variantIndex)
        // Requests after the drop still made at the old variant or higher: at most one (the
        // one whose slow download tells the estimator).
        let late = after.prefix { $0 >= before }.count
        #expect(before == 3)
        #expect(late <= 1, "\(after.prefix(6))")
        #expect(after.last == 1)
    }

    @Test(arguments: [1_200_000, 2_000_000, 3_300_000, 4_000_000, 6_500_000])
    func aSteadyLinkClimbsToTheBestSustainableAndStaysThere(bitsPerSecond: Int) {
        let result = simulate(Self.issueLadder, rate: { _ in Double(bitsPerSecond) }, seconds: 300)
        print("issue ladder, steady \(bitsPerSecond) b/s: \(result.summary)")
        // Every link here has its best rung at 82–87 % of it.
        let best = Self.issueLadder.map(\.bandwidth).filter { Double($0) < Double(bitsPerSecond) * 0.9 }.max()
        #expect(result.stalls == 0)
        #expect(result.segmentBitrates.last == best)
        // Only ever up: no oscillation, a switch per rung climbed at most.
        #expect(zip(result.segmentBitrates, result.segmentBitrates.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(result.switches <= 3)
    }

    // MARK: On the controller, buffer level injected

    let segment = Duration.seconds(2)

    func controller(at index: Int, ladder: [VariantCandidate] = issueLadder) -> AdaptiveBitrateController {
        var controller = AdaptiveBitrateController(variants: ladder)!
        _ = controller.selectVariant(
            at: .zero, bufferedAhead: .zero, segmentDuration: segment, estimate: nil, pinnedIndex: index)
        return controller
    }

    func select(_ controller: inout AdaptiveBitrateController, buffer: Duration, estimate: Int?) -> ABRDecision {
        controller.selectVariant(at: .seconds(1), bufferedAhead: buffer, segmentDuration: segment, estimate: estimate)
    }

    @Test func aHealthyBufferLiftsToARungTheEstimateSustains() {
        // 2.86 is 72 % of 4 Mb/s: out of the throughput rule's 0.7.
        var low = controller(at: 1)
        #expect(select(&low, buffer: .milliseconds(1500), estimate: 4_000_000).reason == .stay)
        var healthy = controller(at: 1)
        #expect(
            select(&healthy, buffer: .seconds(12), estimate: 4_000_000) == ABRDecision(variantIndex: 2, reason: .up))
        // 5.61 is over 0.97 of 4 Mb/s however full the buffer.
        #expect(select(&healthy, buffer: .seconds(29), estimate: 4_000_000).reason == .stay)
        // Without an estimate the buffer lifts nothing.
        var unknown = controller(at: 1)
        #expect(select(&unknown, buffer: .seconds(29), estimate: nil).reason == .stay)
    }

    @Test func theBufferMustReachAVariantsLevelBeforeItIsChosen() {
        // The near-link ladder's levels run from one segment (2 s) to 2 + 2 × 2 = 6 s.
        var controller = controller(at: 0, ladder: Self.nearLinkLadder)
        #expect(select(&controller, buffer: .seconds(3), estimate: 4_000_000).variantIndex == 1)
        #expect(select(&controller, buffer: .seconds(6), estimate: 4_000_000).variantIndex == 3)
    }

    @Test func aCollapseSwitchesDownAtOnceWhateverIsBuffered() {
        var controller = controller(at: 3)
        // 5.61 needs 3.7 × 1.5 Mb/s: the full-buffer hold gives way; 0.99 fits 0.9 of it.
        #expect(
            select(&controller, buffer: .seconds(28), estimate: 1_500_000)
                == ABRDecision(variantIndex: 1, reason: .down))
    }

    @Test func aSlightlyTooHighRungIsKeptWhileTheBufferLasts() {
        // 2.86 at 2.5 Mb/s (1.14×): the buffer drains slowly, and BOLA keeps the rung while the
        // buffer stays at its level (3.6 s here); the throughput rule alone would go down.
        var controller = controller(at: 2)
        #expect(select(&controller, buffer: .seconds(20), estimate: 2_500_000).reason == .stay)
        #expect(select(&controller, buffer: .seconds(3), estimate: 2_500_000).reason == .down)
    }

    @Test func theMeasuredRateOfAPeakOnlyVariantDecides() {
        let ladder = Self.ladder([1_000_000, 2_000_000, 4_400_000, 8_000_000])
        var controller = controller(at: 1, ladder: ladder)
        #expect(select(&controller, buffer: .seconds(20), estimate: 4_000_000).reason == .stay)
        // Segments of 2 Mb/s weigh 1.5 Mb/s: 4.4 is taken as 3.3 and fits.
        for _ in 0..<3 { controller.recordSegment(variantIndex: 1, bytes: 375_000, duration: segment) }
        #expect(
            select(&controller, buffer: .seconds(20), estimate: 4_000_000) == ABRDecision(variantIndex: 2, reason: .up))
    }

    // MARK: The parts

    @Test func bufferLevelsRunFromLowToHighFollowingTheUtilities() {
        let rule = BufferLevelRule(
            rates: [440_000, 990_000, 2_860_000, 5_610_000], low: .seconds(2), high: .seconds(6))
        #expect(rule.levels.first == .zero)
        #expect(rule.levels[1] == .seconds(2))
        #expect(rule.levels.last == .seconds(6))
        #expect(rule.levels[2] > .seconds(2) && rule.levels[2] < .seconds(6))
        #expect(rule.choice(at: .seconds(1)) == 0)
        #expect(rule.choice(at: .seconds(2)) == 1)
        #expect(rule.choice(at: .seconds(30)) == 3)
        #expect(BufferLevelRule(rates: [1, 2], low: .seconds(2), high: .seconds(6)).levels == [.zero, .seconds(2)])
    }

    @Test func variantRatesAreAverageThenMeasuredThenScaledPeaks() {
        let variants = [
            VariantCandidate(index: 0, bandwidth: 1_000_000),
            VariantCandidate(index: 1, bandwidth: 2_000_000),
            VariantCandidate(index: 2, bandwidth: 4_000_000, averageBandwidth: 3_000_000),
        ]
        var history = VariantRateHistory(variants: variants)
        #expect(history.rate(of: variants[1]) == 2_000_000)
        history.record(variantIndex: 0, bytes: 200_000, duration: .seconds(2))  // 0.8 Mb/s: 80 % of its peak
        #expect(history.rate(of: variants[0]) == 800_000)
        #expect(history.rate(of: variants[1]) == 1_600_000)
        #expect(history.rate(of: variants[2]) == 3_000_000)
        // A nearly empty segment does not make a variant look free.
        history.record(variantIndex: 1, bytes: 1_000, duration: .seconds(2))
        #expect(history.rate(of: variants[1]) == 1_000_000)
    }
}
