import Foundation
import SpoolCore
import SpoolHLS

/// Plays a player's HLS interstitials: one per player, made when the first
/// `PlayerInterstitialEventMonitor` is attached.
///
/// How: before a primary item starts, it gets an `InterstitialCut`, so its pipeline ends
/// exactly at the next break. That end is taken over (not the item's end): the break's assets
/// play as items of their own in the same player and outputs, then the primary item is started
/// again and sought (exactly) to the break's time plus the resumption offset. POST breaks play
/// when the primary really ends, and that end is then announced as usual.
///
/// Guarantees: a break plays each interstitial once per primary item (CUE=ONCE: once per
/// asset URL, ever); an asset that fails is skipped; the rate in force before the break is
/// restored after it; replacing the item from outside abandons the break without resuming.
@MainActor
final class InterstitialScheduler {
    /// Loads a primary item's interstitials (the HLS playlist's, by default).
    typealias EventLoader = @MainActor (PlayerItem) async -> [ScheduledInterstitial]
    /// Loads an X-ASSET-LIST.
    typealias AssetListLoader = @Sendable (URL) async throws -> InterstitialAssetList

    private weak var player: Player?
    private let loadEvents: EventLoader
    private let loadAssetList: AssetListLoader

    /// The primary item being played (or interrupted by a break).
    private(set) var primary: PlayerItem?
    /// The current primary's events, once loaded.
    private(set) var events: [PlayerInterstitialEvent] = []
    /// The event whose asset is playing.
    private(set) var currentEvent: PlayerInterstitialEvent?

    private var scheduled: [ItemID: [ScheduledInterstitial]] = [:]
    private var loads: [ItemID: Task<[ScheduledInterstitial], Never>] = [:]
    private var cuts: [ItemID: InterstitialCut] = [:]
    private var playedOnce: Set<String> = []
    private var current: Break?
    private var subscribers: [UUID: AsyncStream<PlayerInterstitialEventMonitor.Update>.Continuation] = [:]
    private var itemEvents: Task<Void, Never>?

    /// A break in progress.
    private struct Break {
        let primary: PlayerItem
        /// Where it interrupted the primary, on the playlist timeline.
        let time: MediaTime
        /// A POST break: the primary's end is announced after it.
        let atEnd: Bool
        /// The rate to restore.
        let rate: Float
        /// Events still to play, in order, the current one first.
        var events: [PlayerInterstitialEvent]
        /// Assets of the current event still to play.
        var assets: [URL] = []
        /// The interstitial item playing.
        var item: PlayerItem?
        /// The duration played so far (for the default resumption offset).
        var played: MediaTime = .zero
        /// The resumption offset of the last event that started.
        var resumptionOffset: MediaTime = .indefinite
        /// What is left of the current event's X-PLAYOUT-LIMIT.
        var playoutLeft: MediaTime?
        /// A seek the break interrupted (X-RESTRICT=JUMP): where to resume, and whom to tell.
        var seek: (target: MediaTime, completion: @MainActor (Bool) -> Void)?
    }

    init(
        player: Player, loadEvents: @escaping EventLoader = InterstitialScheduler.playlistInterstitials,
        loadAssetList: @escaping AssetListLoader = InterstitialScheduler.fetchAssetList
    ) {
        self.player = player
        self.loadEvents = loadEvents
        self.loadAssetList = loadAssetList
        let stream = player.itemEvents()
        itemEvents = Task { [weak self] in
            for await event in stream {
                guard let self else { return }
                self.observe(event)
            }
        }
    }

    isolated deinit {
        itemEvents?.cancel()
    }

    /// The scheduler of `player`, made and attached on first use.
    static func attached(to player: Player) -> InterstitialScheduler {
        if let scheduler = player.interstitialScheduler { return scheduler }
        let scheduler = InterstitialScheduler(player: player)
        player.interstitialScheduler = scheduler
        return scheduler
    }

