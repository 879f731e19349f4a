import Foundation
import SpoolCore
import SpoolHLS
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// Issue 36's storm: seeded sequences of every command a user gives — seeks (exact, keyframe,
/// relative, percent), pause, play, rate, next, previous, playlist-pos, window hide and show —
/// over a gapless queue of an audio+video file, an audio-only file and an HLS item, on the
/// real engine in virtual time. Each sequence checks the invariants the engine promises:
/// every seek completes exactly once, the last exact one at its target; no item ends twice;
/// the playhead never passes its item's end; a paused player's playhead stands still; after
/// the storm the queue plays every item left to its end.
///
/// Runs only under `make storm` (`SPOOL_STORM_SEQUENCES` seeds, 1,000 by default; or the
/// seeds `SPOOL_STORM_SEEDS` lists), not in `make test`: it still finds an open defect (issue
/// 36's note: an exact seek near the end of a gapless queue's item completes `false` once the
/// next item holds the audio device, 6 seeds of 100), and a suite that fails is not a gate.
@MainActor
@Suite(
    "A queue of three kinds in a storm of commands, virtual time (integration)",
    .enabled(
        if: ProcessInfo.processInfo.environment["SPOOL_STORM_SEQUENCES"] != nil
            || ProcessInfo.processInfo.environment["SPOOL_STORM_SEEDS"] != nil, "run by make storm"),
    .timeLimit(.minutes(60)))
struct QueueCommandStormVirtualTimeIntegrationTests {
    /// The seeds this run plays: `SPOOL_STORM_SEEDS` (a comma-separated list, to replay the
    /// ones a run reported), else 1 through `SPOOL_STORM_SEQUENCES`.
    nonisolated static let seeds: [Int] = {
        let environment = ProcessInfo.processInfo.environment
        if let list = environment["SPOOL_STORM_SEEDS"] { return list.split(separator: ",").compactMap { Int($0) } }
        return Array(1...max(Int(environment["SPOOL_STORM_SEQUENCES"] ?? "") ?? 6, 1))
    }()

    /// The three kinds of item, in playlist order, and their durations in seconds.
    enum Kind: Int, CaseIterable {
        case audioVideo, audioOnly, hls
        var duration: Double { self == .hls ? 4 : 2 }
    }

    /// The media, made once by the ffmpeg CLI: 2 s of 160x120 video (a keyframe every 0.5 s)
    /// and a tone; 2 s of AAC alone; 4 s of HLS in 1-s MPEG-TS segments.
    struct Media: Sendable {
        let audioVideo: Data
        let audioOnly: Data
        let hls: [String: Data]
    }

