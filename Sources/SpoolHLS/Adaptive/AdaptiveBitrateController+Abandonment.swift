extension AdaptiveBitrateController {
    /// Whether to abandon an in-flight download and fetch the same segment from a lower
    /// variant: `nil` to keep downloading, else a `.abandon` decision (which becomes the
    /// current variant). Call it periodically while playing, e.g. every few hundred
    /// milliseconds, and on abandoning feed the partial download to the estimator so the next
    /// decision sees the slower network.
    ///
    /// The rule (hls.js's): the download continues while, at its own rate so far, it arrives
    /// before the buffer runs dry. Otherwise the choice is the highest lower variant whose
    /// whole segment, at `abandonmentRateFraction` of that rate, arrives in time, else the
    /// lowest; and only if that is sooner than finishing the current download. Never before
    /// `minimumElapsedBeforeAbandoning`, never from the lowest usable variant. Before the first
    /// byte, the rate is `estimate` (or the default estimate).
    public mutating func checkAbandonment(
        of download: SegmentDownloadProgress, at now: Duration, bufferedAhead: Duration, estimate: Int?
    ) -> ABRDecision? {
        guard download.elapsed >= configuration.minimumElapsedBeforeAbandoning,
            let currentRank = rank(of: download.variantIndex)
        else { return nil }
        let lower = variants[..<currentRank].filter { !exclusions.isExcluded($0.index, at: now) }
        guard let lowest = lower.first else { return nil }

        let current = variants[currentRank]
        let expected = download.expectedBytes ?? current.expectedBytes(forSegmentOf: download.segmentDuration)
        let remainingBits = Double(max(expected - download.bytesReceived, 0)) * 8
        let rate =
            download.bytesReceived > 0
            ? Double(download.bytesReceived) * 8 / download.elapsed.timeInterval
            : Double(estimate ?? configuration.defaultBandwidthEstimate)
        guard rate > 0 else { return nil }
        let finishSeconds = remainingBits / rate
        let bufferSeconds = bufferedAhead.timeInterval
        guard finishSeconds > bufferSeconds else { return nil }

        let lowerRate = rate * configuration.abandonmentRateFraction
        func fetchSeconds(_ candidate: VariantCandidate) -> Double {
            Double(candidate.expectedBytes(forSegmentOf: download.segmentDuration)) * 8 / lowerRate
        }
        let replacement = lower.last { fetchSeconds($0) < bufferSeconds } ?? lowest
        guard fetchSeconds(replacement) < finishSeconds else { return nil }
        return commit(replacement.index, .abandon)
    }
}
