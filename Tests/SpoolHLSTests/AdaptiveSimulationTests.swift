import SpoolHLS
import Testing

/// The done-when targets of the adaptive rules, proved on the deterministic network model:
/// no stalls, at least 85% of the best sustainable bitrate, fewer than one switch per 20 s on
/// a steady network, a quick start at a low-middle variant, and recovery after an outage.
@Suite struct AdaptiveSimulationTests {
    static let steady3M: @Sendable (Double) -> Double = { _ in 3_000_000 }
    static let step6to1_5to6: @Sendable (Double) -> Double = { t in t < 60 || t >= 120 ? 6_000_000 : 1_500_000 }
    static let outage2s: @Sendable (Double) -> Double = { t in t >= 60 && t < 62 ? 0 : 3_000_000 }

    func simulate(
        _ rate: @escaping (Double) -> Double, seconds: Int, segment: Duration, caps: AdaptiveCaps = .none
    ) -> SimulationResult {
        let simulation = NetworkSimulation(
            ladder: NetworkSimulation.ladder, segmentDuration: segment, rate: rate, length: .seconds(seconds),
            caps: caps)
        return simulation.run()
    }

    @Test(arguments: [4, 2])
    func steadyNetworkPlaysTheBestSustainableVariantWithoutStallsOrFlapping(segmentSeconds: Int) {
        let result = simulate(Self.steady3M, seconds: 300, segment: .seconds(segmentSeconds))
        print("steady 3 Mb/s, \(segmentSeconds) s segments: \(result.summary)")
        #expect(result.stalls == 0)
        #expect(result.efficiency >= 0.85)
        #expect(result.switches * 20 < 300)
        #expect(result.segmentBitrates.first == 800_000)
        #expect((result.startupSeconds ?? .infinity) < 2)
        #expect(result.segmentBitrates.suffix(20).allSatisfy { $0 == 1_500_000 })
    }

    @Test(arguments: [4, 2])
    func stepDownAndUpFollowsTheNetworkWithoutStalls(segmentSeconds: Int) {
        let result = simulate(Self.step6to1_5to6, seconds: 180, segment: .seconds(segmentSeconds))
        print("step 6 -> 1.5 -> 6 Mb/s, \(segmentSeconds) s segments: \(result.summary)")
        #expect(result.stalls == 0)
        #expect(result.efficiency >= 0.85)
        #expect(result.segmentBitrates.contains(800_000))
        #expect(result.segmentBitrates.suffix(5).allSatisfy { $0 == 3_000_000 })
    }

    @Test(arguments: [4, 2])
    func twoSecondOutageCausesNoStallAndPlaybackRecovers(segmentSeconds: Int) {
        let result = simulate(Self.outage2s, seconds: 180, segment: .seconds(segmentSeconds))
        print("2 s outage at 3 Mb/s, \(segmentSeconds) s segments: \(result.summary)")
        #expect(result.stalls == 0)
        #expect(result.efficiency >= 0.85)
        #expect(result.segmentBitrates.suffix(10).allSatisfy { $0 == 1_500_000 })
    }

    @Test func outageDuringStartupRecovers() {
        let early: (Double) -> Double = { t in t >= 3 && t < 5 ? 0 : 3_000_000 }
        let result = simulate(early, seconds: 120, segment: .seconds(4))
        print("2 s outage at 3 s, 4 s segments: \(result.summary)")
        #expect(result.stallSeconds < 3)
        #expect(result.segmentBitrates.suffix(10).allSatisfy { $0 == 1_500_000 })
    }

    @Test func aTenfoldDropWithLittleBufferedCausesNoStall() {
        let result = simulate({ t in t < 12 ? 6_000_000 : 600_000 }, seconds: 180, segment: .seconds(4))
        print("drop 6 -> 0.6 Mb/s at 12 s, 4 s segments: \(result.summary)")
        #expect(result.stalls == 0)
        #expect(result.segmentBitrates.suffix(10).allSatisfy { $0 == 400_000 })
    }

    @Test func anOscillatingNetworkDoesNotMakeTheVariantFlap() {
        let result = simulate(
            { t in Int(t / 10) % 2 == 0 ? 2_000_000 : 4_000_000 }, seconds: 300, segment: .seconds(4))
        print("2/4 Mb/s alternating every 10 s, 4 s segments: \(result.summary)")
        #expect(result.stalls == 0)
        #expect(result.switches * 20 < 300)
        #expect(result.meanPlayedBitrate >= 0.85 * 1_500_000)
    }

    @Test func viewportCapHoldsEvenWithAmpleBandwidth() {
        let result = simulate(
            { _ in 50_000_000 }, seconds: 60, segment: .seconds(4),
            caps: AdaptiveCaps(viewportSize: Resolution(width: 320, height: 180)))
        #expect(Set(result.segmentBitrates) == [400_000])
    }
}
