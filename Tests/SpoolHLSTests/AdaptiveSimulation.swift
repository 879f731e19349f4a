import SpoolHLS

/// A deterministic model of a player fetching an endless VOD stream over a network whose rate
/// follows a trace, driven by the adaptive rules exactly as the HLS engine drives them:
/// one download at a time while the buffer is below the forward buffer target, the
/// abandonment check every tick while playing, partial downloads fed to the estimator on
/// abandonment. Time advances in fixed ticks; nothing is random.
struct NetworkSimulation {
    /// The variants, each with segments exactly `bandwidth × segmentDuration` in size.
    var ladder: [VariantCandidate]
    var segmentDuration: Duration
    /// The network's rate in bits per second at a time in seconds.
    var rate: (Double) -> Double
    var length: Duration
    /// Time from sending a request to the first byte.
    var requestLatency: Duration = .milliseconds(20)
    var configuration = ABRConfiguration()
    var caps = AdaptiveCaps.none
    var tick: Duration = .milliseconds(10)
    /// What a segment really weighs as a fraction of its variant's `downloadRate`: below 1 for a
    /// ladder whose BANDWIDTH is a peak.
    var segmentSizeFraction = 1.0
    /// Whether fetched segments are reported to the controller (`recordSegment`), as the HLS
    /// engine does.
    var reportsSegments = true

    /// The classic test ladder: 400k, 800k, 1.5M, 3M, 6M with 360p…1080p.
    static let ladder: [VariantCandidate] = [
        (400_000, 416, 234), (800_000, 640, 360), (1_500_000, 960, 540), (3_000_000, 1280, 720),
        (6_000_000, 1920, 1080),
    ].enumerated().map { index, rung in
        VariantCandidate(index: index, bandwidth: rung.0, resolution: Resolution(width: rung.1, height: rung.2))
    }

    func run() -> SimulationResult {
        var world = SimulationWorld(simulation: self)
        while world.now < microseconds(length) { world.step() }
        return world.result
    }

    func microseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    }
}

/// What a simulation measured.
struct SimulationResult {
    /// Times the buffer ran dry after playback had started.
    var stalls = 0
    /// Time spent stalled after playback had started, in seconds.
    var stallSeconds = 0.0
    /// When playback started, in seconds.
    var startupSeconds: Double?
    /// The bandwidth of each completed segment, in download order.
    var segmentBitrates: [Int] = []
    /// Every decision, in order.
    var decisions: [ABRDecision] = []
    /// When each decision was made, in seconds.
    var decisionTimes: [Double] = []
    var abandonments = 0
    /// Bitrate integrated over playback time, and playback time (seconds).
    var playedBitSeconds = 0.0
    var playedSeconds = 0.0
    /// The best sustainable bitrate (the highest variant below the network's rate) integrated
    /// over the whole run, and the run's length (seconds).
    var sustainableBitSeconds = 0.0
    var lengthSeconds = 0.0

    /// Changes of variant between consecutive completed segments.
    var switches: Int { zip(segmentBitrates, segmentBitrates.dropFirst()).filter { $0 != $1 }.count }
    /// Time-weighted mean bitrate of what was played.
    var meanPlayedBitrate: Double { playedSeconds > 0 ? playedBitSeconds / playedSeconds : 0 }
    /// Time-weighted mean of the best sustainable variant's bitrate.
    var meanSustainableBitrate: Double { lengthSeconds > 0 ? sustainableBitSeconds / lengthSeconds : 0 }
    /// Played mean over sustainable mean.
    var efficiency: Double { meanPlayedBitrate / meanSustainableBitrate }

    var summary: String {
        let mean = Int(meanPlayedBitrate / 1000)
        let best = Int(meanSustainableBitrate / 1000)
        let startup = startupSeconds.map { "\($0)" } ?? "never"
        return "stalls \(stalls) (\(stallSeconds) s), switches \(switches), abandonments \(abandonments), "
            + "mean \(mean) kb/s of \(best) kb/s (\(Int((efficiency * 100).rounded()))%), startup \(startup) s, "
            + "first \(segmentBitrates.first ?? 0)"
    }
}

/// The mutable state of one run.
private struct SimulationWorld {
    struct Download {
        var variant: VariantCandidate
        var requestedAt: Int
        var latencyLeft: Int
        var bitsReceived = 0.0
        var bitsTotal: Double
    }

