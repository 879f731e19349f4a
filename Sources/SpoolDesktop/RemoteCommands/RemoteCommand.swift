/// What a remote-command handler reports (MPRemoteCommandHandlerStatus).
public enum RemoteCommandHandlerStatus: Sendable, Equatable {
    /// The command did what it asked.
    case success
    /// The content the command refers to does not exist (for example a track past the end).
    case noSuchContent
    /// There is nothing playing the command could act on.
    case noActionableNowPlayingItem
    /// The command was understood but failed.
    case commandFailed
}

/// Identifies one handler added to a `RemoteCommand`, for `removeTarget(_:)`.
public struct RemoteCommandTarget: Hashable, Sendable {
    let id: Int
}

/// One remote command — play, pause, seek… — that the desktop can send (MPRemoteCommand).
///
/// A command is *active* when it is enabled and has at least one target; publishers show
/// inactive commands as unavailable (MPRIS `CanPlay` false, say) and never call them.
/// Handlers run on the main actor, one command at a time, in the order the commands arrived.
@MainActor
public class RemoteCommand<Event: Sendable> {
    /// Whether the command is offered. Disabled commands keep their targets.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { changed() } }
    }

    private var targets: [(target: RemoteCommandTarget, handler: @MainActor (Event) -> RemoteCommandHandlerStatus)] =
        []
    private var nextTargetID = 0
    /// Tells the owning center (and so its publishers) that availability or state changed.
    let changed: @MainActor () -> Void

    init(changed: @escaping @MainActor () -> Void) {
        self.changed = changed
    }

    /// Whether the command is enabled and has a target, so a publisher may offer it.
    public var isActive: Bool { isEnabled && !targets.isEmpty }

    /// Adds `handler`, called on the main actor with each command event. Returns the token
    /// that `removeTarget(_:)` takes.
    @discardableResult
    public func addTarget(handler: @escaping @MainActor (Event) -> RemoteCommandHandlerStatus) -> RemoteCommandTarget {
        nextTargetID += 1
        let target = RemoteCommandTarget(id: nextTargetID)
        targets.append((target, handler))
        if targets.count == 1 { changed() }
        return target
    }

    /// Removes the handler `target` (nothing if it is already gone).
    public func removeTarget(_ target: RemoteCommandTarget) {
        let before = targets.count
        targets.removeAll { $0.target == target }
        if before > 0, targets.isEmpty { changed() }
    }

    /// Removes every handler (MPRemoteCommand's `removeTarget(nil)`).
    public func removeAllTargets() {
        guard !targets.isEmpty else { return }
        targets.removeAll()
        changed()
    }

    /// Sends `event` to the handlers as a publisher does: `nil` when the command is not
    /// active; otherwise every handler runs, in the order added, and the result is the first
    /// status other than `.success` (or `.success`).
    public func perform(_ event: Event) -> RemoteCommandHandlerStatus? {
        guard isActive else { return nil }
        var status = RemoteCommandHandlerStatus.success
        for (_, handler) in targets {
            let result = handler(event)
            if status == .success { status = result }
        }
        return status
    }
}
