import Foundation
import Spool
import SpoolUI

/// One run of `spool play`: the player, its outputs, the event log, and the loop that
/// follows the player's events until the queue is done or the user quits.
///
/// The seed's core is its spine: every item the queue makes current (the first, Next, the
/// advance at an item's end, a failure's skip) is loaded through `PlayerController`, which
/// publishes that item's states to `stateStore`. The status line, MPRIS, the on-screen
/// controls and `--events`' `playback` lines read the store, so a skipped item's late failure
/// reaches none of them.
@MainActor
final class PlaySession {
    let options: PlayOptions
    private let outputs: SelectedOutputs
    let player: QueuePlayer
    /// The state of the item the controller loaded last: the one the user sees.
    let stateStore = PlaybackStateStore()
    private let engine: QueuePlayerEngine
    private let controller: PlayerController<PropertyAssetLoader<URLAsset>, QueuePlayerEngine>
    /// The store's newest state (the status line reads it).
    private var playbackState = PlaybackState.idle
    private var stateTask: Task<Void, Never>?
    /// The store's state last written as a `playback` line (or, without an item, last seen).
    private var loggedState: PlaybackState?
    /// The item last handed to the controller: only its failures are the user's to see.
    private var activeItem: ItemID?
    private let events: EventLog
    private var itemNames: [ItemID: String] = [:]
    private var items: [ItemID: PlayerItem] = [:]
    private var pendingInputs: [String]
    /// Passes still to queue after the ones queued so far (`--loop`); nil loops forever.
    private var loopsLeft: Int?
    /// The first item of the newest pass: when it becomes current, the next pass is queued.
    private var newestPassStart: ItemID?
    private var failures = 0
    private var finishedStatistics: [PlaybackStatistics] = []
    private var quitRequested = false
    private let statusLine = StatusLine()
    private var keys: TerminalKeys?
    private var statusTask: Task<Void, Never>?
    /// Resume positions (`--no-resume` turns them off); `nil` when off or unavailable.
    private var resume: PlayResume?
    private var resumeTask: Task<Void, Never>?
    private var interruptSource: (any DispatchSourceSignal)?
    let clock: ContinuousClock
    private var desktop: DesktopPublishing?
    /// The tasks logging each item's cues; they end when their item is released.
    private var cueTasks: [ItemID: Task<Void, Never>] = [:]
    /// Picture-in-Picture for the SDL window (`p` in the window); `nil` without one.
    private var pictureInPicture: PictureInPictureController?
    private var pictureInPictureTask: Task<Void, Never>?
    private var interstitials: PlayerInterstitialEventMonitor?
    private var interstitialTask: Task<Void, Never>?
    private var networkTask: Task<Void, Never>?
    /// The view over the window (its controls off with `--no-osc`); `nil` without a window.
    private var playerView: PlayerView?
    /// input.conf's key bindings (none with `--no-config`).
    let bindings: InputBindings
    /// The player control bindings run their commands on when there is no IPC server.
    var ownBindingControl: QueuePlayerIPCControl?
    /// The controls on the desktop's accessibility bus (AT-SPI), with the view.
    private var accessibility: AccessibilityBridge?
    /// `--input-ipc-server` (PlaySession+IPC.swift); nil without it.
    var ipc: PlaySessionIPC?

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
        let configuration = PlayerConfiguration(
            makeAudioOutput: outputs.makeAudioOutput, videoOutput: outputs.videoOutput,
            isUntimed: outputs.isUntimed, decoderThreads: options.decoderThreads, clock: clock)
        switch options.loop {
        case .times(let times): loopsLeft = times - 1
        case .forever: loopsLeft = nil
        }
        pendingInputs = []
        player = QueuePlayer(items: [], configuration: configuration)
        player.prerollsNextItem = options.isGapless
        player.defaultRate = options.speed
        player.volume = options.volumePercent / 100
        player.isMuted = options.isMuted
        // The queue keeps its rate across items (a paused playlist stays paused, as in mpv).
        engine = QueuePlayerEngine(queue: player, playsWhenLoaded: false)
        controller = PlayerController(player: engine, loader: engine.loader, stateStore: stateStore)
        if let language = options.audioLanguage {
            player.setMediaSelectionCriteria(
                MediaSelectionCriteria(preferredLanguages: [language]), forMediaCharacteristic: .audible)
        }
        if let languages = options.subtitleLanguages {
            player.setMediaSelectionCriteria(
                MediaSelectionCriteria(preferredLanguages: languages), forMediaCharacteristic: .legible)
        }
        outputs.onFrameLimitReached { [weak self] in
            Task { @MainActor in self?.quit() }
        }
        outputs.onWindowEvent { [weak self] event in
            Task { @MainActor in self?.handle(event) }
        }
        pictureInPicture = PictureInPictureController(player: player)
        playerView = Self.makeView(player: player, window: outputs.window, options: options, clock: clock)
        playerView?.delegate = self
        playerView?.controls.stateStore = stateStore
        playerView?.controls.isPictureInPicturePossible = pictureInPicture != nil
        accessibility = playerView.flatMap {
            guard $0.showsPlaybackControls else { return nil }
            return AccessibilityBridge(controls: $0.controls, applicationName: options.mprisName, clock: clock)
        }
    }

    func run() async -> Int32 {
        let stream = player.itemEvents()
        guard startIPC() else {
            finish()
            return 1
        }
        followStateStore()
        startInteraction()
        followPictureInPicture()
        logNetworkPath()
        if let accessibility {
            // Without an accessibility bus (no at-spi2-core) the controls stay unpublished.
            Task { try? await accessibility.start() }
        }
        if options.publishesMPRIS {
            desktop = await DesktopPublishing.start(
                player: player, stateStore: stateStore, name: options.mprisName,
                artworkDirectory: options.writesNowPlayingArtwork ? Self.artworkDirectory() : nil,
                onQuit: { [weak self] in self?.quit() },
                onFullscreen: { [weak self] in self?.outputs.toggleFullscreen() })
        }
        if options.playsInterstitials { followInterstitials() }
        if options.resumes, let resume = await PlayResume.open() {
            await resume.load(options.inputs)
            self.resume = resume
        }
        enqueue(options.inputs)
        applyStartPosition()
        if !options.startsPaused { player.play() }
        recordPositionsWhilePlaying()
        for await event in stream {
            handle(event)
            // --loop keeps the next pass queued, so an emptied queue means every pass played.
            if quitRequested
                || (event == .currentItemChanged(itemID: nil) && player.currentItem == nil && !options.idles)
            {
                break
            }
        }
        await desktop?.stop()
        await stopIPC()
        resumeTask?.cancel()
        await resume?.save()
        await logFinalState()
        finish()
        return ipcExitCode ?? (failures == 0 ? 0 : 1)
    }

    func quit() {
        guard !quitRequested else { return }
        if let current = player.currentItem {
            collectStatistics(current.id)
            noteWhereLeft(current.id)
        }
        quitRequested = true
        events.write("quit", item: currentName)
        player.removeAllItems()
    }

    /// `--start`, else where the last run left the first input: seeks the first item while it
    /// is still opening. Seeking once it is ready lets untimed playback present frames before
    /// the target first.
    private func applyStartPosition() {
        let resumed = options.inputs.first.flatMap { resume?.startPosition(for: $0) }
        guard let start = options.startSeconds ?? resumed else { return }
        // The seek reaches the engine before this returns (the handler form registers it at once).
        let target = MediaTime(seconds: start, preferredTimescale: 1000)
        player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { _ in }
    }

    /// `$XDG_CACHE_HOME/spool/now-playing` (or `~/.cache/…`): where cover art for MPRIS goes.
    private static func artworkDirectory() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let cache =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("spool/now-playing", isDirectory: true)
    }

    private var currentName: String? { player.currentItem.flatMap { name(of: $0.id) } }

    /// The input's name, or for an interstitial's asset "interstitial:ID".
    private func name(of id: ItemID) -> String? {
        itemNames[id] ?? interstitials?.currentEvent.map { "interstitial:\($0.identifier)" }
    }

    /// Turns interstitial playback on and logs each event's start and end (`--events`).
    private func followInterstitials() {
        let monitor = PlayerInterstitialEventMonitor(primaryPlayer: player)
        interstitials = monitor
        playerView?.controls.interstitialMonitor = monitor
        let updates = monitor.updates()
        interstitialTask = Task { [weak self] in
            var playing: PlayerInterstitialEvent?
            for await update in updates {
                guard let self, case .currentEventChanged(let event) = update else { continue }
                if let playing {
                    self.events.write("interstitialEnd", item: self.primaryName, Self.fields(of: playing))
                }
                if let event { self.events.write("interstitialStart", item: self.primaryName, Self.fields(of: event)) }
                playing = event
            }
        }
    }

    private var primaryName: String? {
        interstitials?.currentEvent.flatMap { itemNames[$0.primaryItemID] }
            ?? player.currentItem.flatMap { itemNames[$0.id] }
    }

    private static func fields(of event: PlayerInterstitialEvent) -> [String: any Sendable] {
        [
            "id": event.identifier, "time": event.time.seconds,
            "asset": event.assetURLs.first?.absoluteString ?? event.assetListURL?.absoluteString ?? "",
        ]
    }

    /// Queues one pass over `inputs`.
    func enqueue(_ inputs: [String]) {
        newestPassStart = nil
        for input in inputs {
            let item = PlayerItem(url: ProbeCommand.location(of: input))
            item.preferredPeakBitRate = options.maxBitrate
            item.preferredMaximumResolution = options.maxResolution
            item.preferredForwardBufferDuration = options.bufferSeconds
            item.preferredVariantIndex = options.variant
            item.externalSubtitleURL = options.subtitlePath.map { URL(fileURLWithPath: $0) }
            logCues(of: item, named: input)
            item.limitsResolutionToViewport = options.limitsResolutionToViewport
            item.failsOnEarlyEnd = options.failsOnEarlyEnd
            itemNames[item.id] = input
            items[item.id] = item
            if newestPassStart == nil { newestPassStart = item.id }
            if firstItem == nil { firstItem = item.id }
            player.insert(item, after: nil)
        }
        keepLastItemOpenIfAsked()
    }

    /// `--loop`: once the newest pass starts playing, the next one is queued behind it. A queue
    /// player that runs out pauses, so a pass queued only after the previous one emptied the
    /// queue would sit paused; queued ahead, the queue advances into it like into any next item.
    /// A later input starts where the last run left it: sought exactly as it starts opening.
    private func resumeIfDue(startingItem id: ItemID) {
        guard id != firstItem, let input = itemNames[id], let seconds = resume?.startPosition(for: input) else {
            return
        }
        let target = MediaTime(seconds: seconds, preferredTimescale: 1000)
        player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { _ in }
    }

    /// The item `enqueue` made first: its start is `applyStartPosition`'s.
    private var firstItem: ItemID?

    /// Records where the current input is every `PlayResume.interval` and saves it, so a kill
    /// loses at most that much.
    private func recordPositionsWhilePlaying() {
        guard resume != nil else { return }
        resumeTask = Task { [weak self, clock] in
            while !Task.isCancelled {
                try? await clock.sleep(for: PlayResume.interval)
                guard let self, let resume = self.resume else { return }
                if let item = self.player.currentItem { self.noteWhereLeft(item.id) }
                await resume.save()
            }
        }
    }

    /// Records where the current item `id` is now (every interval, on quit and on next).
    private func noteWhereLeft(_ id: ItemID) {
        guard let resume, let input = itemNames[id] else { return }
        let now = player.currentTime()
        guard now.isNumeric else { return }
        resume.record(now.seconds, duration: durationSeconds(), for: input)
    }

    private func queueNextPassIfDue(startingItem id: ItemID) {
        guard id == newestPassStart, !quitRequested, loopsLeft.map({ $0 > 0 }) ?? true else { return }
        loopsLeft = loopsLeft.map { $0 - 1 }
        enqueue(options.inputs)
    }

    /// `--events`: a `cue` line for every subtitle cue when it starts, with its own times.
    private func logCues(of item: PlayerItem, named name: String) {
        guard options.eventsPath != nil else { return }
        let output = PlayerItemLegibleOutput()
        item.add(output)
        // The stream, not the output: the item owns the output, and releasing it ends the task.
        let cues = output.cues
        cueTasks[item.id] = Task { [weak self] in
            for await cue in cues {
                var fields: [String: any Sendable] = [
                    "start": cue.start.seconds, "end": cue.end.seconds, "text": cue.text,
                ]
                // A bitmap cue (PGS, DVD, DVB) has no text: its pictures' count says it came.
                if let bitmap = cue.bitmap { fields["images"] = bitmap.images.count }
                self?.events.write("cue", item: name, fields)
            }
        }
    }

    /// `--events`: a "network" line for the path at the start and for every change the
    /// monitor sees (status, and the interfaces traffic can leave by).
    private func logNetworkPath() {
        let updates = PlaybackNetworkPath.shared.pathUpdates()
        networkTask = Task { [weak self] in
            for await path in updates {
                guard let self else { return }
                self.events.write(
                    "network", item: self.currentName,
                    ["status": path.status.rawValue, "interfaces": path.availableInterfaces.map(\.name)])
            }
        }
    }

    private func handle(_ event: PlayerItemEvent) {
        switch event {
        case .currentItemChanged(let id):
            if let id {
                events.write("item", item: name(of: id))
                loadThroughController(id)
                resumeIfDue(startingItem: id)
                queueNextPassIfDue(startingItem: id)
            }
            keepLastItemOpenIfAsked()
        case .readyToPlay(let id):
            var fields: [String: any Sendable] = ["duration": durationSeconds().map { $0 as any Sendable } ?? NSNull()]
            if let selection = player.currentItem?.currentMediaSelection {
                fields["audioLanguage"] = selection.audible?.extendedLanguageTag ?? NSNull()
                fields["subtitleLanguage"] = selection.legible?.extendedLanguageTag ?? NSNull()
            }
            events.write("ready", item: name(of: id), fields)
        case .timeControlStatus(let status):
            events.write("state", item: currentName, ["state": "\(status)"])
        case .stalled(let id):
            events.write("stall", item: itemNames[id])
        case .stallEnded(let id):
            events.write("stallEnded", item: itemNames[id])
        case .reasonForWaitingToPlay(let reason):
            events.write("waiting", item: currentName, ["reason": reason?.rawValue ?? NSNull()])
            if reason == .waitingForNetwork {
                StandardError.report("\(currentName ?? "spool"): the network is down; waiting for it to return")
            }
        case .seek(let id, let target, let landed, let finished):
            events.write(
                "seek", item: itemNames[id],
                [
                    "target": target.seconds, "landed": landed.map { $0.seconds as any Sendable } ?? NSNull(),
                    "finished": finished,
                ])
        case .endedEarly(let id, let warning):
            // One line, and the item still ends normally (exit 0), as with mpv and ffmpeg.
            let name = name(of: id) ?? "?"
            StandardError.report(
                "warning: " + (warning.message.contains(name) ? warning.message : "\(name): \(warning.message)"))
            events.write("warning", item: name, ["message": warning.message, "code": warning.code.rawValue])
        case .didPlayToEnd(let id):
            events.write("ended", item: name(of: id))
            collectStatistics(id)
            if let input = itemNames[id] { resume?.recordFinished(input) }
        case .failed(let id, let error), .failedToPlayToEnd(let id, let error):
            guard itemNames[id] != nil else {
                // An interstitial's asset: reported, and skipped by the scheduler.
                StandardError.report("\(name(of: id) ?? "interstitial"): \(error.message)")
                events.write("error", item: name(of: id), ["message": error.message, "code": error.code.rawValue])
                return
            }
            guard id == activeItem else { return }  // a skipped item's late failure: stale
            failures += 1
            let name = itemNames[id] ?? "?"
            StandardError.report(error.message.contains(name) ? error.message : "\(name): \(error.message)")
            events.write("error", item: name, ["message": error.message, "code": error.code.rawValue])
            collectStatistics(id)
            if player.currentItem?.id == id, !(options.keepsOpen && isLastItem) {
                // A failure pauses the player; the queue goes on with the next input (with
                // --keep-open the last one stays, its error on screen, until the user acts).
                player.advanceToNextItem()
                player.play()
            }
        }
    }

    /// Hands the queue's new current item `id` to the controller: the store begins it, its
    /// asset load awaits the queue's own probe, and its states follow.
    private func loadThroughController(_ id: ItemID) {
        guard let item = player.currentItem, item.id == id else { return }
        activeItem = id
        engine.load(item, with: controller)
    }

    /// Follows the store: the status line's state, and `--events`' `playback` lines (the
    /// store's states, each for the item it names).
    private func followStateStore() {
        let store = stateStore
        stateTask = Task { [weak self] in
            for await state in await store.updates() {
                guard let self else { return }
                self.logState(state)
            }
        }
    }

    private func logState(_ state: PlaybackState) {
        playbackState = state
        loggedState = state
        guard let itemID = state.itemID else { return }
        var fields: [String: any Sendable] = ["state": state.eventName]
        if case .failed(_, let message) = state { fields["message"] = message }
        events.write("playback", item: name(of: itemID), fields)
    }

    /// Logs the store's last state if the follower has not yet: the queue's end stops the
    /// session right after the player's last end, before the controller has brought that end
    /// to the store and the follower has run again, and the last `playback` line (the last
    /// item's `ended`) was lost. At the queue's end it waits (at most 2 s) for the store to
    /// settle on an end or a failure; after a quit the state is whatever it was.
    private func logFinalState() async {
        var final = await stateStore.state
        if !quitRequested, let activeItem {
            let deadline = clock.now.advanced(by: .seconds(2))
            while !final.hasEnded(activeItem), clock.now < deadline {
                try? await clock.sleep(for: .milliseconds(10))
                final = await stateStore.state
            }
        }
        if final != loggedState { logState(final) }
    }

    private func durationSeconds() -> Double? {
        guard let duration = player.currentItem?.duration, duration.isNumeric else { return nil }
        return duration.seconds
    }

    private func collectStatistics(_ id: ItemID) {
        if let item = items.removeValue(forKey: id) { finishedStatistics.append(item.statistics) }
        cueTasks.removeValue(forKey: id)
    }

    private func startInteraction() {
        keys = TerminalKeys { press in
            Task { @MainActor [weak self] in
                guard let self, !self.runBinding(for: press.name) else { return }
                if let key = press.builtIn { self.handle(key) }
            }
        }
        if statusLine.isEnabled {
            statusTask = Task { [weak self, clock] in
                while !Task.isCancelled {
                    guard let self else { return }
                    self.statusLine.show(player: self.player, state: self.playbackState)
                    try? await clock.sleep(for: .milliseconds(250))
                }
            }
        }
        // Ctrl-C quits like `q`: the terminal is restored and --stats still printed.
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.quit() } }
        source.resume()
        interruptSource = source
    }

    private func handle(_ event: VideoWindowEvent) {
        // With the on-screen controls, the view takes the window's input (and asks back).
        guard playerView?.showsPlaybackControls != true else { return }
        if case .keyDown(let key, _) = event, let name = key.bindingName, runBinding(for: name) { return }
        switch event {
        case .quitRequested: quit()
        case .keyDown(let key, _):
            switch key {
            case .space: handle(PlayerKey.togglePause)
            case .left: handle(PlayerKey.seekBy(-5))
            case .right: handle(PlayerKey.seekBy(5))
            case .up: handle(PlayerKey.seekBy(60))
            case .down: handle(PlayerKey.seekBy(-60))
            case .pageUp: handle(PlayerKey.chapter(1))
            case .pageDown: handle(PlayerKey.chapter(-1))
            case .leftBracket: handle(PlayerKey.speedDown)
            case .rightBracket: handle(PlayerKey.speedUp)
            case .nine: handle(PlayerKey.volumeDown)
            case .zero: handle(PlayerKey.volumeUp)
            case .m: handle(PlayerKey.toggleMute)
            case .n: handle(PlayerKey.next)
            case .q, .escape: handle(PlayerKey.quit)
            case .f: outputs.toggleFullscreen()
            case .p: togglePictureInPicture()
            case .other(code: 0x73): handle(PlayerKey.screenshot)  // `s` (SDL's code is the character)
            default: break
            }
        case .click(_, _, let clickCount) where clickCount == 2: outputs.toggleFullscreen()
        default: break
        }
    }

    /// `p` in the window: into the floating window, or back to the main one. The floating
    /// window's own buttons are handled by the controller.
    func togglePictureInPicture() {
        guard let pictureInPicture else { return }
        if pictureInPicture.isPictureInPictureActive {
            pictureInPicture.stopPictureInPicture()
        } else {
            // Refusals (an audio-only item, nothing shown yet) arrive as events.
            pictureInPicture.startPictureInPicture()
        }
    }

    /// Logs Picture-in-Picture transitions (`pictureInPicture` in `--events`) and reports why
    /// it could not start.
    private func followPictureInPicture() {
        guard let pictureInPicture else { return }
        let stream = pictureInPicture.events()
        pictureInPictureTask = Task { [weak self] in
            for await event in stream {
                guard let self else { return }
                if case .failedToStart(let error) = event { StandardError.report("\(error)") }
                self.playerView?.controls.isPictureInPictureActive =
                    self.pictureInPicture?.isPictureInPictureActive ?? false
                self.events.write("pictureInPicture", item: self.currentName, ["event": "\(event)"])
            }
        }
    }

    private func handle(_ key: PlayerKey) {
        switch key {
        case .togglePause:
            if player.rate == 0 { player.play() } else { player.pause() }
        case .seekBy(let seconds):
            let now = player.currentTime()
            guard now.isNumeric else { return }
            let target = MediaTime(seconds: max(now.seconds + seconds, 0), preferredTimescale: 1000)
            Task { await player.seek(to: target) }
        case .speedDown, .speedUp:
            let step: Float = key == .speedUp ? 0.25 : -0.25
            player.defaultRate = min(max(player.defaultRate + step, 0.5), 4)
            if player.rate != 0 { player.rate = player.defaultRate }
        case .volumeDown: player.volume -= 0.05
        case .volumeUp: player.volume += 0.05
        case .toggleMute: player.isMuted.toggle()
        case .next: skipToNextItem()
        case .chapter(let step): stepChapter(by: step)
        case .quit: quit()
        case .screenshot: Screenshot.take(player)
        }
        statusLine.show(player: player, state: playbackState)
    }

    /// Whether the current item is the last one queued.
    private var isLastItem: Bool { player.items().count <= 1 }

    /// `--keep-open`: the last item pauses at its end instead of emptying the queue.
    private func keepLastItemOpenIfAsked() {
        guard options.keepsOpen else { return }
        player.actionAtItemEnd = isLastItem ? .pause : .advance
    }

    /// `n`, Next: records where the current input was left, then goes on.
    func skipToNextItem() {
        if let current = player.currentItem { noteWhereLeft(current.id) }
        player.advanceToNextItem()
    }

    private func finish() {
        playerView?.stop()
        statusTask?.cancel()
        stateTask?.cancel()
        for task in cueTasks.values { task.cancel() }
        pictureInPictureTask?.cancel()
        interstitialTask?.cancel()
        networkTask?.cancel()
        statusLine.clear()
        keys?.restore()
        interruptSource?.cancel()
        player.removeAllItems()
        player.closeAudioOutput()
        outputs.stop()
        events.close()
        if options.printsStatistics {
            print(StatisticsReport(finishedStatistics).json())
        }
    }
}