    static let media = Task { () throws -> Media in
        let av = try PlayTool.scratchPath("storm-av.mp4")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-g", "12",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", av,
        ])
        let audio = try PlayTool.scratchPath("storm-audio.m4a")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000", "-t", "2", "-c:a", "aac", audio,
        ])
        let directory = try PlayTool.scratchPath("storm-hls")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=550:sample_rate=48000", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25",
            "-keyint_min", "25", "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "hls",
            "-hls_time", "1", "-hls_playlist_type", "vod", "-hls_segment_filename", "\(directory)/s%03d.ts",
            "\(directory)/index.m3u8",
        ])
        var hls: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            hls[name] = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)"))
        }
        return Media(
            audioVideo: try Data(contentsOf: URL(fileURLWithPath: av)),
            audioOnly: try Data(contentsOf: URL(fileURLWithPath: audio)), hls: hls)
    }

    /// A new item of `kind` whose bytes come on `clock`.
    static func item(_ kind: Kind, media: Media, clock: AutoAdvancingEngineClock) -> PlayerItem {
        switch kind {
        case .audioVideo: VirtualTimePlayback.item("av", bytes: media.audioVideo, clock: clock)
        case .audioOnly: VirtualTimePlayback.item("audio", bytes: media.audioOnly, clock: clock, fileExtension: "m4a")
        case .hls:
            PlayerItem(
                asset: URLAsset(
                    url: URL(string: "http://127.0.0.1/storm/index.m3u8")!,
                    resourceFetcherFactory: {
                        StandardResourceFetcher(
                            transport: EngineClockHTTPTransport(
                                clock: clock,
                                route: { request in
                                    media.hls[request.url.lastPathComponent].map { .file($0) } ?? .status(404)
                                }),
                            now: { clock.now() })
                    }))
        }
    }

    /// Seek completions by seek number: a seek completing twice shows as a count of 2.
    final class SeekLog: Sendable {
        let completions = ConditionLock<[Int: [Bool]]>([:])
        func handler(_ number: Int) -> @MainActor (Bool) -> Void {
            { finished in self.completions.update { $0[number, default: []].append(finished) } }
        }
        var all: [Int: [Bool]] { completions.withLock { $0 } }
    }

    /// One sequence's player and what it has seen.
    @MainActor
    final class Storm {
        let clock = AutoAdvancingEngineClock()
        let media: Media
        let video = HideableVideoOutput()
        let queue: QueuePlayer
        let events: StreamRecorder<PlayerItemEvent>
        var kinds: [ItemID: Kind] = [:]
        var generator: SeededGenerator
        let seeks = SeekLog()
        var seeksMade = 0
        /// What each seek asked, by number, for the messages.
        var seekRequests: [Int: String] = [:]
        var violations: [String] = []
        /// Each command's number, with the virtual time and the playhead when it was given.
        var commands: [String] = []

        init(seed: UInt64, media: Media) {
            self.media = media
            generator = SeededGenerator(state: seed)
            let configuration = VirtualTimePlayback.queueConfiguration(on: clock, video: video)
            queue = QueuePlayer(items: [], configuration: configuration)
            events = StreamRecorder(queue.itemEvents())
            loadPlaylist(from: 0)
        }

        /// Replaces the queue with new items of the playlist from `index` (playlist-pos, next
        /// and previous as `spool play` does them: items are used once).
        func loadPlaylist(from index: Int) {
            queue.removeAllItems()
            var last: PlayerItem?
            for kind in Kind.allCases.dropFirst(index) {
                let item = QueueCommandStormVirtualTimeIntegrationTests.item(kind, media: media, clock: clock)
                kinds[item.id] = kind
                queue.insert(item, after: last)
                last = item
            }
        }

        var currentKind: Kind? { queue.currentItem.flatMap { kinds[$0.id] } }

        func seek(to seconds: Double, exact: Bool) {
            seeksMade += 1
            let at = queue.currentTime()
            seekRequests[seeksMade] =
                "\(currentKind.map { "\($0)" } ?? "none") to \(seconds) \(exact ? "exact" : "keyframe") at \(at.seconds) rate \(queue.rate)"
            let tolerance: MediaTime = exact ? .zero : .positiveInfinity
            queue.seek(
                to: MediaTime(seconds: seconds, preferredTimescale: 1000), toleranceBefore: tolerance,
                toleranceAfter: tolerance, completionHandler: seeks.handler(seeksMade))
        }

        /// One random command.
        func randomCommand() {
            let now = queue.currentTime()
            let duration = currentKind?.duration ?? 2
            let command = Int.random(in: 0..<12, using: &generator)
            commands.append("\(command)@\(clock.now())/\(now.isNumeric ? now.seconds : -1)")
            switch command {
            case 0: seek(to: Double.random(in: -0.5...(duration + 0.5), using: &generator), exact: true)
            case 1: seek(to: Double.random(in: -0.5...(duration + 0.5), using: &generator), exact: false)
            case 2:
                let base = now.isNumeric ? now.seconds : 0
                seek(to: base + Double.random(in: -1.5...1.5, using: &generator), exact: Bool.random(using: &generator))
            case 3: seek(to: duration * Double.random(in: 0...1, using: &generator), exact: true)
            case 4: queue.pause()
            case 5: queue.play()
            case 6: queue.rate = [0.5, 1, 2].randomElement(using: &generator)!
            case 7: if queue.items().count > 1 { queue.advanceToNextItem() }
            case 8:
                // Previous: the item before the current one, or the first again.
                let index = currentKind?.rawValue ?? Kind.allCases.count
                loadPlaylist(from: max(index - 1, 0))
            case 9: loadPlaylist(from: Int.random(in: 0..<Kind.allCases.count, using: &generator))
            case 10: video.setShowing(!video.isShowingVideo)
            default: break  // time passes
            }
        }

        /// Records a violation when the playhead is past its item's end.
        func checkPlayhead(_ label: String) {
            let now = queue.currentTime()
            guard let kind = currentKind, now.isNumeric else { return }
            if now.seconds > kind.duration + 0.05 {
                violations.append("\(label): \(kind) playhead at \(now.seconds) s, past its end")
            }
        }

        /// Whether the main actor has done what the queue asked of it: the current item has
        /// loaded, and the next one's pipeline is made (prerolled). Not whether that pipeline
        /// stands in line for the audio device yet: an HLS item's fetches need the clock.
        var isSettled: Bool {
            guard let current = queue.currentItem else { return true }
            return current.status != .unknown && (queue.items().count < 2 || queue.prerolled != nil)
        }

        /// What `isSettled` looks at, for the messages.
        var settlement: String {
            "current \(String(describing: queue.currentItem?.status)), \(queue.items().count) queued, "
                + "prerolled \(queue.prerolled != nil), rate \(queue.rate)"
        }

        var seeksInFlight: Bool { seeks.all.count < seeksMade }

        func finish() {
            queue.removeAllItems()
            clock.stop()
        }
    }

    @Test(
        "every seek completes once, no item ends twice or runs past its end, paused stands still",
        arguments: seeds)
    func holdsEveryInvariant(seed: Int) async throws {
        let media = try await Self.media.value
        let storm = Storm(seed: UInt64(seed), media: media)
        defer { storm.finish() }
        storm.queue.play()
        var instant = Duration.zero
        for step in 0..<30 {
            // Bursts (several commands at one instant) and pauses between them.
            if Bool.random(using: &storm.generator) {
                instant += .milliseconds(Int.random(in: 0...300, using: &storm.generator))
            }
            let pausedBefore = storm.queue.rate == 0 && !storm.seeksInFlight
            let itemBefore = storm.queue.currentItem?.id
            let timeBefore = storm.queue.currentTime()
            // The main actor prerolls the next item on its own time: wait until it stands in
            // line, so an item's end meets a waiting next item whatever the machine's load.
            if await !eventually(timeout: .seconds(10), { storm.isSettled }) {
                storm.commands.append("unsettled: \(storm.settlement)")
            }
            await storm.clock.run(until: instant)
            let timeAfter = storm.queue.currentTime()
            if pausedBefore, storm.queue.rate == 0, !storm.seeksInFlight, itemBefore == storm.queue.currentItem?.id,
                timeBefore.isNumeric, timeAfter.isNumeric, abs(timeAfter.seconds - timeBefore.seconds) > 0.001
            {
                storm.violations.append(
                    "step \(step): paused, yet the playhead moved \(timeBefore.seconds) → \(timeAfter.seconds)")
            }
            storm.checkPlayhead("step \(step)")
            storm.randomCommand()
        }
        // Then: an exact seek in the current item (if any) and play every item left to its end.
        // The seek must meet an item that has not ended: one whose end the engine reported
        // and the main actor has not yet moved past is over, and a seek there completes
        // `false` by design (decision 0071). So the main actor hears of such an end first.
        let endReported = {
            (storm.queue.playback as? PipelinePlayback)?.control.withLock { $0.endReported } == true
        }
        if await !eventually(timeout: .seconds(10), { storm.isSettled && !endReported() }) {
            storm.commands.append("unsettled before the last seek: \(storm.settlement)")
        }
        let lastSeek = storm.seeksMade + 1
        var target: Double?
        if let kind = storm.currentKind {
            target = Double.random(in: 0...(kind.duration - 0.5), using: &storm.generator)
            storm.seek(to: target!, exact: true)
        }
        storm.queue.rate = 1
        let remaining = storm.queue.items().compactMap { storm.kinds[$0.id]?.duration }.reduce(0, +)
        let last = storm.queue.items().last?.id
        // The queue's advances happen on the main actor, off the virtual clock: the clock runs
        // in 100-ms slices, each once the main actor has settled, so an item's end meets its
        // successor standing in line whatever the machine's load.
        let deadline = instant + .seconds(remaining + 2)
        var now = instant
        while now < deadline, storm.queue.currentItem != nil {
            if await !eventually(timeout: .seconds(10), { storm.isSettled }) {
                storm.commands.append("unsettled at the end: \(storm.settlement)")
            }
            now = min(now + .milliseconds(100), deadline)
            await storm.clock.run(until: now)
        }
        if let last {
            #expect(
                await storm.events.wait { $0.contains(.didPlayToEnd(itemID: last)) },
                "seed \(seed): the last item never ended: \(storm.events.elements.suffix(8))")
        }
        #expect(
            storm.queue.currentItem == nil,
            "seed \(seed): the queue stopped at \(String(describing: storm.queue.currentItem))")
        let completions = storm.seeks.all
        let unfinished = (1...max(storm.seeksMade, 1)).filter { completions[$0] == nil && $0 <= storm.seeksMade }
        let doubled = completions.filter { $0.value.count > 1 }.keys.sorted()
        #expect(
            unfinished.isEmpty,
            "seed \(seed): seeks \(unfinished) of \(storm.seeksMade) never completed: \(unfinished.map { storm.seekRequests[$0] ?? "" })"
        )
        #expect(doubled.isEmpty, "seed \(seed): seeks \(doubled) completed more than once")
        if target != nil {
            #expect(
                completions[lastSeek] == [true],
                """
                seed \(seed): the last exact seek (\(storm.seekRequests[lastSeek] ?? "-")): \
                \(String(describing: completions[lastSeek])); events \(storm.events.elements.suffix(10))
                """)
        }
        var ends: [ItemID: Int] = [:]
        for case .didPlayToEnd(let id) in storm.events.elements { ends[id, default: 0] += 1 }
        #expect(ends.values.allSatisfy { $0 == 1 }, "seed \(seed): an item ended more than once: \(ends)")
        #expect(
            storm.violations.isEmpty,
            "seed \(seed): \(storm.violations.prefix(5)); commands \(storm.commands); seeks \(storm.seekRequests)")
        let unsettled = storm.commands.filter { $0.hasPrefix("unsettled") }
        #expect(unsettled.isEmpty, "seed \(seed): the main actor did not settle within 10 s: \(unsettled)")
    }
}

