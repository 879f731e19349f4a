import Foundation
public import Spool

/// Connects a `PlayerControlsModel` to a `Player` through the player's public API only: it
/// reads the player into `PlaybackSnapshot`s (on every player event and every
/// `refreshInterval` of its clock), passes the user's input to the model, applies the model's
/// player actions to the player, hands the view's own actions (full screen, PiP, quit) to
/// `viewActionHandler`, and fires the model's timers on its clock.
///
/// Guarantees: the model only ever shows the player's current item (an ended or failed state
/// belongs to the item it happened to); `changeHandler` runs after each change of the model
/// and never without one, so a view redraws only what changed.
@MainActor
public final class PlayerControlsController {
    /// The player being controlled.
    public let player: Player
    /// The overlay's state.
    public private(set) var model: PlayerControlsModel
    /// Called after the model changed (redraw the overlay).
    public var changeHandler: (@MainActor (PlayerControlsModel) -> Void)?
    /// Receives the actions only a view can apply: `.toggleFullScreen`, `.exitFullScreen`,
    /// `.togglePictureInPicture`, `.quit`.
    public var viewActionHandler: (@MainActor (PlayerControlsAction) -> Void)?
    /// Goes to the next item; without it, a `QueuePlayer` advances and other players show no
    /// Next button.
    public var nextItemHandler: (@MainActor () -> Void)? {
        didSet { refresh() }
    }
    /// Goes to the previous item; without it, Previous always restarts the item.
    public var previousItemHandler: (@MainActor () -> Void)? {
        didSet { refresh() }
    }
    /// Whether the view is full screen (the view sets it; the button's name follows).
    public var isFullScreen = false {
        didSet { refresh() }
    }
    /// Whether Picture-in-Picture could start (shows its button).
    public var isPictureInPicturePossible = false {
        didSet { refresh() }
    }
    /// Whether Picture-in-Picture is active.
    public var isPictureInPictureActive = false {
        didSet { refresh() }
    }

    /// The interstitials of the player's items: with one, the timeline marks the breaks and a
    /// break shows "Ad" with its remaining time; with a `PlayerInterstitialEventController`,
    /// Skip ends a break that allows it. (Attaching a monitor turns on interstitial playback,
    /// so the app decides, not the view.)
    public var interstitialMonitor: PlayerInterstitialEventMonitor? {
        didSet { observeInterstitials() }
    }

    /// The route picker's devices, as last listed.
    var audioOutputDevices: [AudioOutputDevice] = []
    /// The route picker's devices by name (what `routeOutput(toDevice:)` takes), in the
    /// order of the snapshot's `audioOutputs`.
    public var audioOutputNames: [String] { audioOutputDevices.map(\.name) }
    /// The device last chosen in the picker, until the session reports its own.
    var routedDeviceName: String?
    private var audioSessionTask: Task<Void, Never>?

    private let clock: ControlsClock
    private var interstitialTask: Task<Void, Never>?
    private let refreshInterval: Duration
    private var eventsTask: Task<Void, Never>?
    private var refreshTask: Task<Void, Never>?
    private var timerTask: Task<Void, Never>?
    private var timerDeadline: Duration?
    private var endedItemID: UUID?
    /// Where the newest seek goes, until it lands: the label shows it meanwhile rather than
    /// jumping back to the old playhead.
    var pendingSeekTarget: Double?
    private var details = ItemDetailsCache()

    /// A controller for `player` whose overlay is laid out for `windowSize` and whose timers run
    /// on `clock`. It observes the player until `stop()`.
    public init<C: Clock>(
        player: Player, clock: C, windowSize: OverlaySize,
        configuration: PlayerControlsConfiguration = PlayerControlsConfiguration(),
        refreshInterval: Duration = .milliseconds(250)
    ) where C.Duration == Duration {
        self.player = player
        self.clock = ControlsClock(clock)
        self.refreshInterval = refreshInterval
        model = PlayerControlsModel(configuration: configuration, windowSize: windowSize, at: .zero)
        observe()
        refresh()
    }

    /// Stops observing the player and firing timers.
    public func stop() {
        for task in [eventsTask, refreshTask, timerTask, interstitialTask, audioSessionTask] { task?.cancel() }
        audioSessionTask = nil
        interstitialTask = nil
        eventsTask = nil
        refreshTask = nil
        timerTask = nil
    }

    /// Passes one input to the model and applies what it asks for; returns the actions.
    @discardableResult
    public func handle(_ input: PlayerControlsInput) -> [PlayerControlsAction] {
        var next = model
        let actions = next.handle(input, at: clock.now())
        commit(next)
        for action in actions { apply(action) }
        if !actions.isEmpty { refresh() }
        return actions
    }

    /// Lays the overlay out for a new window size.
    public func resize(to size: OverlaySize) {
        var next = model
        next.resize(to: size, at: clock.now())
        commit(next)
    }

