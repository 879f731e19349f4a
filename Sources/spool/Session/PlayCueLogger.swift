import Spool

/// `--events`: a `cue` line for every subtitle cue when it starts, with its own times.
@MainActor
final class PlayCueLogger: PlaySessionObserver {
    private let events: EventLog
    private let isEnabled: Bool
    /// Each followed item's task; a task leaves when its item is released (its stream ends).
    private var tasks: [ItemID: Task<Void, Never>] = [:]

    /// Logs to `events` when `isEnabled` (`--events` given); otherwise follows nothing.
    init(events: EventLog, isEnabled: Bool) {
        self.events = events
        self.isEnabled = isEnabled
    }

    /// Adds a legible output to `item` and logs its cues under `name`.
    func follow(_ item: PlayerItem, named name: String) {
        guard isEnabled else { return }
        let output = PlayerItemLegibleOutput()
        item.add(output)
        // The stream, not the output: the item owns the output, and releasing it ends the task.
        let cues = output.cues
        let id = item.id
        tasks[id] = Task { [weak self] in
            for await cue in cues {
                var fields: [String: any Sendable] = [
                    "start": cue.start.seconds, "end": cue.end.seconds, "text": cue.text,
                ]
                // A bitmap cue (PGS, DVD, DVB) has no text: its pictures' count says it came.
                if let bitmap = cue.bitmap { fields["images"] = bitmap.images.count }
                self?.events.write("cue", item: name, fields)
            }
            self?.tasks[id] = nil
        }
    }

    /// Ends every task still following an item.
    func stop() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
    }
}
