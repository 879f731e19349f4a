import Foundation
import Spool

/// The player side of the IPC for `spool play`: reads an `IPCPlayerState` from the session's
/// `QueuePlayer` and does `IPCAction`s to it, and turns the player's item events into mpv's
/// (`start-file`, `file-loaded`, `end-file`, `seek`, `playback-restart`, `idle`).
///
/// mpv's playlist keeps played entries; a queue player drops them. So this keeps the entries
/// that were current and left (`history`), and the playlist is that plus the queue. Going back
/// (`playlist-prev`, `playlist-pos`) re-queues from the chosen entry on (new items, the same
/// entry ids). Items are made by the session (`enqueue`), so they get its per-item settings.
@MainActor
final class QueuePlayerIPCControl: IPCPlayerControl {
    private let player: QueuePlayer
    private let enqueue: ([String]) -> Void
    private let quit: (Int32) -> Void
    private let idles: Bool
    /// The session's A-B loop; nil: the loop properties read as unset and cannot be written.
    private let abLoop: ABLoopFollower?
    /// The filters `af`/`vf` list and the player runs.
    private var filters: FilterSettings
    /// Where events go (the server session); set once it exists.
    var emit: (IPCEvent) -> Void = { _ in }

    private var history: [IPCPlayerState.Entry] = []
    private var entryIDs: [ItemID: Int64] = [:]
    private var names: [ItemID: String] = [:]
    private var nextEntryID: Int64 = 1
    /// The item current when last looked, and its entry.
    private var lastCurrent: PlayerItem?
    private var startedEntry: Int64?
    private var endedItem: ItemID?
    /// Pause as the user asked (the queue pauses itself when it runs out; mpv's pause does not).
    private var wantsPause = false
    /// Quitting empties the player; that is not mpv's idle.
    private var isQuitting = false
    private var eventTask: Task<Void, Never>?
    /// Each item's chapters once its asset has loaded them (the probe is shared, so after
    /// `readyToPlay` this takes one hop); items missing here are still loading.
    private var chapterGroups: [ItemID: [TimedMetadataGroup]] = [:]
    private var chapterLoads: [ItemID: Task<[TimedMetadataGroup], Never>] = [:]
    /// The item and chapter the last chapter step went to, and that chapter's start.
    private var landedChapter: (item: ItemID, index: Int, start: Double)?

    init(
        player: QueuePlayer, idles: Bool, abLoop: ABLoopFollower? = nil, filters: FilterSettings = FilterSettings(),
        enqueue: @escaping ([String]) -> Void, quit: @escaping (Int32) -> Void
    ) {
        self.player = player
        self.filters = filters
        self.idles = idles
        self.abLoop = abLoop
        self.enqueue = enqueue
        self.quit = quit
        let events = player.itemEvents()
        eventTask = Task { [weak self] in
            for await event in events { self?.handle(event) }
        }
    }

    func stop() {
        isQuitting = true
        eventTask?.cancel()
    }

    var ipcState: IPCPlayerState {
        noteCurrentItem()
        var state = IPCPlayerState()
        let queue = player.items()
        state.playlist = history + queue.map { IPCPlayerState.Entry(id: entryID(of: $0), filename: name(of: $0)) }
        if let abLoop { (state.abLoopA, state.abLoopB, state.abLoopCount) = (abLoop.a, abLoop.b, abLoop.count) }
        (state.audioDelay, state.subtitleDelay) = (player.audioDelay.seconds, player.subtitleDelay.seconds)
        state.filters = filters
        guard let item = player.currentItem else {
            state.isPaused = wantsPause
            state.speed = Double(player.defaultRate)
            state.volume = Double(player.volume * 100)
            state.isMuted = player.isMuted
            return state
        }
        wantsPause = player.rate == 0
        state.isPaused = wantsPause
        state.isIdle = false
        state.playlistPosition = history.count
        let now = player.currentTime()
        state.position = now.isNumeric ? max(now.seconds, 0) : nil
        state.duration = item.duration.isNumeric ? item.duration.seconds : nil
        state.speed = Double(player.defaultRate)
        state.volume = (Double(player.volume) * 100).rounded()
        state.isMuted = player.isMuted
        state.isAtEnd = endedItem == item.id
        state.tracks = Self.tracks(of: item)
        state.frameRate = item.nominalFrameRate
        state.chapters = cachedChapters(of: item).map {
            IPCPlayerState.Chapter(title: $0.title, start: $0.timeRange.start.seconds)
        }
        // Until the playhead goes back before where the step landed (a frame's leeway): a
        // backward seek by any means forgets it, as mpv's does.
        if let landed = landedChapter, landed.item == item.id, (state.position ?? 0) >= landed.start - 0.05 {
            state.landedChapter = landed.index
        }
        return state
    }

