import Spool

/// `--events`: a `network` line for the path at the start and for every change the monitor sees
/// (status, and the interfaces traffic can leave by).
@MainActor
final class NetworkPathLogger: PlaySessionObserver {
    private var task: Task<Void, Never>?

    /// Logs to `events`, naming `player`'s current item by `names`, from now until `stop()`.
    init(events: EventLog, names: PlayItemNames, player: QueuePlayer) {
        let updates = PlaybackNetworkPath.shared.pathUpdates()
        task = Task {
            for await path in updates {
                events.write(
                    "network", item: names.currentName(in: player),
                    ["status": path.status.rawValue, "interfaces": path.availableInterfaces.map(\.name)])
            }
        }
    }

    /// Stops logging.
    func stop() { task?.cancel() }
}
