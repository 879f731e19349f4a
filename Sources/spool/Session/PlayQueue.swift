import Foundation
import Spool

/// The inputs on `spool play`'s queue: each pass over them is queued with the options' item
/// preferences, `--loop` keeps the next pass queued, and `--keep-open` keeps the last item open
/// at its end.
@MainActor
final class PlayQueue: PlaySessionObserver {
    private let player: QueuePlayer
    private let options: PlayOptions
    private let names: PlayItemNames
    private let cues: PlayCueLogger
    private let statistics: PlayStatisticsCollector
    /// Passes still to queue after the ones queued so far (`--loop`); nil loops forever.
    private var loopsLeft: Int?
    /// The first item of the newest pass: when it becomes current, the next pass is queued.
    private var newestPassStart: ItemID?
    /// The first item ever queued (the first input, or what IPC queued first): where it starts
    /// is `PlayResumeRecorder.seekFirstItem`'s.
    private(set) var firstItem: ItemID?
    /// Set at quit: no pass is queued after it.
    var isQuitting = false

    /// Queues on `player`, naming items in `names` and handing each to `cues` and `statistics`.
    init(
        player: QueuePlayer, options: PlayOptions, names: PlayItemNames, cues: PlayCueLogger,
        statistics: PlayStatisticsCollector
    ) {
        self.player = player
        self.options = options
        self.names = names
        self.cues = cues
        self.statistics = statistics
        switch options.loop {
        case .times(let times): loopsLeft = times - 1
        case .forever: loopsLeft = nil
        }
    }

    /// Queues one pass over `inputs`.
    func enqueue(_ inputs: [String]) {
        newestPassStart = nil
        for input in inputs {
            let item = PlayerItem(url: ProbeCommand.location(of: input))
            item.preferredPeakBitRate = options.maxBitrate
            item.preferredMaximumResolution = options.maxResolution
            item.preferredForwardBufferDuration = options.bufferSeconds
            item.preferredVariantIndex = options.variant
            item.externalSubtitleURL = options.subtitlePath.map { URL(fileURLWithPath: $0) }
            cues.follow(item, named: input)
            item.limitsResolutionToViewport = options.limitsResolutionToViewport
            item.failsOnEarlyEnd = options.failsOnEarlyEnd
            names.add(item.id, input: input)
            statistics.track(item)
            if newestPassStart == nil { newestPassStart = item.id }
            if firstItem == nil { firstItem = item.id }
            player.insert(item, after: nil)
        }
        keepLastItemOpenIfAsked()
    }

    /// `--loop`: once the newest pass starts playing, the next one is queued behind it. A queue
    /// player that runs out pauses, so a pass queued only after the previous one emptied the
    /// queue would sit paused; queued ahead, the queue advances into it like into any next item.
    func handle(_ event: PlayerItemEvent) {
        guard case .currentItemChanged(let id) = event else { return }
        if let id, id == newestPassStart, !isQuitting, loopsLeft.map({ $0 > 0 }) ?? true {
            loopsLeft = loopsLeft.map { $0 - 1 }
            enqueue(options.inputs)
        }
        keepLastItemOpenIfAsked()
    }

    /// `--keep-open`: the last item pauses at its end instead of emptying the queue.
    private func keepLastItemOpenIfAsked() {
        guard options.keepsOpen else { return }
        player.actionAtItemEnd = player.items().count <= 1 ? .pause : .advance
    }
}
