import Foundation
public import SpoolCore

/// A player's audio session (AVAudioSession's counterpart), realised on PulseAudio.
///
/// Each `Player` has its own (`player.audioSession`) rather than a process-wide singleton,
/// so players — and tests running side by side — never share policy state.
///
/// Guarantees:
/// - The category, mode and options decide the stream's `media.role` (see
///   `PulseMediaRole.init(session:)`): before playback for the stream it opens, and at once
///   for a stream already playing.
/// - Activation is deferred: nothing is opened until playback begins; the session becomes
///   active when the player's audio output joins it.
/// - Interruptions (the server's cork and uncork requests) and route changes (the sink we
///   play on removed, the default sink changed, our own moves, category changes) are
///   delivered, in order and on the main actor, to `events()` subscribers and as
///   `interruptionNotification` / `routeChangeNotification` with Apple's user-info fields.
/// - Unless `appliesDefaultPolicy` is off, the player follows Apple's guidelines without app
///   code: an interruption pauses it, its end with `shouldResume` resumes it if it was
///   playing, and losing the device pauses it (`AudioSessionPolicy`).
@MainActor
public final class AudioSession {
    /// The category type (AVAudioSession.Category).
    public typealias Category = AudioSessionCategory
    /// The mode type (AVAudioSession.Mode).
    public typealias Mode = AudioSessionMode
    /// The category options type (AVAudioSession.CategoryOptions).
    public typealias CategoryOptions = AudioSessionCategoryOptions
    /// The activation options type (AVAudioSession.SetActiveOptions).
    public typealias SetActiveOptions = AudioSessionSetActiveOptions
    /// The interruption type (AVAudioSession.InterruptionType).
    public typealias InterruptionType = AudioSessionInterruptionType
    /// The interruption options type (AVAudioSession.InterruptionOptions).
    public typealias InterruptionOptions = AudioSessionInterruptionOptions
    /// The route change reason type (AVAudioSession.RouteChangeReason).
    public typealias RouteChangeReason = AudioSessionRouteChangeReason

    /// The category; `playback` by default (a media player's).
    public private(set) var category: Category = .playback
    /// The mode; `moviePlayback` by default, so the stream's role is `video`.
    public private(set) var mode: Mode = .moviePlayback
    /// The options; none by default.
    public private(set) var categoryOptions: CategoryOptions = []
    /// Whether the session is active: set by `setActive`, and implicitly once playback begins.
    public private(set) var isActive = false
    /// Whether the player answers events itself as Apple's guidelines ask (pause on
    /// interruption and on a lost device, resume after an interruption). Apps that want to
    /// decide turn it off and observe `events()` or the notifications.
    public var appliesDefaultPolicy = true

    let router = AudioSessionRouter()
    weak var player: Player?
    private var policy = AudioSessionPolicy()
    private var subscribers: [UUID: AsyncStream<AudioSessionEvent>.Continuation] = [:]
    private var consumer: Task<Void, Never>?
    /// Set while the policy itself changes the player's rate, so that only other changes
    /// cancel a pending resume.
    private var isApplyingPolicy = false

    /// A session with the defaults, not yet attached to a player.
    init() {}

    /// Starts answering the router's signals for `player`.
    func attach(to player: Player) {
        self.player = player
        let signals = router.signals
        consumer = Task { [weak self] in
            for await signal in signals {
                guard let self else { return }
                self.handle(signal)
            }
        }
    }

    isolated deinit {
        consumer?.cancel()
        for subscriber in subscribers.values { subscriber.finish() }
    }

    /// Sets the category, mode and options (AVAudioSession.setCategory(_:mode:options:)).
    /// Throws for `defaultToSpeaker` outside `playAndRecord`, as Apple's does. While active,
    /// the playing stream takes the new role at once and a `categoryChange` route change is
    /// reported.
    public func setCategory(_ category: Category, mode: Mode = .default, options: CategoryOptions = [])
        throws(AudioSessionError)
    {
        if options.contains(.defaultToSpeaker), category != .playAndRecord {
            throw .incompatibleCategory("defaultToSpeaker needs the playAndRecord category")
        }
        let changed = (category, mode, options) != (self.category, self.mode, categoryOptions)
        self.category = category
        self.mode = mode
        categoryOptions = options
        let attributes = AudioSessionAttributes(category: category, mode: mode, options: options)
        if router.setAttributes(attributes), changed {
            deliver(.routeChange(.categoryChange, previousDevice: router.output?.currentDeviceName))
        }
    }

    /// Sets the mode, keeping the category and options (AVAudioSession.setMode(_:)).
    public func setMode(_ mode: Mode) throws(AudioSessionError) {
        try setCategory(category, mode: mode, options: categoryOptions)
    }

    /// Activates or deactivates the session (AVAudioSession.setActive(_:options:)).
    ///
    /// Activating opens nothing: the stream opens when playback begins. Deactivating pauses
    /// the player (its stream corks). With `notifyOthersOnDeactivation` and no current item
    /// (playback is over, when Apple's guidelines say to deactivate) the stream is also
    /// closed, so the server's policy modules end any interruption it caused; a current
    /// item keeps its stream, corked, so that it can play on.
    public func setActive(_ active: Bool, options: SetActiveOptions = []) {
        isActive = active
        guard !active else { return }
        policy.cancelPendingResume()
        withPolicy { player?.pause() }
        // Closing under a current item would silence it for good: its audio thread ends with
        // the device.
        if options.contains(.notifyOthersOnDeactivation), player?.currentItem == nil { player?.closeAudioOutput() }
    }

    /// The session's interruptions and route changes as they happen, for as long as the
    /// consumer iterates (AVAudioSession's notifications as a stream).
    public func events() -> AsyncStream<AudioSessionEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: AudioSessionEvent.self, bufferingPolicy: .unbounded)
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    /// Called by the player whenever its rate is set: a pause or play by anyone but the
    /// policy means the user decided, so an interruption's end must not override it.
    func playerRateWasSet() {
        if !isApplyingPolicy { policy.cancelPendingResume() }
    }

    private func handle(_ signal: AudioSessionRouter.Signal) {
        switch signal {
        case .outputAttached: isActive = true
        case .event(let event): deliver(event)
        }
    }

    /// Applies the default policy, then tells subscribers and the notification center.
    func deliver(_ event: AudioSessionEvent) {
        if appliesDefaultPolicy, let player {
            switch policy.action(for: event, isPlaying: player.rate != 0) {
            case .none: break
            case .pause: withPolicy { player.pause() }
            case .resume: withPolicy { player.play() }
            }
        }
        for subscriber in subscribers.values { subscriber.yield(event) }
        post(event)
    }

    private func withPolicy(_ body: () -> Void) {
        isApplyingPolicy = true
        defer { isApplyingPolicy = false }
        body()
    }
}

/// Why an audio session call was refused.
public enum AudioSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The options do not fit the category (AVAudioSession's paramErr).
    case incompatibleCategory(String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .incompatibleCategory(let reason): "audio session: \(reason)"
        }
    }
}
