public import Foundation
@_exported public import SpoolDesktop

/// Connects a `Player` to the desktop: keeps a `NowPlayingInfoCenter` in step with it and
/// answers a `RemoteCommandCenter`'s commands with it — the code every app on Apple's
/// platforms writes by hand (the seed's `updateNowPlayingInfo` and `setupRemoteCommands`).
///
/// Guarantees, while active:
/// - The info follows the player's item changes, readiness, play/pause/stall changes, seeks
///   and ends as the player reports them; metadata (title, artist, album) comes from the
///   asset, the title falling back to the file name.
/// - Commands: play, pause, toggle, stop (pause and back to the start), skip ±15 s,
///   position, rate (0.5×–4×), volume; next item on a `QueuePlayer` with a next item.
///   Previous, repeat, shuffle and the window commands are left to the app.
/// - Every handler runs on the main actor and returns at once; seeks complete later and the
///   info follows when they do.
///
/// Changes made to the player outside the session (setting `rate` or `volume` directly)
/// show after the next player event, or at once after `refresh()`.
@MainActor
public final class MediaSession {
    /// The player the session follows and controls.
    public let player: Player
    /// Where the session publishes what is playing.
    public let nowPlayingInfoCenter: NowPlayingInfoCenter
    /// Where the session's command handlers are installed.
    public let remoteCommandCenter: RemoteCommandCenter
    /// Where cover art is written for desktops to show (`mpris:artUrl`); `nil` publishes none.
    public var artworkDirectory: URL?
    /// The app's state store (the one its `PlayerController` publishes to). Set before
    /// `activate()`: the published playback status then follows the store's state for the
    /// current item, so a superseded item's late failure never shows as Stopped on the desktop.
    public var stateStore: PlaybackStateStore?
    /// The store's newest state (nil without a store, or before its first update).
    private var storeState: PlaybackState?
    private var storeUpdates: Task<Void, Never>?

    private var events: Task<Void, Never>?
    private var metadataLoad: Task<Void, Never>?
    private var metadata: (itemID: ItemID, value: AssetMetadata, artwork: URL?)?
    var removeHandlers: [() -> Void] = []
    /// Set by the stop command: the player has no stopped state of its own (AVPlayer neither),
    /// so the session remembers it until playback resumes or the item changes.
    var isStopped = false

    /// A session for `player`, publishing into the given centers; inactive until `activate()`.
    public init(
        player: Player, nowPlayingInfoCenter: NowPlayingInfoCenter = NowPlayingInfoCenter(),
        remoteCommandCenter: RemoteCommandCenter = RemoteCommandCenter()
    ) {
        self.player = player
        self.nowPlayingInfoCenter = nowPlayingInfoCenter
        self.remoteCommandCenter = remoteCommandCenter
    }

    /// Installs the command handlers and starts following the player. Idempotent.
    public func activate() {
        guard events == nil else { return }
        installHandlers()
        nowPlayingInfoCenter.playbackPositionSource = { [weak player] in
            guard let time = player?.currentTime(), time.isNumeric else { return nil }
            return time.seconds
        }
        let stream = player.itemEvents()
        events = Task { [weak self] in
            for await event in stream {
                guard let self else { return }
                if case .currentItemChanged = event {
                    self.isStopped = false
                    self.loadMetadata()
                }
                self.refresh()
            }
        }
        if let stateStore {
            storeUpdates = Task { [weak self] in
                for await state in await stateStore.updates() {
                    guard let self else { return }
                    self.storeState = state
                    self.refresh()
                }
            }
        }
        loadMetadata()
        refresh()
    }

    /// Removes the handlers, stops following the player and clears the info. Idempotent.
    public func deactivate() {
        events?.cancel()
        events = nil
        storeUpdates?.cancel()
        storeUpdates = nil
        storeState = nil
        metadataLoad?.cancel()
        metadataLoad = nil
        for remove in removeHandlers { remove() }
        removeHandlers.removeAll()
        nowPlayingInfoCenter.playbackPositionSource = nil
        nowPlayingInfoCenter.nowPlayingInfo = nil
        nowPlayingInfoCenter.playbackState = .stopped
    }

