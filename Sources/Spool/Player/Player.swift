import Foundation
public import SpoolCore

/// Plays one item at a time on the main actor (AVPlayer's counterpart).
///
/// Guarantees:
/// - Every method returns at once: decoding and output run on the item's own pipeline
///   threads, never on the main actor or the cooperative pool.
/// - Events of a replaced item never change the player: each item's events are consumed by a
///   task that ends when the item stops being current, and are checked against the current
///   item before they are applied.
/// - Failures are state (`status`, `currentItem.error`, events), never thrown from `play()`.
/// - `timeControlStatus` is derived from the requested rate and the item's readiness and
///   buffering, so it cannot show a spinner that never ends: a stall ends in playing, paused
///   (on failure) or ended.
@MainActor
public class Player {
    /// Whether the player can play (AVPlayer.Status).
    public enum Status: Sendable, Equatable {
        /// No item has become ready yet.
        case unknown
        /// The current item is ready (or was, before it ended).
        case readyToPlay
        /// The current item failed; see `error`.
        case failed
    }

    /// What happens when an item plays to its end.
    public enum ActionAtItemEnd: Sendable, Equatable {
        /// Move to the next item (QueuePlayer's default).
        case advance
        /// Pause at the end (Player's default).
        case pause
        /// Do nothing: the rate stays as it was.
        case none
    }

    /// Why the player waits although the rate is non-zero.
    public enum WaitingReason: String, Sendable, Equatable {
        /// Buffering so that playback will not stall.
        case toMinimizeStalls
        /// The item is still opening.
        case evaluatingBufferingRate
        /// There is no item.
        case noItemToPlay
        /// The item is read over the network and the machine's network path is down
        /// (`NetworkMonitor`): nothing is retried until it returns, then playback resumes.
        case waitingForNetwork
    }

    /// The item being played.
    public private(set) var currentItem: PlayerItem?
    /// Whether the player can play.
    public private(set) var status: Status = .unknown
    /// Why the player failed, when `status` is `.failed`.
    public private(set) var error: PlaybackError?
    /// Playing, paused, or waiting for data.
    public var timeControlStatus: TimeControlStatus { control.timeControlStatus }
    /// Why the player waits, when `timeControlStatus` is `.waitingToPlayAtSpecifiedRate`.
    public var reasonForWaitingToPlay: WaitingReason? { control.reasonForWaitingToPlay }
    /// The rate `play()` uses (1 by default).
    public var defaultRate: Float = 1
    /// What happens at the end of an item.
    public var actionAtItemEnd: ActionAtItemEnd = .pause
    /// Whether, after running dry, playback waits until enough is buffered to play on without
    /// stalling again (`timeControlStatus` stays `.waitingToPlayAtSpecifiedRate` with reason
    /// `.toMinimizeStalls` meanwhile). `false` resumes with the first data that arrives, at the
    /// risk of stuttering on a slow network. Local files are always likely to keep up.
    public var automaticallyWaitsToMinimizeStalling = true {
        didSet { playback?.setWaitsToMinimizeStalling(automaticallyWaitsToMinimizeStalling) }
    }

    /// The user's languages, best first (RFC 5646 tags), for choosing AUTOSELECT renditions
    /// when nothing more specific was asked for. Defaults to the environment's ($LANGUAGE,
    /// $LC_ALL, $LC_MESSAGES, $LANG). Read when an item becomes current.
    public var preferredLanguages: [String] = Player.environmentLanguages()
    /// Set with `setMediaSelectionCriteria(_:forMediaCharacteristic:)`.
    var mediaSelectionCriteria: [MediaCharacteristic: MediaSelectionCriteria] = [:]

    /// How long playback stays paused before the player frees the current item's buffered
    /// packets and frames and its decoders' pools (the seeds' `pauseAndReleaseResources`,
    /// without losing the item): on the configuration's `resourceReleaseClock`; `nil` never
    /// releases. Playing
    /// again re-reads from the paused position, from the keyframe before it. Default 60 s.
    public var resourceReleaseDelay: Duration? = .seconds(60) {
        didSet { scheduleResourceRelease() }
    }
    /// Sleeps out `resourceReleaseDelay` while paused.
    var resourceReleaseTimer: Task<Void, Never>?

