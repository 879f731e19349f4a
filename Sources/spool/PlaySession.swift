import Foundation
import Spool
import SpoolUI

/// One run of `spool play`: the player, its outputs, and the loop that follows the player's
/// item events until the queue is done or the user quits.
///
/// The session is a composition of small observers (`PlaySessionObserver`). Its one loop hands
/// every item event to `itemObservers` in a fixed order: the event log, the controller hand-off
/// (the seed's spine, `ControllerHandOff`: every item the queue makes current is loaded through
/// `PlayerController`, which publishes its states to `stateStore`), the resume recorder, the
/// queue, the statistics and the failure skipper. The followers of other sources (the store,
/// the status line, the keys, Picture-in-Picture, the network path, interstitials, cues) run
/// tasks of their own, as do the desktop (`PlayDesktop`) and the IPC server
/// (`PlaySession+IPC`); the session stops them all when the loop ends.
@MainActor
final class PlaySession {
    let options: PlayOptions
    private let outputs: SelectedOutputs
    let player: QueuePlayer
    /// The state of the item the controller loaded last: the one the user sees.
    let stateStore = PlaybackStateStore()
    let clock: ContinuousClock
    private let events: EventLog
    private let names = PlayItemNames()
    private let handOff: ControllerHandOff
    private let queue: PlayQueue
    private let resume: PlayResumeRecorder
    private let statistics: PlayStatisticsCollector
    private let failures: PlayFailureSkipper
    private let states: PlaybackStateFollower
    private let statusLine: StatusLineUpdater
    private let interaction: PlayInteraction
    private let pictureInPicture: PictureInPictureFollower
    /// The A-B loop (`--ab-loop-*`, the IPC's properties, the `l` key).
    let abLoop: ABLoopFollower
    /// Every item event goes to these, in this order (see `PlaySessionObserver`).
    private let itemObservers: [any PlaySessionObserver]
    /// What `finish()` stops, in this order: the status line is cleared before the terminal
    /// is restored.
    private var observers: [any PlaySessionObserver]
    private var quitRequested = false
    /// MPRIS and the accessibility bus.
    private let desktop: PlayDesktop
    /// The view over the window (its controls off with `--no-osc`); `nil` without a window.
    private let playerView: PlayerView?
    /// input.conf's key bindings (none with `--no-config`).
    let bindings: InputBindings
    /// The player control bindings run their commands on when there is no IPC server.
    var ownBindingControl: QueuePlayerIPCControl?
    /// `--input-ipc-server` (PlaySession+IPC.swift); nil without it.
    var ipc: PlaySessionIPC?

    /// Sets up the player and every observer for `options`; throws when `--events`' file
    /// cannot be opened.
    init(options: PlayOptions, outputs: SelectedOutputs, clock: ContinuousClock) throws {
        self.options = options
        self.clock = clock
        bindings =
            options.readsConfiguration
            ? InputBindings.load(environment: ProcessInfo.processInfo.environment) { StandardError.report($0) }
            : InputBindings()
        self.outputs = outputs
        for notice in outputs.notices { StandardError.report(notice) }
        events = try EventLog(path: options.eventsPath, clock: clock)
        player = QueuePlayer.forPlaying(options: options, outputs: outputs, clock: clock)
        handOff = ControllerHandOff(player: player, stateStore: stateStore)
        statistics = PlayStatisticsCollector(prints: options.printsStatistics)
        let cues = PlayCueLogger(events: events, isEnabled: options.eventsPath != nil)
        queue = PlayQueue(player: player, options: options, names: names, cues: cues, statistics: statistics)
        resume = PlayResumeRecorder(player: player, names: names, queue: queue, clock: clock)
        failures = PlayFailureSkipper(
            player: player, events: events, names: names, handOff: handOff, statistics: statistics,
            keepsOpen: options.keepsOpen)
        let eventLogger = PlayEventLogger(events: events, names: names, player: player)
        abLoop = ABLoopFollower(player: player, a: options.abLoopA, b: options.abLoopB, count: options.abLoopCount)
        itemObservers = [eventLogger, handOff, resume, queue, statistics, failures, abLoop]
        states = PlaybackStateFollower(store: stateStore, events: events, names: names, clock: clock)
        statusLine = StatusLineUpdater(player: player, states: states)
        pictureInPicture = PictureInPictureFollower(player: player)
        playerView = Self.makeView(player: player, window: outputs.window, options: options, clock: clock)
        interaction = PlayInteraction(
            player: player, outputs: outputs, playerView: playerView, statusLine: statusLine,
            exactSeekLimit: options.exactSeekLimit)
        desktop = PlayDesktop(playerView: playerView, options: options, clock: clock)
        observers = [statusLine, states, cues, pictureInPicture, interaction, resume, abLoop]
        interaction.session = self
        playerView?.delegate = self
        playerView?.controls.stateStore = stateStore
        playerView?.controls.isPictureInPicturePossible = pictureInPicture.isPossible
        abLoop.onPointsChanged = { [weak playerView] points in playerView?.controls.loopPoints = points }
        outputs.onFrameLimitReached { [weak self] in
            Task { @MainActor in self?.quit() }
        }
        outputs.onWindowEvent { [weak self] event in
            Task { @MainActor in self?.interaction.handle(event) }
        }
    }

