import SpoolHLS
import Testing

/// The throughput estimator: byte-weighted sliding median, tiny downloads, clamping.
@Suite struct AdaptiveEstimatorTests {
    @Test func noEstimateBeforeACountedDownload() {
        var estimator = ThroughputEstimator()
        #expect(estimator.estimate == nil)
        estimator.addSample(bytes: 10_000, transferDuration: .milliseconds(100))
        estimator.addSample(bytes: 100_000, transferDuration: .zero)
        #expect(estimator.estimate == nil)
        #expect(estimator.sampleCount == 0)
    }

    @Test func oneDownloadGivesItsThroughput() {
        var estimator = ThroughputEstimator()
        estimator.addSample(bytes: 1_000_000, transferDuration: .seconds(2))
        #expect(estimator.estimate == 4_000_000)
    }

    @Test func estimateIsTheByteWeightedMedian() {
        var estimator = ThroughputEstimator()
        estimator.addSample(bytes: 500_000, transferDuration: .seconds(1))  // 4 Mb/s
        estimator.addSample(bytes: 500_000, transferDuration: .seconds(2))  // 2 Mb/s
        estimator.addSample(bytes: 500_000, transferDuration: .milliseconds(500))  // 8 Mb/s
        #expect(estimator.estimate == 4_000_000)
        // 1.2 MB at 1 Mb/s outweighs the rest of the 2 MB window (0.8 MB).
        estimator.addSample(bytes: 1_200_000, transferDuration: .milliseconds(9600))
        #expect(estimator.estimate == 1_000_000)
    }

    @Test func aLoneSlowDownloadDoesNotMoveTheMedian() {
        var estimator = ThroughputEstimator()
        for _ in 0..<3 { estimator.addSample(bytes: 500_000, transferDuration: .seconds(1)) }
        estimator.addSample(bytes: 500_000, transferDuration: .seconds(4))  // spanned an outage
        #expect(estimator.estimate == 4_000_000)
    }

    @Test func aChangeShowsOnceMostOfTheWindowSawIt() {
        var estimator = ThroughputEstimator()
        estimator.addSample(bytes: 1_500_000, transferDuration: .seconds(12))  // 1 Mb/s
        estimator.addSample(bytes: 1_500_000, transferDuration: .milliseconds(1200))  // 10 Mb/s
        #expect(estimator.estimate == 10_000_000)
        var small = ThroughputEstimator()
        small.addSample(bytes: 1_500_000, transferDuration: .seconds(12))
        small.addSample(bytes: 400_000, transferDuration: .milliseconds(320))
        #expect(small.estimate == 1_000_000)
        small.addSample(bytes: 400_000, transferDuration: .milliseconds(320))
        small.addSample(bytes: 400_000, transferDuration: .milliseconds(320))
        #expect(small.estimate == 10_000_000)
    }

    @Test func tinyDownloadsDoNotSwingTheEstimate() {
        var estimator = ThroughputEstimator()
        for _ in 0..<4 { estimator.addSample(bytes: 750_000, transferDuration: .seconds(2)) }  // 3 Mb/s
        // Latency-bound small downloads (20 kB in 320 ms: 0.5 Mb/s), counted but light.
        for _ in 0..<10 { estimator.addSample(bytes: 20_000, transferDuration: .milliseconds(320)) }
        #expect(estimator.estimate == 3_000_000)
        // Below the minimum they are not counted at all.
        let counted = estimator.sampleCount
        for _ in 0..<100 { estimator.addSample(bytes: 8_000, transferDuration: .seconds(1)) }
        #expect(estimator.sampleCount == counted)
        #expect(estimator.estimate == 3_000_000)
    }

    @Test func instantTransfersAreClampedToTheMinimumDuration() {
        var estimator = ThroughputEstimator()
        estimator.addSample(bytes: 100_000, transferDuration: .milliseconds(1))
        #expect(estimator.estimate == 80_000_000)
    }
}