    let configuration: PlayerConfiguration
    let makePlayback: ItemPlaybackFactory
    /// The next item's pipeline, opened while the current item plays (a gapless queue).
    var prerolled: (item: PlayerItem, playback: any ItemPlayback)?
    var playback: (any ItemPlayback)?
    private var playbackEvents: Task<Void, Never>?
    /// Every decision about the rate, readiness, stalls and seeks: events in, actions out
    /// (`send(_:)`, `perform(_:)`), so the rate the player reports and the rate its engine
    /// plays at cannot disagree (a seek back after the end must not play unheard).
    private(set) var control = PlayerControlMachine()
    /// The rate asked for: by the app, or by the player itself at an item's end or failure.
    var requestedRate: Float { control.requestedRate }
    var itemIsReady: Bool { control.itemIsReady }
    private var storedVolume: Float = 1
    private var storedMuted = false
    /// The delays `audioDelay` and `subtitleDelay` hold (Player+Delays.swift).
    var storedAudioDelay = MediaTime.zero
    var storedSubtitleDelay = MediaTime.zero
    /// The chains `audioFilterChain` and `videoFilterChain` hold (Player+Filters.swift); the
    /// configuration's until changed.
    lazy var storedFilterChains = (audio: configuration.audioFilterChain, video: configuration.videoFilterChain)
    /// Completion handlers of seeks not finished yet, by seek ID (`control.pendingSeeks`):
    /// called with where the seek landed on the item's timeline, or `nil` when it was superseded.
    var seekHandlers: [Int: @MainActor (MediaTime?) -> Void] = [:]
    /// The frame the last `PlayerItem.step(byCount:)` seeks to while that seek is in flight:
    /// the next step counts from it, so quick steps are not lost.
    var steppedFrame: Int?
    private var eventSubscribers: [UUID: AsyncStream<PlayerItemEvent>.Continuation] = [:]
    /// The periodic and boundary time observers, by token: the player's, not an item's (they
    /// outlive item changes, as AVPlayer's do), cancelled when removed or the player is freed.
    var timeObservers: [UUID: Task<Void, Never>] = [:]
    /// Plays HLS interstitials once a `PlayerInterstitialEventMonitor` is attached.
    var interstitialScheduler: InterstitialScheduler?

    /// The network path whose loss makes the player wait with `.waitingForNetwork`.
    let networkPath: (any NetworkPathMonitoring)?
    /// Follows `networkPath`, so the waiting reason changes when the network does.
    private var networkWatch: Task<Void, Never>?

    /// The audio output, shared by successive items so a queue plays without reopening it.
    let sharedAudio: SharedAudioOutput?
    /// The player's own audio session: category, interruptions, route changes, route picker.
    public let audioSession: AudioSession

    /// A player whose items play through the real engine into `configuration`'s outputs.
    public convenience init(configuration: PlayerConfiguration) {
        self.init(configuration: configuration, composition: .engine(configuration))
    }

    /// A player whose items play through pipelines made by `makePlayback` (tests).
    convenience init(
        configuration: PlayerConfiguration, makePlayback: @escaping ItemPlaybackFactory,
        networkPath: (any NetworkPathMonitoring)? = nil
    ) {
        self.init(configuration: configuration, composition: .scripted(makePlayback, networkPath: networkPath))
    }

    /// The one initializer every player goes through: its parts come from `PlayerComposition`.
    init(configuration: PlayerConfiguration, composition: PlayerComposition) {
        self.configuration = configuration
        self.sharedAudio = composition.sharedAudio
        self.audioSession = composition.audioSession
        self.makePlayback = composition.makePlayback
        self.networkPath = composition.networkPath
        audioSession.attach(to: self)
    }

    /// A player that goes away stops what it played: the current and the prerolled item's
    /// pipelines stop (their threads return, their connections close), as AVPlayer's do.
    /// Without this, a player dropped at an item's end left its demux, audio and HLS threads
    /// waiting for a seek back that nobody could ask for any more.
    isolated deinit {
        tearDownCurrentItem()
        for observer in timeObservers.values { observer.cancel() }
        prerolled?.playback.stop()
        for complete in seekHandlers.values { complete(nil) }
    }

    /// Follows the network path only while waiting on a remote item, the one time its
    /// changes can change the waiting reason: a player that plays, pauses or went away holds
    /// no subscription to the process's monitor.
    private func followNetworkPath(_ waiting: Bool) {
        guard let networkPath, waiting, let url = currentItem?.asset.url, !url.isFileURL else {
            networkWatch?.cancel()
            networkWatch = nil
            return
        }
        guard networkWatch == nil else { return }
        let updates = networkPath.pathUpdates()
        networkWatch = Task { [weak self] in
            for await _ in updates {
                guard let self, !Task.isCancelled else { return }
                self.send(.refresh)
            }
        }
    }

    /// Whether the current item is read over a network that is down now.
    private var currentItemLacksNetwork: Bool {
        guard let networkPath, let url = currentItem?.asset.url else { return false }
        return networkPath.isUnreachable(url)
    }

    /// Closes the audio device (a WAV file output is finished). The player keeps its output
    /// open between items, so apps call this when playback is over; the next item opens it
    /// again.
    public func closeAudioOutput() {
        sharedAudio?.close()
    }