    let simulation: NetworkSimulation
    let tick: Int
    let segment: Int
    let target: Int
    var now = 0
    var estimator = ThroughputEstimator()
    var controller: AdaptiveBitrateController
    var buffer: [(bitrate: Int, remaining: Int)] = []
    var buffered = 0
    var playing = false
    var download: Download?
    var result = SimulationResult()

    init(simulation: NetworkSimulation) {
        self.simulation = simulation
        tick = simulation.microseconds(simulation.tick)
        segment = simulation.microseconds(simulation.segmentDuration)
        target = simulation.microseconds(
            simulation.configuration.forwardBufferTarget(segmentDuration: simulation.segmentDuration))
        controller = AdaptiveBitrateController(variants: simulation.ladder, configuration: simulation.configuration)!
        result.lengthSeconds = Double(simulation.microseconds(simulation.length)) / 1e6
    }

    var nowDuration: Duration { .microseconds(now) }
    var bufferedDuration: Duration { .microseconds(buffered) }

    mutating func step() {
        let tickSeconds = Double(tick) / 1e6
        let networkRate = simulation.rate(Double(now) / 1e6)
        let sustainable =
            simulation.ladder.filter { Double($0.downloadRate) * simulation.segmentSizeFraction < networkRate }
            .map(\.bandwidth).max() ?? 0
        result.sustainableBitSeconds += Double(sustainable) * tickSeconds

        if download == nil && buffered < target {
            let decision = controller.selectVariant(
                at: nowDuration, bufferedAhead: bufferedDuration, segmentDuration: simulation.segmentDuration,
                estimate: estimator.estimate, caps: simulation.caps)
            result.decisions.append(decision)
            result.decisionTimes.append(Double(now) / 1e6)
            start(decision.variantIndex)
        }
        transfer(networkRate * tickSeconds)
        play()
        now += tick
    }

    mutating func start(_ index: Int) {
        let variant = simulation.ladder.first { $0.index == index }!
        download = Download(
            variant: variant, requestedAt: now, latencyLeft: simulation.microseconds(simulation.requestLatency),
            bitsTotal: (Double(variant.expectedBytes(forSegmentOf: simulation.segmentDuration))
                * simulation.segmentSizeFraction).rounded() * 8)
    }

    mutating func transfer(_ bits: Double) {
        guard var current = download else { return }
        if current.latencyLeft > 0 {
            current.latencyLeft -= tick
        } else {
            current.bitsReceived += bits
        }
        let elapsed = now + tick - current.requestedAt
        if current.bitsReceived >= current.bitsTotal {
            estimator.addSample(bytes: Int(current.bitsTotal / 8), transferDuration: .microseconds(elapsed))
            if simulation.reportsSegments {
                controller.recordSegment(
                    variantIndex: current.variant.index, bytes: Int(current.bitsTotal / 8),
                    duration: simulation.segmentDuration)
            }
            buffer.append((current.variant.bandwidth, segment))
            buffered += segment
            result.segmentBitrates.append(current.variant.bandwidth)
            download = nil
            return
        }
        download = current
        guard playing else { return }
        let progress = SegmentDownloadProgress(
            variantIndex: current.variant.index, segmentDuration: simulation.segmentDuration,
            bytesReceived: Int(current.bitsReceived / 8), elapsed: .microseconds(elapsed))
        if let abandon = controller.checkAbandonment(
            of: progress, at: nowDuration, bufferedAhead: bufferedDuration, estimate: estimator.estimate)
        {
            estimator.addSample(bytes: progress.bytesReceived, transferDuration: progress.elapsed)
            result.decisions.append(abandon)
            result.decisionTimes.append(Double(now) / 1e6)
            result.abandonments += 1
            start(abandon.variantIndex)
        }
    }

    mutating func play() {
        guard playing else {
            if result.startupSeconds != nil { result.stallSeconds += Double(tick) / 1e6 }
            if buffered >= segment {
                playing = true
                if result.startupSeconds == nil { result.startupSeconds = Double(now) / 1e6 }
            }
            return
        }
        var left = tick
        while left > 0, !buffer.isEmpty {
            let used = min(left, buffer[0].remaining)
            result.playedBitSeconds += Double(buffer[0].bitrate) * Double(used) / 1e6
            result.playedSeconds += Double(used) / 1e6
            buffer[0].remaining -= used
            buffered -= used
            left -= used
            if buffer[0].remaining == 0 { buffer.removeFirst() }
        }
        if buffered == 0 {
            playing = false
            result.stalls += 1
        }
    }
}