    /// Plays the queue to its end (or until the user quits) and returns the exit status: the one
    /// `quit N` asked for, else 1 if an input failed, else 0.
    func run() async -> Int32 {
        let stream = player.itemEvents()
        guard startIPC() else {
            finish()
            return 1
        }
        states.start()
        interaction.start()
        abLoop.start()
        statusLine.start(clock: clock)
        pictureInPicture.start(events: events, names: names, player: player, controls: playerView?.controls)
        observers.append(NetworkPathLogger(events: events, names: names, player: player))
        await desktop.start(
            player: player, stateStore: stateStore, onQuit: { [weak self] in self?.quit() },
            onFullscreen: { [weak self] in self?.outputs.toggleFullscreen() })
        if options.playsInterstitials {
            observers.append(
                InterstitialFollower(player: player, events: events, names: names, controls: playerView?.controls))
        }
        if options.resumes { await resume.open(for: options.inputs) }
        enqueue(options.inputs)
        resume.seekFirstItem(of: options.inputs.first, startSeconds: options.startSeconds)
        if !options.startsPaused { player.play() }
        resume.startRecording()
        for await event in stream {
            for observer in itemObservers { observer.handle(event) }
            // --loop keeps the next pass queued, so an emptied queue means every pass played.
            if quitRequested
                || (event == .currentItemChanged(itemID: nil) && player.currentItem == nil && !options.idles)
            {
                break
            }
        }
        await desktop.stop()
        await stopIPC()
        await resume.finish()
        await states.logFinalState(awaitingEndOf: quitRequested ? nil : handOff.activeItem)
        finish()
        return ipcExitCode ?? (failures.failures == 0 ? 0 : 1)
    }

    /// Quits once: the current item's statistics and position are kept, a `quit` line written,
    /// and the queue emptied, which ends the loop.
    func quit() {
        guard !quitRequested else { return }
        if let current = player.currentItem {
            statistics.collect(current.id)
            resume.noteWhereCurrentIsLeft()
        }
        quitRequested = true
        queue.isQuitting = true
        events.write("quit", item: names.currentName(in: player))
        player.removeAllItems()
    }

    /// Queues one pass over `inputs` (the command line's, a loop's, IPC's `loadfile`).
    func enqueue(_ inputs: [String]) { queue.enqueue(inputs) }

    /// `n`, Next: records where the current input was left, then goes on.
    func skipToNextItem() {
        resume.noteWhereCurrentIsLeft()
        player.advanceToNextItem()
    }

    /// `p` in the window: into the floating window, or back to the main one.
    func togglePictureInPicture() { pictureInPicture.toggle() }

    private func finish() {
        playerView?.stop()
        for observer in observers { observer.stop() }
        player.removeAllItems()
        player.closeAudioOutput()
        outputs.stop()
        events.close()
        statistics.printReport()
    }
}