/// A video output that drops every frame and can be hidden and shown, as a window is
/// minimised and restored (the engine then stops and restarts decoding video).
final class HideableVideoOutput: VisibilityReportingVideoOutput {
    let name = "hideable-null"
    let acceptedPixelFormats: Set<PixelFormat>? = nil
    private struct State {
        var isShowing = true
        var observers: [Int: @Sendable (Bool) -> Void] = [:]
        var nextToken = 0
    }
    private let state = ConditionLock(State())

    func present(_ frame: any VideoFrame) throws(VideoOutputError) {}
    func stop() {}

    var isShowingVideo: Bool { state.withLock { $0.isShowing } }

    /// Hides or shows the "window" and tells the observers.
    func setShowing(_ showing: Bool) {
        let observers = state.update { state -> [@Sendable (Bool) -> Void] in
            state.isShowing = showing
            return Array(state.observers.values)
        }
        for observer in observers { observer(showing) }
    }

    func addShowingVideoObserver(_ observer: @escaping @Sendable (Bool) -> Void) -> Int {
        state.update { state in
            state.nextToken += 1
            state.observers[state.nextToken] = observer
            return state.nextToken
        }
    }

    func removeShowingVideoObserver(_ token: Int) {
        _ = state.update { $0.observers.removeValue(forKey: token) }
    }
}