    /// Republishes the player's state now.
    public func refresh() {
        remoteCommandCenter.changeVolumeCommand.currentVolume = Double(player.volume)
        if let queue = player as? QueuePlayer {
            remoteCommandCenter.nextTrackCommand.isEnabled = queue.items().count > 1
        }
        guard let item = player.currentItem else {
            nowPlayingInfoCenter.nowPlayingInfo = nil
            nowPlayingInfoCenter.playbackState = .stopped
            return
        }
        let tags = metadata?.itemID == item.id ? metadata : nil
        let elapsed = player.currentTime()
        let isPlaying = player.timeControlStatus == .playing
        nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(
            title: tags?.value.title ?? item.asset.url.deletingPathExtension().lastPathComponent,
            artist: tags?.value.artist, albumTitle: tags?.value.album,
            playbackDuration: item.duration.isNumeric ? item.duration.seconds : nil,
            elapsedPlaybackTime: elapsed.isNumeric ? elapsed.seconds : nil,
            playbackRate: isPlaying ? Double(player.rate) : 0, defaultPlaybackRate: Double(player.defaultRate),
            mediaType: item.tracks.contains { $0.kind == .video } ? .video : item.tracks.isEmpty ? .none : .audio,
            artworkURL: tags?.artwork, contentIdentifier: item.id.rawValue)
        // Waiting for data still counts as playing for the desktop: the user asked to play.
        if player.rate != 0 { isStopped = false }
        nowPlayingInfoCenter.playbackState = playbackState(of: item)
    }

    /// The desktop's status for `item`: from the store's state when it is the item's, else
    /// (no store, or the store not yet moved on to this item) from the player.
    private func playbackState(of item: PlayerItem) -> NowPlayingPlaybackState {
        let requested: NowPlayingPlaybackState = player.rate != 0 ? .playing : isStopped ? .stopped : .paused
        guard let storeState, storeState.isState(of: item) else {
            return player.status == .failed && player.rate == 0 ? .stopped : requested
        }
        switch storeState {
        case .failed, .idle: return .stopped
        case .playing, .buffering: return isStopped ? .stopped : .playing
        case .paused, .ended: return isStopped ? .stopped : .paused
        case .loading, .ready: return requested
        }
    }

    /// Loads the current item's tags (and writes its cover art) without blocking, then refreshes.
    private func loadMetadata() {
        metadataLoad?.cancel()
        guard let item = player.currentItem, metadata?.itemID != item.id else { return }
        let asset = item.asset
        let directory = artworkDirectory
        metadataLoad = Task { [weak self] in
            guard let tags = try? await asset.load(.metadata), !Task.isCancelled else { return }
            let artwork = await Self.writeArtwork(tags, named: Self.artworkFileName(for: item.id), in: directory)
            guard let self, !Task.isCancelled else { return }
            self.metadata = (item.id, tags, artwork)
            self.refresh()
        }
    }

    /// A file name for `id`'s artwork: the app's own identifier may hold `/` or be long, so
    /// anything but letters and digits is percent-encoded, and the name kept under NAME_MAX.
    nonisolated static func artworkFileName(for id: ItemID) -> String {
        let encoded = id.rawValue.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "artwork"
        return String(encoded.prefix(200))
    }

    /// Writes cover art to `directory` (file I/O, so off the main actor); its URL, or `nil`.
    @concurrent
    private nonisolated static func writeArtwork(_ tags: AssetMetadata, named name: String, in directory: URL?) async
        -> URL?
    {
        guard let directory, let artwork = tags.artwork else { return nil }
        let fileExtension = tags.artworkMIMEType == "image/png" ? "png" : "jpg"
        let url = directory.appendingPathComponent("\(name).\(fileExtension)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try artwork.write(to: url, options: .atomic)
            return url
        } catch {
            return nil
        }
    }
}