    /// The current item's chapters, loading them first if needed: what a chapter key awaits
    /// before it runs `add chapter N`, so the first press after opening is not lost.
    func loadCurrentChapters() async {
        guard let item = player.currentItem else { return }
        _ = cachedChapters(of: item)
        if let load = chapterLoads[item.id] { _ = await load.value }
    }

    /// The chapters loaded for `item`; starts loading them (empty until then).
    private func cachedChapters(of item: PlayerItem) -> [TimedMetadataGroup] {
        if let groups = chapterGroups[item.id] { return groups }
        if chapterLoads[item.id] == nil {
            let id = item.id
            let asset = item.asset
            chapterLoads[id] = Task { [weak self] in
                // A failed probe has no chapters; the item's own error says why.
                let groups = (try? await asset.load(.chapterMetadataGroups)) ?? []
                self?.chapterGroups[id] = groups
                self?.chapterLoads[id] = nil
                return groups
            }
        }
        return []
    }

    private func goToChapter(_ destination: ChapterNavigation.Destination) -> Result<IPCValue?, IPCError> {
        guard let item = player.currentItem else { return .failure(.commandFailed) }
        let target: MediaTime
        switch destination {
        case .itemEnd:
            // mpv plays the next entry; the last one ends (or idles), as at its end.
            player.advanceToNextItem()
            return .success(nil)
        case .itemStart:
            target = .zero
            landedChapter = nil
        case .chapter(let index):
            let groups = cachedChapters(of: item)
            guard groups.indices.contains(index) else { return .failure(.commandFailed) }
            target = groups[index].timeRange.start
            landedChapter = (item.id, index, target.seconds)
        }
        emit(.seek)
        player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { _ in }
        return .success(nil)
    }

    func perform(_ action: IPCAction) -> Result<IPCValue?, IPCError> {
        switch action {
        case .setPause(let pause):
            wantsPause = pause
            if pause { player.pause() } else if player.currentItem != nil { player.play() }
        case .setSpeed(let speed):
            player.defaultRate = Float(speed)
            if player.rate != 0 { player.rate = player.defaultRate }
        case .setVolume(let volume): player.volume = Float(volume / 100)
        case .setMute(let mute): player.isMuted = mute
        case .seek(let seek, let toKeyframe): return self.seek(seek, toKeyframe: toKeyframe)
        case .goToChapter(let destination): return goToChapter(destination)
        case .frameStep(let count):
            // mpv pauses first; the step is an exact seek the item does (no-op without video).
            guard let item = player.currentItem else { return .failure(.commandFailed) }
            wantsPause = true
            player.pause()
            emit(.seek)
            item.step(byCount: count)
        case .setLoopPoint(let point, let seconds):
            guard let abLoop else { return .failure(.propertyUnavailable) }
            abLoop.send(point == .a ? .setA(seconds) : .setB(seconds))
        case .setLoopCount(let count):
            guard let abLoop else { return .failure(.propertyUnavailable) }
            abLoop.send(.setCount(count))
        case .markLoop:
            guard let abLoop else { return .failure(.commandFailed) }
            abLoop.mark()
        case .setDelay(let delay, let seconds):
            let time = MediaTime(seconds: seconds, preferredTimescale: 1_000_000)
            if delay == .audio { player.audioDelay = time } else { player.subtitleDelay = time }
        case .setFilters(let settings):
            filters = settings
            player.audioFilterChain = settings.audioChain
            player.videoFilterChain = settings.videoChain
        case .loadFile(let url, let mode): return .success(load(url, mode))
        case .playlistNext(let force):
            guard force || player.items().count > 1 else { return .failure(.commandFailed) }
            player.advanceToNextItem()
        case .playlistPrevious(let force):
            guard history.count > 0 || force else { return .failure(.commandFailed) }
            guard history.count > 0 else { return .success(nil) }
            play(from: history.count - 1)
        case .playlistPlay(let index): play(from: index)
        case .stop:
            history.removeAll()
            player.removeAllItems()
            lastCurrent = nil
            // Without --idle an emptied player ends the session, as mpv exits.
            if !idles { quit(0) }
        case .quit(let code):
            isQuitting = true
            quit(code)
        case .selectTrack(let kind, let choice):
            // A file's audio and subtitle tracks switch through the item's selection groups, as
            // `PlayerItem.select(_:in:)` does; video plays the container's best stream only.
            guard let item = player.currentItem else { return .success(nil) }
            let selected = Self.tracks(of: item).first { $0.kind == kind && $0.isSelected }
            switch choice {
            case .automatic: break
            case .id(let id) where id == selected?.id: break
            case .id(let id) where kind != .video:
                guard let index = Self.streamIndex(of: kind, id: id, in: item) else { return .failure(.propertyError) }
                Self.select(streamIndex: index, kind: kind, in: item)
            case .off where kind == .subtitle:
                Self.select(streamIndex: nil, kind: kind, in: item)
            default: return .failure(.propertyError)
            }
        }
        return .success(nil)
    }

