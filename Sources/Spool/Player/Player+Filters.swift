import SpoolEngine

extension Player {
    /// The libavfilter chain every item's audio passes through (mpv's `af`), or `nil` for none:
    /// `PlayerConfiguration.audioFilterChain` until set. Applies to the current item, the
    /// prerolled one and every later one, from the next decoded buffer on; what the previous
    /// chain still held is played first. A chain libavfilter refuses fails the item: check it
    /// first with `MediaFilterCheck`.
    public var audioFilterChain: String? {
        get { storedFilterChains.audio }
        set {
            storedFilterChains.audio = newValue
            applyFilterChainsToItems()
        }
    }

    /// The libavfilter chain every decoded picture passes through before pixel conversion
    /// (mpv's `vf`), or `nil`: as `audioFilterChain`, from the next decoded frame on.
    public var videoFilterChain: String? {
        get { storedFilterChains.video }
        set {
            storedFilterChains.video = newValue
            applyFilterChainsToItems()
        }
    }

    /// Hands both chains to an item's pipeline.
    func applyFilterChains(to playback: any ItemPlayback) {
        playback.setFilterChains(audio: storedFilterChains.audio, video: storedFilterChains.video)
    }

    private func applyFilterChainsToItems() {
        if let playback { applyFilterChains(to: playback) }
        if let prerolled { applyFilterChains(to: prerolled.playback) }
    }
}