    /// Reads the player again now (the controller also does on every player event and every
    /// `refreshInterval`).
    public func refresh() {
        var next = model
        next.update(snapshot(), at: clock.now())
        commit(next)
    }

    // MARK: - Observing

    private func observe() {
        let events = player.itemEvents()
        eventsTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.note(event)
                self.refresh()
            }
        }
        let clock = self.clock
        let interval = refreshInterval
        refreshTask = Task { [weak self] in
            var deadline = clock.now()
            while !Task.isCancelled {
                deadline += interval
                do { try await clock.sleep(until: deadline) } catch { return }
                guard let self else { return }
                self.refresh()
            }
        }
        if let item = player.currentItem { loadDetails(of: item) }
        // Devices come and go with route changes; list them again after each session event.
        let sessionEvents = player.audioSession.events()
        audioSessionTask = Task { [weak self] in
            for await _ in sessionEvents {
                guard let self else { return }
                self.reloadAudioOutputs()
            }
        }
        reloadAudioOutputs()
    }

    /// Lists the audio output devices again (no server: none, and the picker hides).
    func reloadAudioOutputs() {
        let session = player.audioSession
        Task { [weak self] in
            let devices = (try? await session.availableOutputs()) ?? []
            guard let self else { return }
            self.audioOutputDevices = devices
            self.refresh()
        }
    }

    private func observeInterstitials() {
        interstitialTask?.cancel()
        interstitialTask = nil
        if let updates = interstitialMonitor?.updates() {
            interstitialTask = Task { [weak self] in
                for await _ in updates {
                    guard let self else { return }
                    self.refresh()
                }
            }
        }
        refresh()
    }

    private func note(_ event: PlayerItemEvent) {
        switch event {
        case .didPlayToEnd(let itemID) where itemID == player.currentItem?.id:
            endedItemID = itemID
        case .currentItemChanged:
            endedItemID = nil
            pendingSeekTarget = nil
            if let item = player.currentItem { loadDetails(of: item) }
        case .seek, .timeControlStatus(.playing):
            endedItemID = nil
        case .readyToPlay(let itemID) where itemID == player.currentItem?.id:
            if let item = player.currentItem { loadDetails(of: item) }
        default:
            break
        }
    }

    /// Loads the title and the media-selection groups of `item` (once), then refreshes.
    private func loadDetails(of item: PlayerItem) {
        guard details.startLoading(item.id) else { return }
        let asset = item.asset
        let itemID = item.id
        Task { [weak self] in
            let metadata = try? await asset.load(.metadata)
            let groups = (try? await asset.load(.mediaSelectionGroups)) ?? []
            guard let self else { return }
            self.details.store(ItemDetails(title: metadata?.title, groups: groups), for: itemID)
            self.refresh()
        }
    }

    // MARK: - The model's state

    private func commit(_ next: PlayerControlsModel) {
        guard next != model else { return }
        model = next
        scheduleTimer()
        changeHandler?(model)
    }

    /// Keeps exactly one timer task, sleeping until the model's next deadline.
    private func scheduleTimer() {
        let deadline = model.nextDeadline
        guard deadline != timerDeadline else { return }
        timerTask?.cancel()
        timerDeadline = deadline
        guard let deadline else {
            timerTask = nil
            return
        }
        let clock = self.clock
        timerTask = Task { [weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            guard let self else { return }
            self.timerDeadline = nil
            var next = self.model
            next.advance(to: clock.now())
            self.commit(next)
            self.scheduleTimer()
        }
    }

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
        snapshot.title = details?.title ?? item.asset.url.lastPathComponent
        if let legible = details?.group(.legible) {
            snapshot.subtitleOptions = legible.options.map(\.displayName)
            snapshot.selectedSubtitleIndex = item.currentMediaSelection.selectedMediaOption(in: legible).flatMap {
                legible.options.firstIndex(of: $0)
            }
        }
        if let audible = details?.group(.audible) {
            snapshot.audioOptions = audible.options.map(\.displayName)
            snapshot.selectedAudioIndex = item.currentMediaSelection.selectedMediaOption(in: audible).flatMap {
                audible.options.firstIndex(of: $0)
            }
        }
        return snapshot
    }

    /// The primary item's breaks as timeline marks, and the break playing now.
    private func addInterstitials(to snapshot: inout PlaybackSnapshot, item: PlayerItem) {
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

    private func phase(of item: PlayerItem) -> PlaybackSnapshot.Phase {
        if let error = item.error { return .failed(message: error.message) }
        if endedItemID == item.id && player.rate == 0 { return .ended }
        switch player.timeControlStatus {
        case .paused: return .paused
        case .playing: return .playing
        case .waitingToPlayAtSpecifiedRate: return .waiting
        }
    }

    private static func seconds(of range: TimeRange) -> ClosedRange<Double>? {
        guard range.start.isNumeric, range.end.isNumeric, range.end >= range.start else { return nil }
        return range.start.seconds...range.end.seconds
    }
}