    private func seek(_ seek: IPCAction.Seek, toKeyframe: Bool) -> Result<IPCValue?, IPCError> {
        let state = ipcState
        guard state.current != nil else { return .failure(.commandFailed) }
        let position = state.position ?? 0
        let target: Double
        switch seek {
        case .absolute(let seconds): target = seconds < 0 ? (state.duration ?? 0) + seconds : seconds
        case .relative(let seconds): target = position + seconds
        case .absolutePercent(let percent), .relativePercent(let percent):
            guard let duration = state.duration else { return .failure(.commandFailed) }
            if case .relativePercent = seek {
                target = position + duration * percent / 100
            } else {
                target = duration * percent / 100
            }
        }
        let clamped = min(max(target, 0), state.duration ?? .greatestFiniteMagnitude)
        emit(.seek)
        // A keyframe seek lands on the keyframe at or before the target (mpv's `keyframes`).
        player.seek(
            to: MediaTime(seconds: clamped, preferredTimescale: 1000),
            toleranceBefore: toKeyframe ? .positiveInfinity : .zero, toleranceAfter: .zero
        ) { _ in }
        return .success(nil)
    }

    private func load(_ url: String, _ mode: IPCAction.LoadMode) -> IPCValue {
        let wasIdle = player.currentItem == nil
        if mode == .replace {
            noteCurrentItem()
            history.removeAll()
            player.removeAllItems()
            lastCurrent = nil
        }
        enqueue([url])
        guard let item = player.items().last else { return .null }
        names[item.id] = url
        let id = entryID(of: item)
        if mode == .insertNext || mode == .insertNextPlay, let current = player.currentItem, current !== item {
            player.remove(item)
            player.insert(item, after: current)
        }
        // A queue that ran out paused itself; a new file plays unless the user paused.
        if (mode == .replace || wasIdle) && !wantsPause { player.play() }
        return .object([("playlist_entry_id", .int(id))])
    }

    /// Plays the playlist from entry `index` on: the queue is rebuilt from there, ids kept.
    private func play(from index: Int) {
        noteCurrentItem()
        let playlist =
            history + player.items().map { IPCPlayerState.Entry(id: entryID(of: $0), filename: name(of: $0)) }
        guard playlist.indices.contains(index) else { return }
        history = Array(playlist[..<index])
        let rest = Array(playlist[index...])
        player.removeAllItems()
        lastCurrent = nil
        enqueue(rest.map(\.filename))
        for (item, entry) in zip(player.items(), rest) {
            entryIDs[item.id] = entry.id
            names[item.id] = entry.filename
        }
        if !wantsPause { player.play() }
    }

    /// Moves an item that stopped being current into the history (if it left the queue).
    private func noteCurrentItem() {
        guard player.currentItem !== lastCurrent else { return }
        if let last = lastCurrent, !player.items().contains(where: { $0 === last }) {
            history.append(IPCPlayerState.Entry(id: entryID(of: last), filename: name(of: last)))
        }
        lastCurrent = player.currentItem
    }

    private func entryID(of item: PlayerItem) -> Int64 {
        if let id = entryIDs[item.id] { return id }
        let id = nextEntryID
        nextEntryID += 1
        entryIDs[item.id] = id
        return id
    }

    private func name(of item: PlayerItem) -> String {
        if let name = names[item.id] { return name }
        let url = item.asset.url
        return url.isFileURL ? url.path : url.absoluteString
    }

