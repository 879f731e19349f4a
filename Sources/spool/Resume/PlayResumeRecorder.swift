import Spool

/// Resume positions in a session (`PlayResume`; `--no-resume` turns them off): the first input
/// starts at `--start` or where the last run left it, a later input is sought there as it
/// starts opening; the playhead is recorded every `PlayResume.interval`, at quit and at Next,
/// and an item played to its end starts over next time.
@MainActor
final class PlayResumeRecorder: PlaySessionObserver {
    private let player: QueuePlayer
    private let names: PlayItemNames
    private let clock: ContinuousClock
    /// nil when off (`--no-resume`) or when the database cannot be opened.
    private var resume: PlayResume?
    private var recordingTask: Task<Void, Never>?
    private let queue: PlayQueue

    /// Records `player`'s positions under the inputs `names` gives; `queue` says which item
    /// was queued first.
    init(player: QueuePlayer, names: PlayItemNames, queue: PlayQueue, clock: ContinuousClock) {
        self.player = player
        self.names = names
        self.queue = queue
        self.clock = clock
    }

    /// Opens the database and loads the positions of `inputs`; stays off if it cannot.
    func open(for inputs: [String]) async {
        guard let resume = await PlayResume.open() else { return }
        await resume.load(inputs)
        self.resume = resume
    }

    /// `--start` (`startSeconds`), else where the last run left `input`: seeks the first item
    /// while it is still opening. Seeking once it is ready lets untimed playback present frames
    /// before the target first.
    func seekFirstItem(of input: String?, startSeconds: Double?) {
        guard let start = startSeconds ?? input.flatMap({ resume?.startPosition(for: $0) }) else { return }
        seekExactly(to: start)
    }

    /// A later input starts where the last run left it; an item played to its end starts over.
    func handle(_ event: PlayerItemEvent) {
        switch event {
        case .currentItemChanged(let id?):
            guard id != queue.firstItem, let input = names.input(of: id),
                let seconds = resume?.startPosition(for: input)
            else { return }
            seekExactly(to: seconds)
        case .didPlayToEnd(let id):
            if let input = names.input(of: id) { resume?.recordFinished(input) }
        default:
            break
        }
    }

    /// Records where the current input is every `PlayResume.interval` and saves it, so a kill
    /// loses at most that much.
    func startRecording() {
        guard resume != nil else { return }
        recordingTask = Task { [weak self, clock] in
            while !Task.isCancelled {
                try? await clock.sleep(for: PlayResume.interval)
                guard let self, let resume = self.resume else { return }
                self.noteWhereCurrentIsLeft()
                await resume.save()
            }
        }
    }

    /// Records where the current item is now (on quit and on Next; saved by the next save).
    func noteWhereCurrentIsLeft() {
        guard let resume, let id = player.currentItem?.id, let input = names.input(of: id) else { return }
        let now = player.currentTime()
        guard now.isNumeric else { return }
        resume.record(now.seconds, duration: player.currentDurationSeconds, for: input)
    }

    /// Stops recording and saves what was recorded.
    func finish() async {
        stop()
        await resume?.save()
    }

    /// Stops the periodic recording.
    func stop() { recordingTask?.cancel() }

    /// The seek reaches the engine before this returns (the handler form registers it at once).
    private func seekExactly(to seconds: Double) {
        let target = MediaTime(seconds: seconds, preferredTimescale: 1000)
        player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { _ in }
    }
}
