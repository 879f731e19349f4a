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
    /// The A-B loop's points in seconds (one while only A is set), marked on the timeline.
    public var loopPoints: [Double] = [] {
        didSet { if loopPoints != oldValue { refresh() } }
    }

    /// The interstitials of the player's items: with one, the timeline marks the breaks and a
    /// break shows "Ad" with its remaining time; with a `PlayerInterstitialEventController`,
    /// Skip ends a break that allows it. (Attaching a monitor turns on interstitial playback,
    /// so the app decides, not the view.)
    public var interstitialMonitor: PlayerInterstitialEventMonitor? {
        didSet { observeInterstitials() }
    }

    /// The app's state store (the one its `PlayerController` publishes to), the seed's spine
    /// for what the overlay shows: with one, the error banner, the spinner, paused and ended
    /// come from the store's state for the current item, which never carries a superseded
    /// item's late failure. Without one (or until the store has moved on to the current
    /// item) they come from the player.
    public var stateStore: PlaybackStateStore? {
        didSet { observeStateStore() }
    }
    /// The store's newest state; nil without a store.
    var storeState: PlaybackState?
    var storeTask: Task<Void, Never>?

    /// The route picker's devices, as last listed.
    var audioOutputDevices: [AudioOutputDevice] = []
    /// The route picker's devices by name (what `routeOutput(toDevice:)` takes), in the
    /// order of the snapshot's `audioOutputs`.
    public var audioOutputNames: [String] { audioOutputDevices.map(\.name) }
    /// The device last chosen in the picker, until the session reports its own.
    var routedDeviceName: String?
    var audioSessionTask: Task<Void, Never>?

    let clock: ControlsClock
    var interstitialTask: Task<Void, Never>?
    let refreshInterval: Duration
    var eventsTask: Task<Void, Never>?
    var refreshTask: Task<Void, Never>?
    private var timerTask: Task<Void, Never>?
    private var timerDeadline: Duration?
    var endedItemID: ItemID?
    /// Where the newest seek goes, until it lands: the label shows it meanwhile rather than
    /// jumping back to the old playhead.
    var pendingSeekTarget: Double?
    var details = ItemDetailsCache()

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
        for task in [eventsTask, refreshTask, timerTask, interstitialTask, audioSessionTask, storeTask] {
            task?.cancel()
        }
        storeTask = nil
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

}