    /// The playback rate: 0 when paused, otherwise the speed (0.5…4 is supported; values are
    /// clamped). Setting a non-zero rate plays; setting 0 pauses.
    public var rate: Float {
        get { requestedRate }
        set {
            send(.rateRequested(newValue == 0 ? 0 : min(max(newValue, 0.5), 4)))
            audioSession.playerRateWasSet()
        }
    }

    /// The audio gain, 0…1.
    public var volume: Float {
        get { storedVolume }
        set {
            storedVolume = min(max(newValue, 0), 1)
            playback?.setVolume(effectiveVolume)
            prerolled?.playback.setVolume(effectiveVolume)
        }
    }

    /// Whether audio is muted (the volume is kept for unmuting).
    public var isMuted: Bool {
        get { storedMuted }
        set {
            storedMuted = newValue
            playback?.setVolume(effectiveVolume)
            prerolled?.playback.setVolume(effectiveVolume)
        }
    }

    var effectiveVolume: Float { storedMuted ? 0 : storedVolume }

    /// Plays at `defaultRate`.
    public func play() { rate = defaultRate }

    /// Pauses.
    public func pause() { rate = 0 }

    /// The playhead of the current item, on the item's timeline: from 0 at its start to its
    /// duration, whatever the stream's own first timestamp (an MPEG-TS file's is near 1.4 s);
    /// `invalid` without an item.
    public func currentTime() -> MediaTime {
        playback?.currentTime() ?? .invalid
    }

    /// Replaces the current item (nil empties the player). The previous item's pipeline
    /// stops, its pending seeks complete with `false`, and its observers end.
    public func replaceCurrentItem(with item: PlayerItem?) {
        tearDownCurrentItem()
        currentItem = item
        publish(.currentItemChanged(itemID: item?.id))
        let adopted = item.flatMap { takePrerolledPlayback(for: $0) }
        guard let item else {
            updatePreroll()
            send(.itemReplaced(hasItem: false))
            return
        }
        if adopted == nil {
            item.selectionCriteria = mediaSelectionCriteria
            item.environmentLanguages = preferredLanguages
        }
        interstitialScheduler?.willStart(item)
        let playback = adopted ?? makePlayback(item)
        self.playback = playback
        item.selectionHandler = { [weak playback] option, characteristic in
            playback?.select(option, for: characteristic)
        }
        item.variantHandler = { [weak playback] index in playback?.pinVariant(index) }
        item.stepHandler = { [weak self, weak item] count in
            guard let self, let item else { return }
            self.step(item, byCount: count)
        }
        item.statisticsSource = { [weak playback] in playback?.statistics() }
        playbackEvents = Task { [weak self] in
            for await event in playback.events {
                guard let self, self.currentItem === item else { return }
                self.handle(event, for: item)
            }
        }
        playback.setVolume(effectiveVolume)
        applyDelays(to: playback)
        applyFilterChains(to: playback)
        playback.setWaitsToMinimizeStalling(automaticallyWaitsToMinimizeStalling)
        if adopted != nil {
            // A pin set while the item was prerolled (its pipeline read the one before).
            playback.pinVariant(item.preferredVariantIndex)
            playback.activate()
        } else {
            playback.start(at: nil)
        }
        send(.itemReplaced(hasItem: true))
        updatePreroll()
    }

