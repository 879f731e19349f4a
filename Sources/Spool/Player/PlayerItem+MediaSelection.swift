extension PlayerItem {
    /// Selects `option` in `group` (`nil`: nothing, allowed only where
    /// `group.allowsEmptySelection`), before or while playing, like
    /// `AVPlayerItem.select(_:in:)`. An option that is not in `group` is ignored.
    ///
    /// While playing, a new audio rendition plays from the current position (after a short
    /// gap, in sync: it is a seek to where playback is); subtitle cues continue from the new
    /// rendition. `currentMediaSelection` changes once the engine has switched.
    public func select(_ option: MediaSelectionOption?, in group: MediaSelectionGroup) {
        if let option {
            guard group.options.contains(option) else { return }
        } else {
            guard group.allowsEmptySelection else { return }
        }
        explicitSelections[group.mediaCharacteristic] = .some(option)
        selectionHandler?(option, group.mediaCharacteristic)
    }

    /// Adds an output that receives the item's subtitle cues.
    public func add(_ output: PlayerItemLegibleOutput) {
        guard !legibleOutputs.contains(where: { $0 === output }) else { return }
        legibleOutputs.append(output)
    }

    /// Removes an output added with `add(_:)`.
    public func remove(_ output: PlayerItemLegibleOutput) {
        legibleOutputs.removeAll { $0 === output }
    }

    /// What the item asked for, for its pipeline.
    var mediaSelectionRequest: MediaSelectionRequest {
        MediaSelectionRequest(
            explicit: explicitSelections, criteria: selectionCriteria, environmentLanguages: environmentLanguages)
    }
}

extension PlayerItem {
    /// The item as the engine takes it when its pipeline is made (read once, on the main actor).
    var pipelineRequest: PipelineItemRequest {
        PipelineItemRequest(
            asset: asset, mediaSelection: mediaSelectionRequest, externalSubtitleURL: externalSubtitleURL,
            contentKeyProvider: contentKeyProvider, forwardPlaybackEndTime: forwardPlaybackEndTime,
            interstitialCut: interstitialCut, playoutLimit: playoutLimit,
            preferredForwardBufferDuration: preferredForwardBufferDuration, preferredPeakBitRate: preferredPeakBitRate,
            preferredMaximumResolution: preferredMaximumResolution,
            limitsResolutionToViewport: limitsResolutionToViewport, preferredVariantIndex: preferredVariantIndex,
            failsOnEarlyEnd: failsOnEarlyEnd)
    }
}
