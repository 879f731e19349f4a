import Foundation

/// Publishes a `NowPlayingInfoCenter` and a `RemoteCommandCenter` as an MPRIS2 media player
/// on the D-Bus session bus, so desktop media widgets, media keys and `playerctl` see and
/// control the app (the Linux counterpart of the system reading MPNowPlayingInfoCenter).
///
/// Guarantees:
/// - The D-Bus connection lives on a thread of its own (`spool.dbus`); nothing here blocks
///   the main actor or the cooperative pool.
/// - Every client request reaches the command handlers on the main actor, one at a time, in
///   arrival order, and the client's reply is sent after the handler returned (see
///   `MPRISCommandDispatcher` for how statuses become replies).
/// - Every change of a broadcast property is announced with `PropertiesChanged`, at most one
///   signal per `propertiesChangedInterval`, carrying the latest values. `Position` is read
///   from the center when asked and never broadcast; a jump of `elapsedPlaybackTime` is
///   announced with `Seeked`.
/// - When `stop()` returns, the bus name is released and the connection closed.
@MainActor
public final class MPRISServer {
    /// The center whose info is published.
    public let nowPlayingInfoCenter: NowPlayingInfoCenter
    /// The center whose commands clients call.
    public let remoteCommandCenter: RemoteCommandCenter
    /// How the player presents itself.
    public let configuration: Configuration
    /// The well-known name owned while running (`org.mpris.MediaPlayer2.spool`), else `nil`.
    public private(set) var busName: String?

    private let now: @Sendable () -> Duration
    private var mailbox: BusMailbox<MPRISBusRequest>?
    private var isStarting = false
    private var lifecycle: BusThreadLifecycle?
    private var observerIDs: (info: Int, commands: Int)?
    private var trackIdentity = MPRISTrackIdentity()
    private var positionModel: PlaybackPositionModel
    private var snapshot = MPRISSnapshot()
    private var publishedTable: MPRISPropertyTable?

    /// A server for the two centers; nothing is published until `start()`. `clock` times the
    /// signal throttle and extrapolates the position.
    public init<C: Clock>(
        nowPlayingInfoCenter: NowPlayingInfoCenter, remoteCommandCenter: RemoteCommandCenter,
        configuration: Configuration = Configuration(), clock: C
    ) where C.Duration == Duration {
        self.nowPlayingInfoCenter = nowPlayingInfoCenter
        self.remoteCommandCenter = remoteCommandCenter
        self.configuration = configuration
        let start = clock.now
        now = { start.duration(to: clock.now) }
        positionModel = PlaybackPositionModel(threshold: configuration.seekThreshold)
    }

    /// A server dropped while running stops its thread (without waiting for it).
    isolated deinit {
        if let observerIDs {
            nowPlayingInfoCenter.observers.remove(observerIDs.info)
            remoteCommandCenter.observers.remove(observerIDs.commands)
        }
        mailbox?.post(.stop)
    }

    /// Connects to the bus, exports `/org/mpris/MediaPlayer2` and takes a bus name; returns
    /// when clients can see the player. Throws `noServer` without a session bus, `nameTaken`
    /// when every candidate name is owned. Calling it while running does nothing.
    public func start() async throws(DBusError) {
        guard mailbox == nil, !isStarting else { return }
        guard let mailbox = BusMailbox<MPRISBusRequest>() else {
            throw .failed.with(message: "no file descriptors left for the bus thread")
        }
        isStarting = true
        defer { isStarting = false }
        updateSnapshot()
        let table = MPRISPropertyTable(snapshot, configuration: configuration)
        let (calls, callSink) = AsyncStream.makeStream(of: MPRISIncomingCall.self)
        let lifecycle = BusThreadLifecycle()
        let started = await Self.startThread(
            configuration: configuration, table: table, mailbox: mailbox, calls: callSink, lifecycle: lifecycle,
            now: now)
        busName = try started.get()
        self.mailbox = mailbox
        self.lifecycle = lifecycle
        publishedTable = table
        observerIDs = (
            nowPlayingInfoCenter.observers.add { [weak self] in self?.centersChanged() },
            remoteCommandCenter.observers.add { [weak self] in self?.centersChanged() }
        )
        centersChanged()  // the centers may have changed while the thread was starting
        Task { [weak self] in
            for await call in calls {
                guard let self else { return }
                mailbox.post(.answer(token: call.token, answer(call.request)))
            }
            self?.busThreadEnded(mailbox)
        }
    }

    /// Releases the bus name and closes the connection; returns when both are done. Calls
    /// still unanswered get an error. Idempotent.
    public func stop() async {
        guard let mailbox, let lifecycle else { return }
        mailbox.post(.stop)
        await lifecycle.waitUntilFinished()
        busThreadEnded(mailbox)
    }

    private func busThreadEnded(_ endedMailbox: BusMailbox<MPRISBusRequest>) {
        guard mailbox === endedMailbox else { return }
        if let observerIDs {
            nowPlayingInfoCenter.observers.remove(observerIDs.info)
            remoteCommandCenter.observers.remove(observerIDs.commands)
        }
        observerIDs = nil
        mailbox = nil
        lifecycle = nil
        busName = nil
        publishedTable = nil
    }

    private nonisolated static func startThread(
        configuration: Configuration, table: MPRISPropertyTable, mailbox: BusMailbox<MPRISBusRequest>,
        calls: AsyncStream<MPRISIncomingCall>.Continuation, lifecycle: BusThreadLifecycle,
        now: @escaping @Sendable () -> Duration
    ) async -> Result<String, DBusError> {
        await BusServiceThread.start(name: "spool.dbus", lifecycle: lifecycle, finished: { calls.finish() }) {
            () throws(DBusError) in
            try MPRISBusService(configuration: configuration, table: table, mailbox: mailbox, calls: calls, now: now)
        }
    }

    /// Recomputes what clients see after a change to either center, and posts what changed.
    private func centersChanged() {
        updateSnapshot()
        let jump = positionModel.update(
            elapsed: snapshot.info?.elapsedPlaybackTime, rate: snapshot.effectiveRate, trackID: snapshot.trackID,
            at: now())
        guard let mailbox else { return }
        let table = MPRISPropertyTable(snapshot, configuration: configuration)
        if table != publishedTable {
            publishedTable = table
            mailbox.post(.properties(table))
        }
        if let jump, let microseconds = MPRISTime.microseconds(jump) {
            mailbox.post(.seeked(positionMicroseconds: microseconds))
        }
    }

    private func updateSnapshot() {
        let info = nowPlayingInfoCenter.nowPlayingInfo
        snapshot = MPRISSnapshot(
            info: info, playbackState: nowPlayingInfoCenter.playbackState,
            commands: RemoteCommandAvailability(remoteCommandCenter), trackID: trackIdentity.trackID(for: info))
    }

    /// The position clients see: the center's live source if it has one, else the
    /// extrapolation of `elapsedPlaybackTime`, within the track's duration.
    var currentPosition: TimeInterval? {
        let position = nowPlayingInfoCenter.playbackPositionSource?() ?? positionModel.position(at: now())
        guard let position else { return nil }
        return min(position, snapshot.info?.playbackDuration ?? .infinity)
    }

    private func answer(_ request: MPRISRequest) -> MPRISAnswer {
        let context = MPRISCommandDispatcher.Context(
            position: currentPosition, duration: snapshot.info?.playbackDuration, trackID: snapshot.trackID,
            isPlaying: snapshot.playbackStatus == "Playing", supportedURISchemes: configuration.supportedURISchemes)
        return MPRISCommandDispatcher.perform(request, on: remoteCommandCenter, context: context)
    }
}