    /// A stream of the player's events (item changes, readiness, ends, stalls, seeks, status),
    /// for as long as the consumer iterates.
    public func itemEvents() -> AsyncStream<PlayerItemEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PlayerItemEvent.self, bufferingPolicy: .unbounded)
        let id = UUID()
        eventSubscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.eventSubscribers[id] = nil }
        }
        return stream
    }

    func publish(_ event: PlayerItemEvent) {
        for subscriber in eventSubscribers.values { subscriber.yield(event) }
    }

    private func tearDownCurrentItem() {
        playbackEvents?.cancel()
        playbackEvents = nil
        playback?.stop()
        playback = nil
        currentItem?.freezeStatistics()
        currentItem?.selectionHandler = nil
        currentItem?.variantHandler = nil
        currentItem?.stepHandler = nil
        steppedFrame = nil
    }

    /// Hands `event` to the control machine and carries out what it decides.
    func send(_ event: PlayerControlMachine.Event) {
        perform(control.handle(event, networkDown: currentItemLacksNetwork))
    }

    /// The one place the control machine's decisions are carried out, in order.
    private func perform(_ actions: [PlayerControlMachine.Action]) {
        for action in actions {
            switch action {
            case .setEngineRate(let rate):
                // The prerolled item plays at the same rate, so its audio needs no change at the join.
                if let prerolled {
                    prerolled.playback.setRate(Double(rate), algorithm: prerolled.item.audioTimePitchAlgorithm)
                }
                if let playback, let item = currentItem {
                    playback.setRate(Double(rate), algorithm: item.audioTimePitchAlgorithm)
                }
            case .publishTimeControlStatus(let status):
                publish(.timeControlStatus(status))
            case .publishReasonForWaiting(let reason):
                publish(.reasonForWaitingToPlay(reason))
            case .followNetworkPath(let waiting):
                followNetworkPath(waiting)
            case .supersedeSeeks(let ids):
                for id in ids { seekHandlers.removeValue(forKey: id)?(nil) }
            case .startEngineSeek(let id, let target):
                startEngineSeek(id: id, target: target)
            case .completeSeek(let id, let landed):
                seekHandlers.removeValue(forKey: id)?(landed)
            case .rescheduleResourceRelease:
                scheduleResourceRelease()
            case .advanceToNextItem:
                advanceAfterEnd()
            }
        }
    }

    private func handle(_ event: ItemPlaybackEvent, for item: PlayerItem) {
        switch event {
        case .ready(let info):
            item.status = .readyToPlay
            item.duration = info.duration
            item.tracks = info.tracks
            item.presentationSize = (info.presentationWidth, info.presentationHeight)
            item.seekableTimeRanges = info.seekableTimeRanges
            status = .readyToPlay
            error = nil
            publish(.readyToPlay(itemID: item.id))
            send(.itemReady)
            updatePreroll()
            return
        case .firstFrame:
            item.isReadyForDisplay = true
        case .mediaSelection(let selection):
            item.currentMediaSelection = selection
        case .cue(let cue):
            for output in item.legibleOutputs { output.deliver(cue) }
        case .buffer(let buffer):
            item.isPlaybackLikelyToKeepUp = buffer.isPlaybackLikelyToKeepUp
            item.isPlaybackBufferEmpty = buffer.isPlaybackBufferEmpty
            item.isPlaybackBufferFull = buffer.isPlaybackBufferFull
            item.loadedTimeRanges = buffer.loadedTimeRanges
        case .stalled(let stalled):
            if stalled {
                NotificationCenter.default.post(name: PlayerItem.playbackStalledNotification, object: item)
                publish(.stalled(itemID: item.id))
            } else {
                publish(.stallEnded(itemID: item.id))
            }
            send(.stallChanged(stalled))
            return
        case .seekCompleted(let id, let landed):
            send(.seekCompleted(id: id, landed: landed))
            return
        case .endedEarly(let warning):
            // Once per item: a seek back and a second run to the end say nothing new.
            guard !item.errorLog().events.contains(where: { $0.errorComment == warning.message }) else { return }
            item.recordError(warning)
            NotificationCenter.default.post(name: PlayerItem.newErrorLogEntryNotification, object: item)
            publish(.endedEarly(itemID: item.id, warning: warning))
            return
        case .playedToEnd:
            // An interstitial break (or the end of one) is not the item's end.
            if interstitialScheduler?.takesOverEnd(of: item) != true { didPlayToEnd(item) }
        case .failedToPlayToEnd(let failure):
            item.error = failure
            item.recordError(failure)
            NotificationCenter.default.post(
                name: PlayerItem.failedToPlayToEndTimeNotification, object: item,
                userInfo: [PlayerItem.failedToPlayToEndTimeErrorKey: failure])
            publish(.failedToPlayToEnd(itemID: item.id, error: failure))
            send(.failed)
            return
        case .failed(let failure):
            item.status = .failed
            item.error = failure
            item.recordError(failure)
            status = .failed
            error = failure
            publish(.failed(itemID: item.id, error: failure))
            send(.failed)
            return
        }
        send(.refresh)
    }

    /// Announces the end of `item` and applies `actionAtItemEnd`.
    func didPlayToEnd(_ item: PlayerItem) {
        NotificationCenter.default.post(name: PlayerItem.didPlayToEndTimeNotification, object: item)
        publish(.didPlayToEnd(itemID: item.id))
        itemDidPlayToEnd(item)
    }

    /// Applies `actionAtItemEnd`; `QueuePlayer` overrides `advanceToNextItem()`.
    func itemDidPlayToEnd(_ item: PlayerItem) {
        send(.playedToEnd(action: actionAtItemEnd))
    }

    /// The item that plays after the current one, prerolled for a gapless join; a plain
    /// player has none.
    func itemToPreroll() -> PlayerItem? { nil }

    /// What `.advance` does at an item's end; a plain player has no next item, so it pauses.
    func advanceAfterEnd() {
        send(.playedToEnd(action: .pause))
    }
}
