import Spool

extension PlayerControlsController {
    /// Applies one of the model's actions: player actions to the player, view actions to
    /// `viewActionHandler`.
    public func apply(_ action: PlayerControlsAction) {
        switch action {
        case .play:
            player.play()
        case .pause:
            player.pause()
        case .replay:
            seek(to: 0, exact: true)
            player.play()
        case .seek(let seconds, let exact):
            seek(to: seconds, exact: exact)
        case .seekToLiveEdge:
            if let edge = player.currentItem?.seekableTimeRanges.last?.end, edge.isNumeric {
                seek(to: edge.seconds, exact: false)
            }
        case .setRate(let rate):
            player.defaultRate = rate
            if player.rate != 0 { player.rate = rate }
        case .setVolume(let volume):
            player.volume = volume
        case .setMuted(let muted):
            player.isMuted = muted
        case .selectSubtitle(let index):
            select(index, in: .legible)
        case .selectAudio(let index):
            select(index, in: .audible)
        case .selectAudioOutput(let index):
            routeAudio(toDeviceAt: index)
        case .selectQuality(let index):
            guard let item = player.currentItem else { return }
            let choices = qualityChoices(of: item)
            item.preferredVariantIndex = index.flatMap { choices.indices.contains($0) ? choices[$0].variantIndex : nil }
        case .previousItem:
            if let previousItemHandler { previousItemHandler() } else { seek(to: 0, exact: true) }
        case .nextItem:
            if let nextItemHandler {
                nextItemHandler()
            } else if let queue = player as? QueuePlayer {
                queue.advanceToNextItem()
            }
        case .retry:
            retry()
        case .skipInterstitial:
            if let controller = interstitialMonitor as? PlayerInterstitialEventController,
                let event = controller.currentEvent
            {
                controller.cancelCurrentEvent(withResumptionOffset: event.resumptionOffset)
            }
        case .toggleFullScreen, .exitFullScreen, .togglePictureInPicture, .quit:
            viewActionHandler?(action)
        }
    }

    private func seek(to seconds: Double, exact: Bool) {
        let tolerance: MediaTime = exact ? .zero : .positiveInfinity
        let target = max(seconds, 0)
        pendingSeekTarget = target
        player.seek(
            to: MediaTime(seconds: target, preferredTimescale: 1000), toleranceBefore: tolerance,
            toleranceAfter: tolerance
        ) { [weak self] _ in
            // Only the newest seek's end releases the label (an older one ends superseded).
            guard let self, self.pendingSeekTarget == target else { return }
            self.pendingSeekTarget = nil
            self.refresh()
        }
    }

    private func routeAudio(toDeviceAt index: Int) {
        guard audioOutputDevices.indices.contains(index) else { return }
        let name = audioOutputDevices[index].name
        routedDeviceName = name
        let session = player.audioSession
        Task { [weak self] in
            do {
                try await session.routeOutput(toDevice: name)
            } catch {
                // The device went away meanwhile: show the list as the server has it now.
                self?.routedDeviceName = nil
                self?.reloadAudioOutputs()
            }
            self?.refresh()
        }
    }

    private func select(_ index: Int?, in characteristic: MediaCharacteristic) {
        guard let item = player.currentItem else { return }
        let asset = item.asset
        Task {
            guard let group = try? await asset.loadMediaSelectionGroup(for: characteristic) else { return }
            let option = index.flatMap { group.options.indices.contains($0) ? group.options[$0] : nil }
            item.select(option, in: group)
        }
    }

    /// Plays the failed item again from a new item for the same asset URL, keeping the
    /// choices an app can make on an item.
    private func retry() {
        guard let failed = player.currentItem else { return }
        let item = PlayerItem(url: failed.asset.url)
        item.preferredForwardBufferDuration = failed.preferredForwardBufferDuration
        item.preferredPeakBitRate = failed.preferredPeakBitRate
        item.preferredMaximumResolution = failed.preferredMaximumResolution
        item.limitsResolutionToViewport = failed.limitsResolutionToViewport
        item.preferredVariantIndex = failed.preferredVariantIndex
        item.contentKeyProvider = failed.contentKeyProvider
        item.audioTimePitchAlgorithm = failed.audioTimePitchAlgorithm
        item.forwardPlaybackEndTime = failed.forwardPlaybackEndTime
        item.externalSubtitleURL = failed.externalSubtitleURL
        player.replaceCurrentItem(with: item)
        player.play()
    }
}