    /// Updates for one subscriber, starting with the current state.
    func updates() -> AsyncStream<PlayerInterstitialEventMonitor.Update> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PlayerInterstitialEventMonitor.Update.self, bufferingPolicy: .unbounded)
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    // MARK: Player hooks

    /// Called by the player just before `item` starts: a primary item gets its cut.
    func willStart(_ item: PlayerItem) {
        if let current, current.item === item { return }
        if let current, current.primary !== item {
            // Replaced from outside during a break: the break is over, nothing resumes.
            self.current = nil
            setCurrentEvent(nil)
        }
        let isNewPrimary = primary !== item
        primary = item
        // Only HLS playlists carry interstitials: other items play (and end) untouched.
        guard item.asset.isHLS else {
            item.interstitialCut = nil
            setEvents([])
            return
        }
        let cut = cuts[item.id] ?? InterstitialCut(after: nil, played: [])
        cuts[item.id] = cut
        item.interstitialCut = cut
        if isNewPrimary { setEvents(scheduled[item.id].map { publicEvents($0, of: item) } ?? []) }
        _ = interstitials(of: item)
    }

    /// Whether the end of `item` belongs to the scheduler (a cut, or an interstitial's end);
    /// the player then does not announce it.
    func takesOverEnd(of item: PlayerItem) -> Bool {
        if let current, current.item === item {
            Task { await self.assetEnded(item) }
            return true
        }
        guard item === primary, item.interstitialCut != nil else { return false }
        Task { await self.primaryStopped(item) }
        return true
    }

    /// Applies the restrictions to a seek the player was asked for; `true` when the scheduler
    /// handled it (refused, or turned it into a break or a restart), so the player does not seek.
    func interceptsSeek(
        to target: MediaTime, toleranceBefore: MediaTime, toleranceAfter: MediaTime,
        completionHandler: @escaping @MainActor (Bool) -> Void
    ) -> Bool {
        if let current {
            guard currentEvent?.restrictions.contains(.requiresPlaybackAtPreferredRateForAdvancement) == true,
                current.item != nil
            else { return false }
            completionHandler(false)
            return true
        }
        guard let player, let item = player.currentItem, item === primary, var cut = item.interstitialCut,
            let all = scheduled[item.id]
        else { return false }
        let playlistTarget = target - origin(of: item)
        guard let next = cut.nextBreak(in: all), playlistTarget > next else { return false }
        // The seek passes at least one break the pipeline would stop at.
        let passed = all.filter { event in
            !event.playsAfterPrimary && !cut.played.contains(event.id) && event.time >= next
                && event.time < playlistTarget
        }
        let jumped = passed.filter { $0.interstitial.restrictions.contains(.jump) }
        if let first = jumped.first {
            startBreak(
                of: item, at: first.time, events: publicEvents(jumped, of: item), atEnd: false,
                seek: (playlistTarget, completionHandler))
            return true
        }
        // Skipped breaks: restart the primary past them (its pipeline's end moves on).
        cut.after = playlistTarget
        cuts[item.id] = cut
        player.replaceCurrentItem(with: item)
        player.seek(
            to: target, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter,
            completionHandler: completionHandler)
        return true
    }

    /// Ends the current event now; the primary resumes `offset` after the break's time
    /// (`indefinite`: after the duration played).
    func cancelCurrentEvent(withResumptionOffset offset: MediaTime) {
        guard var current else { return }
        current.events = []
        current.assets = []
        if offset.isNumeric || offset.isIndefinite { current.resumptionOffset = offset }
        self.current = current
        resume()
    }

    // MARK: Breaks

    private func primaryStopped(_ item: PlayerItem) async {
        let all = await interstitials(of: item).value
        guard let player, player.currentItem === item, let cut = item.interstitialCut else { return }
        if let time = cut.nextBreak(in: all) {
            let due = all.filter { $0.time == time && !$0.playsAfterPrimary && !cut.played.contains($0.id) }
            startBreak(of: item, at: time, events: publicEvents(due, of: item), atEnd: false, seek: nil)
            return
        }
        let post = all.filter { $0.playsAfterPrimary && !cut.played.contains($0.id) }
        let playable = publicEvents(post, of: item)
        if playable.isEmpty {
            player.didPlayToEnd(item)
        } else {
            startBreak(of: item, at: post[0].time, events: playable, atEnd: true, seek: nil)
        }
    }

    private func startBreak(
        of primary: PlayerItem, at time: MediaTime, events: [PlayerInterstitialEvent], atEnd: Bool,
        seek: (target: MediaTime, completion: @MainActor (Bool) -> Void)?
    ) {
        guard let player else { return }
        var cut = cuts[primary.id] ?? InterstitialCut(after: nil, played: [])
        for event in events { cut.played.insert(event.identifier) }
        cuts[primary.id] = cut
        current = Break(primary: primary, time: time, atEnd: atEnd, rate: player.rate, events: events, seek: seek)
        Task { await playNextAsset() }
    }

    /// Starts the next asset of the break, the next event's first, or resumes the primary.
    private func playNextAsset() async {
        guard var current, let player else { return }
        while current.assets.isEmpty {
            guard let event = current.events.first else {
                self.current = current
                resume()
                return
            }
            current.events.removeFirst()
            var assets = event.assetURLs
            if assets.isEmpty, let list = event.assetListURL {
                assets = (try? await loadAssetList(list))?.assets.map(\.uri) ?? []
                // The break may have been abandoned while the list loaded.
                guard self.current?.primary === current.primary else { return }
            }
            if event.willPlayOnce, let url = assets.first {
                if playedOnce.contains(event.identifier + url.absoluteString) { continue }
                playedOnce.insert(event.identifier + url.absoluteString)
            }
            current.assets = assets
            current.resumptionOffset = event.resumptionOffset
            current.playoutLeft = event.playoutLimit.isNumeric ? event.playoutLimit : nil
            setCurrentEvent(event)
        }
        if let left = current.playoutLeft, left <= .zero {
            // The limit is used up: the event's remaining assets do not play.
            current.assets = []
            self.current = current
            await playNextAsset()
            return
        }
        let item = PlayerItem(url: current.assets.removeFirst())
        item.playoutLimit = current.playoutLeft
        item.preferredPeakBitRate = current.primary.preferredPeakBitRate
        item.preferredMaximumResolution = current.primary.preferredMaximumResolution
        current.item = item
        self.current = current
        player.replaceCurrentItem(with: item)
        if player.rate != current.rate { player.rate = current.rate }
    }

    private func assetEnded(_ item: PlayerItem) async {
        guard var current, current.item === item else { return }
        if item.duration.isNumeric {
            let played = current.playoutLeft.map { min($0, item.duration) } ?? item.duration
            current.played = current.played + played
            current.playoutLeft = current.playoutLeft.map { $0 - played }
        }
        current.item = nil
        self.current = current
        await playNextAsset()
    }

    /// The break is over: the primary starts again at the resumption point.
    private func resume() {
        guard let current, let player else { return }
        self.current = nil
        setCurrentEvent(nil)
        let primary = current.primary
        if current.atEnd {
            player.didPlayToEnd(primary)
            return
        }
        let offset = current.resumptionOffset.isNumeric ? current.resumptionOffset : current.played
        let resumeAt = current.seek?.target ?? current.time + offset
        var cut = cuts[primary.id] ?? InterstitialCut(after: nil, played: [])
        cut.after = resumeAt
        cuts[primary.id] = cut
        let completion = current.seek?.completion
        player.replaceCurrentItem(with: primary)
        player.seek(to: origin(of: primary) + resumeAt, toleranceBefore: .zero, toleranceAfter: .zero) { finished in
            completion?(finished)
        }
        if player.rate != current.rate { player.rate = current.rate }
    }

    private func observe(_ event: PlayerItemEvent) {
        switch event {
        case .failed(let id, _), .failedToPlayToEnd(let id, _):
            // A failed asset is skipped: the break goes on.
            guard let item = current?.item, item.id == id else { return }
            Task { await assetEnded(item) }
        default:
            break
        }
    }

    // MARK: Events

    /// The load of `item`'s interstitials, started once.
    private func interstitials(of item: PlayerItem) -> Task<[ScheduledInterstitial], Never> {
        if let load = loads[item.id] { return load }
        let load = Task { [loadEvents] in await loadEvents(item) }
        loads[item.id] = load
        Task { [weak self] in
            let all = await load.value
            guard let self else { return }
            self.scheduled[item.id] = all
            if self.primary === item { self.setEvents(self.publicEvents(all, of: item)) }
        }
        return load
    }

    private func publicEvents(_ scheduled: [ScheduledInterstitial], of item: PlayerItem) -> [PlayerInterstitialEvent] {
        scheduled.map { PlayerInterstitialEvent($0, primaryItemID: item.id) }
    }

    /// Where the primary's playlist timeline starts on its own timeline (its first timestamp).
    private func origin(of item: PlayerItem) -> MediaTime {
        item.seekableTimeRanges.first?.start ?? .zero
    }

    private func setEvents(_ events: [PlayerInterstitialEvent]) {
        guard events != self.events else { return }
        self.events = events
        for subscriber in subscribers.values { subscriber.yield(.eventsChanged(events)) }
    }

    private func setCurrentEvent(_ event: PlayerInterstitialEvent?) {
        guard event != currentEvent else { return }
        currentEvent = event
        for subscriber in subscribers.values { subscriber.yield(.currentEventChanged(event)) }
    }
}

extension InterstitialScheduler {
    /// The interstitials of an HLS item's media playlist (none for other items).
    static func playlistInterstitials(of item: PlayerItem) async -> [ScheduledInterstitial] {
        guard item.asset.isHLS else { return [] }
        _ = try? await item.asset.load(.isPlayable)
        guard let presentation = item.asset.hlsPresentation else { return [] }
        return InterstitialSchedule.interstitials(in: presentation.initialPlaylist)
    }

    /// Fetches and parses an X-ASSET-LIST on a thread of its own (bounded: 1 MiB, 4 s of silence).
    static func fetchAssetList(_ url: URL) async throws -> InterstitialAssetList {
        let fetcher = StandardResourceFetcher.makeForPlayback()
        let load = ThreadedLoad<Data>(
            name: "spool-asset-list",
            work: {
                do throws(ResourceFetchError) {
                    return .success(
                        try fetcher.fetch(ResourceRequest(url: url, maxBytes: InterstitialAssetList.maxBytes)).data)
                } catch {
                    return .failure(.unsupportedFormat("cannot load the asset list \(url): \(error)"))
                }
            }, onCancel: { fetcher.cancel() })
        return try InterstitialAssetList.parse(try await load.result(), url: url)
    }
}