    private func handle(_ event: PlayerItemEvent) {
        switch event {
        case .currentItemChanged(let id):
            noteCurrentItem()
            if let started = startedEntry {
                emit(.endFile(entry: started, reason: .stop))
                startedEntry = nil
            }
            if let id, let item = player.currentItem, item.id == id {
                let entry = entryID(of: item)
                startedEntry = entry
                emit(.startFile(entry: entry))
            } else if id == nil, player.currentItem == nil, idles, !isQuitting {
                emit(.idle)
            }
        case .readyToPlay(let id):
            guard player.currentItem?.id == id else { return }
            emit(.fileLoaded)
            emit(.playbackRestart)
        case .didPlayToEnd(let id):
            endedItem = id
            if let entry = entryIDs[id], entry == startedEntry {
                emit(.endFile(entry: entry, reason: .eof))
                startedEntry = nil
            }
        case .failed(let id, let error), .failedToPlayToEnd(let id, let error):
            if let entry = entryIDs[id], entry == startedEntry {
                emit(.endFile(entry: entry, reason: .error, error: error.message))
                startedEntry = nil
            }
        case .seek(let id, _, _, let finished):
            if finished, player.currentItem?.id == id { emit(.playbackRestart) }
        case .stalled, .stallEnded, .timeControlStatus, .reasonForWaitingToPlay, .endedEarly: break
        }
    }

    /// The container stream index of `item`'s track `id` (1-based within `kind`, as mpv counts).
    private static func streamIndex(of kind: IPCPlayerState.Track.Kind, id: Int64, in item: PlayerItem) -> Int? {
        let wanted: AssetTrack.MediaKind = kind == .audio ? .audio : .subtitle
        let tracks = item.tracks.filter { $0.kind == wanted }
        guard id >= 1, id <= tracks.count else { return nil }
        return tracks[Int(id) - 1].streamIndex
    }

    /// Selects the option of `item`'s group for `kind` whose track is `streamIndex` (`nil`:
    /// none) once the group is loaded (it already is while the item plays).
    private static func select(streamIndex: Int?, kind: IPCPlayerState.Track.Kind, in item: PlayerItem) {
        let characteristic: MediaCharacteristic = kind == .audio ? .audible : .legible
        Task { @MainActor in
            guard let group = try? await item.asset.loadMediaSelectionGroup(for: characteristic) else { return }
            let option = streamIndex.flatMap { index in group.options.first { $0.trackID == index } }
            if streamIndex != nil, option == nil { return }
            item.select(option, in: group)
        }
    }

    /// The current file's tracks, numbered per kind from 1 as mpv does. The audio and subtitle
    /// tracks selected are those of `currentMediaSelection` (a file's tracks); otherwise the
    /// first video and audio stream are the ones playing, and a `--sub` file is an external
    /// subtitle track.
    static func tracks(of item: PlayerItem) -> [IPCPlayerState.Track] {
        var tracks: [IPCPlayerState.Track] = []
        var counts: [IPCPlayerState.Track.Kind: Int64] = [:]
        let selection = item.currentMediaSelection
        let knowsFileSelection = selection.audible?.trackID != nil || selection.legible?.trackID != nil
        for track in item.tracks {
            let kind: IPCPlayerState.Track.Kind
            switch track.kind {
            case .video: kind = .video
            case .audio: kind = .audio
            case .subtitle: kind = .subtitle
            case .data: continue
            }
            let id = counts[kind, default: 0] + 1
            counts[kind] = id
            var entry = IPCPlayerState.Track(kind: kind, id: id, language: track.language, codec: track.codec)
            entry.isSelected = id == 1 && kind != .subtitle && track.isDecodable
            let chosen = kind == .audio ? selection.audible : kind == .subtitle ? selection.legible : nil
            if kind != .video, knowsFileSelection, let index = track.streamIndex {
                entry.isSelected = chosen?.trackID == index
            }
            entry.title = track.title
            entry.isDefault = id == 1
            (entry.width, entry.height) = (track.width, track.height)
            (entry.channels, entry.sampleRate) = (track.channels, track.sampleRate)
            tracks.append(entry)
        }
        if let subtitles = item.externalSubtitleURL {
            var entry = IPCPlayerState.Track(kind: .subtitle, id: counts[.subtitle, default: 0] + 1)
            entry.title = subtitles.lastPathComponent
            entry.isExternal = true
            entry.isSelected = true
            tracks.append(entry)
        }
        return tracks
    }
}
