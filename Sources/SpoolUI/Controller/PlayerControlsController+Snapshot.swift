import Foundation
import Spool

/// The player read into the plain values the model takes.
extension PlayerControlsController {
    /// The player as the overlay shows it.
    func snapshot() -> PlaybackSnapshot {
        var snapshot = PlaybackSnapshot(
            rate: player.defaultRate, volume: player.volume, isMuted: player.isMuted, isFullScreen: isFullScreen,
            isPictureInPicturePossible: isPictureInPicturePossible, isPictureInPictureActive: isPictureInPictureActive)
        snapshot.hasNextItem = nextItemHandler != nil || ((player as? QueuePlayer)?.items().count ?? 0) > 1
        snapshot.hasPreviousItem = previousItemHandler != nil
        snapshot.audioOutputs = audioOutputDevices.map(\.description)
        let playingOn = player.audioSession.currentOutput ?? routedDeviceName
        snapshot.selectedAudioOutputIndex =
            audioOutputDevices.firstIndex { $0.name == playingOn } ?? audioOutputDevices.firstIndex(where: \.isDefault)
        guard let item = player.currentItem else { return snapshot }
        snapshot.phase = phase(of: item)
        let now = player.currentTime()
        snapshot.currentTime = pendingSeekTarget ?? (now.isNumeric ? now.seconds : 0)
        snapshot.duration = item.duration.isNumeric ? item.duration.seconds : nil
        snapshot.isLive = item.status == .readyToPlay && item.duration.isIndefinite
        snapshot.seekableRange = item.seekableTimeRanges.last.flatMap(Self.seconds(of:))
        snapshot.loadedRanges = item.loadedTimeRanges.compactMap(Self.seconds(of:))
        addInterstitials(to: &snapshot, item: item)
        let details = details[item.id]
        snapshot.markers += (details?.chapters ?? []).compactMap { chapter in
            let start = chapter.timeRange.start
            return start.isNumeric ? TimelineMarker(time: start.seconds, kind: .chapter, title: chapter.title) : nil
        }
        snapshot.markers += loopPoints.map { TimelineMarker(time: $0, kind: .loopPoint) }
        snapshot.title = details?.title ?? item.asset.url.lastPathComponent
        snapshot.artist = details?.artist
        snapshot.isAudioOnly = item.status == .readyToPlay && !item.tracks.contains { $0.kind == .video }
        if let legible = details?.group(.legible) {
            snapshot.subtitleOptions = legible.options.map(\.displayName)
            snapshot.selectedSubtitleIndex = item.currentMediaSelection.selectedMediaOption(in: legible).flatMap {
                legible.options.firstIndex(of: $0)
            }
        }
        let qualities = qualityChoices(of: item)
        snapshot.qualityOptions = qualities.map(\.title)
        snapshot.selectedQualityIndex = item.preferredVariantIndex.flatMap { pinned in
            qualities.firstIndex { $0.variantIndex == pinned }
        }
        if let audible = details?.group(.audible) {
            snapshot.audioOptions = audible.options.map(\.displayName)
            snapshot.selectedAudioIndex = item.currentMediaSelection.selectedMediaOption(in: audible).flatMap {
                audible.options.firstIndex(of: $0)
            }
        }
        return snapshot
    }

    /// The quality menu's rows for `item` (none for a file or a single variant).
    func qualityChoices(of item: PlayerItem) -> [QualityChoice] {
        let choices = QualityChoice.choices(
            from: details[item.id]?.variants ?? [], peakBitRate: item.preferredPeakBitRate,
            maximumResolution: item.preferredMaximumResolution)
        return choices.count > 1 ? choices : []
    }

    /// The primary item's breaks as timeline marks, and the break playing now.
    func addInterstitials(to snapshot: inout PlaybackSnapshot, item: PlayerItem) {
        guard let monitor = interstitialMonitor else { return }
        snapshot.markers += monitor.events.filter { $0.primaryItemID == item.id && $0.cue == .noCue }.map {
            TimelineMarker(time: $0.time.seconds, kind: .interstitial)
        }
        guard let event = monitor.currentEvent else { return }
        // The item playing is the event's asset: its end (or the playout limit) ends it.
        var end = item.duration.isNumeric ? item.duration.seconds : nil
        if event.playoutLimit.isNumeric { end = min(end ?? .infinity, event.playoutLimit.seconds) }
        let remaining = end.map { max($0 - snapshot.currentTime, 0) }
        let skippable = !event.restrictions.contains(.requiresPlaybackAtPreferredRateForAdvancement)
        snapshot.interstitial = InterstitialBreak(
            remaining: remaining, canSkip: skippable && monitor is PlayerInterstitialEventController,
            allowsSeeking: skippable)
    }

    func phase(of item: PlayerItem) -> PlaybackSnapshot.Phase {
        if let storeState, storeState.isState(of: item), let phase = phase(of: storeState, item: item) {
            return phase
        }
        if let error = item.error { return .failed(message: error.message) }
        if endedItemID == item.id && player.rate == 0 { return .ended }
        switch player.timeControlStatus {
        case .paused: return .paused
        case .playing: return .playing
        case .waitingToPlayAtSpecifiedRate: return .waiting
        }
    }

    /// The phase the store's `state` of `item` shows; nil where the store does not know yet
    /// (loading, ready), so the player's own status decides. A failure shows the item's own
    /// message when it has one (the player's words are the longer ones).
    func phase(of state: PlaybackState, item: PlayerItem) -> PlaybackSnapshot.Phase? {
        switch state {
        case .failed(_, let message): .failed(message: item.error?.message ?? message)
        case .ended: player.rate == 0 ? .ended : nil
        case .paused: .paused
        case .playing: .playing
        case .buffering: .waiting
        case .idle, .loading, .ready: nil
        }
    }

    static func seconds(of range: TimeRange) -> ClosedRange<Double>? {
        guard range.start.isNumeric, range.end.isNumeric, range.end >= range.start else { return nil }
        return range.start.seconds...range.end.seconds
    }
}
