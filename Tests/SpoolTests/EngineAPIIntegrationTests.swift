import Foundation
import Spool
import SpoolTestSupport
import Testing

/// The public API on the real engine: `Player`, `QueuePlayer`, `PlayerLooper` and
/// `PlayerController` with real pipelines, real files, a real HTTP server and real outputs.
///
/// Serialized: each test starts pipelines and looks at what they leave.
@MainActor
@Suite("Engine through the public API (integration)", .serialized, .timeLimit(.minutes(3)))
struct EngineAPIIntegrationTests {
    static let zero = MediaTime.zero

    static func seconds(_ value: Double) -> MediaTime { MediaTime(seconds: value, preferredTimescale: 1000) }

    static func isReady(_ id: ItemID) -> ([PlayerItemEvent]) -> Bool {
        { $0.contains(.readyToPlay(itemID: id)) }
    }

    // MARK: Seeking

    /// A paused player with the short-GOP clip ready, drawing into a framemd5 listing.
    @MainActor
    struct PausedPlayer {
        let player: Player
        let item: PlayerItem
        let events: StreamRecorder<PlayerItemEvent>
        let output: FrameMD5VideoOutput
        let listing: String
        let url: URL

        /// Stops the output (which writes what it holds) and reads the hashes it listed.
        func finishListing() throws -> [String] {
            output.stop()
            return PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8))
        }

        func close() {
            player.replaceCurrentItem(with: nil)
            output.stop()
        }
    }

    func readyPausedPlayer() async throws -> PausedPlayer {
        let url = try await TestMedia.url(for: .h264ShortGOPMP4)
        let listing = try PlayTool.scratchPath("api-seek.framemd5")
        let output = try FrameMD5VideoOutput(path: listing)
        let player = Player(configuration: EngineConfigurations.timed(video: output, audio: false))
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: url)
        player.replaceCurrentItem(with: item)
        #expect(await events.wait(until: Self.isReady(item.id)))
        #expect(item.status == .readyToPlay && abs(item.duration.seconds - 2) < 0.05)
        return PausedPlayer(player: player, item: item, events: events, output: output, listing: listing, url: url)
    }

    /// The hash of the frame `ffmpeg -ss seconds` gives first.
    static func ffmpegFrameHash(_ url: URL, at seconds: Double) async throws -> String? {
        PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(
                of: url, inputOptions: ["-threads", "1", "-ss", "\(seconds)"], outputOptions: ["-frames:v", "1"])
        ).first
    }

    @Test("seek(to:toleranceBefore:.zero,toleranceAfter:.zero) returns true and shows ffmpeg's frame")
    func accurateSeek() async throws {
        let paused = try await readyPausedPlayer()
        defer { paused.close() }
        let player = paused.player
        let landed = await player.seek(to: Self.seconds(1.3), toleranceBefore: Self.zero, toleranceAfter: Self.zero)
        #expect(landed)
        // Paused: the landing frame is the last one presented.
        #expect(try paused.finishListing().last == (try await Self.ffmpegFrameHash(paused.url, at: 1.3)))
        // The first frame at or after 1.3 s, at 25 fps: 1.32 s, where the playhead now is.
        let landing = try #require(await Self.landing(1, in: paused.events, of: paused.item.id))
        #expect(landing.target == Self.seconds(1.3) && abs(landing.landed.seconds - 1.32) < 0.001)
        #expect(abs(player.currentTime().seconds - 1.32) < 0.001)
        #expect(player.timeControlStatus == .paused)
    }

    /// The target and landing of the `number`th finished seek of item `id`, once the recorder
    /// (which reads the events on a task of its own) has it.
    static func landing(
        _ number: Int, in events: StreamRecorder<PlayerItemEvent>, of id: ItemID
    ) async -> (target: MediaTime, landed: MediaTime)? {
        func landings(_ elements: [PlayerItemEvent]) -> [(target: MediaTime, landed: MediaTime)] {
            elements.compactMap { event in
                guard case .seek(id, let target, let landed?, true) = event else { return nil }
                return (target, landed)
            }
        }
        guard await events.wait(until: { landings($0).count >= number }) else { return nil }
        let all = landings(events.elements)
        return all.count == number ? all.last : nil
    }

    @Test("a keyframe seek lands on the keyframe before its target, and the event and currentTime say so")
    func keyframeSeekReportsItsLanding() async throws {
        let paused = try await readyPausedPlayer()
        defer { paused.close() }
        #expect(await paused.player.seek(to: Self.seconds(1.3)))
        // Keyframes every 12 frames at 25 fps: 0, 0.48, 0.96, 1.44 s.
        let landing = try #require(await Self.landing(1, in: paused.events, of: paused.item.id))
        #expect(landing.target == Self.seconds(1.3) && abs(landing.landed.seconds - 0.96) < 0.001)
        #expect(abs(paused.player.currentTime().seconds - 0.96) < 0.001)
        #expect(try paused.finishListing().last == (try await Self.ffmpegFrameHash(paused.url, at: 0.96)))
    }

    @Test("paused with audio: a keyframe seek lands on the clip's one keyframe, an exact one on its target")
    func keyframeSeekWithAudioReportsItsLanding() async throws {
        // x264's default GOP: the 2-s clip's only keyframe is its first frame.
        let player = Player(configuration: EngineConfigurations.timed(video: NullVideoOutput(), audio: true))
        defer { player.replaceCurrentItem(with: nil) }
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: try await TestMedia.url(for: .h264AACMP4))
        player.replaceCurrentItem(with: item)
        #expect(await events.wait(until: Self.isReady(item.id)))
        #expect(await player.seek(to: Self.seconds(1.3)))
        let keyframe = try #require(await Self.landing(1, in: events, of: item.id))
        #expect(abs(keyframe.landed.seconds) < 0.001)
        #expect(player.currentTime().seconds < 0.05)
        // Exact: the audio, which is the playhead, starts at the target (the first frame at or
        // after it, at 25 fps, is at 1.32 s).
        #expect(await player.seek(to: Self.seconds(1.3), toleranceBefore: Self.zero, toleranceAfter: Self.zero))
        let exact = try #require(await Self.landing(2, in: events, of: item.id))
        #expect(abs(exact.landed.seconds - 1.3) < 0.001)
        #expect(abs(player.currentTime().seconds - 1.3) < 0.001)
    }

    @Test("two rapid seeks: the first returns false, the second true and lands exactly")
    func rapidSeeks() async throws {
        let paused = try await readyPausedPlayer()
        defer { paused.close() }
        let player = paused.player
        let (zero, first, second) = (Self.zero, Self.seconds(0.5), Self.seconds(1.3))
        let older = Task { await player.seek(to: first, toleranceBefore: zero, toleranceAfter: zero) }
        let newer = Task { await player.seek(to: second, toleranceBefore: zero, toleranceAfter: zero) }
        #expect(await older.value == false)
        #expect(await newer.value == true)
        #expect(try paused.finishListing().last == (try await Self.ffmpegFrameHash(paused.url, at: 1.3)))
        let id = paused.item.id
        // The superseded seek's event comes first, so it is in once the finished one is.
        #expect(await Self.landing(1, in: paused.events, of: id)?.target == second)
        #expect(paused.events.elements.contains(.seek(itemID: id, target: first, landed: nil, finished: false)))
    }

    // MARK: Queues and ends

    @Test("QueuePlayer plays its items in order with real outputs, posting each item's end")
    func queueAdvances() async throws {
        let (videoURL, audioURL) = (
            try await TestMedia.url(for: .h264AACMP4), try await TestMedia.url(for: .flacStereo)
        )
        let listing = try PlayTool.scratchPath("api-queue.framemd5")
        let wavPrefix = try PlayTool.scratchPath("api-queue")
        let video = try FrameMD5VideoOutput(path: listing)
        defer { video.stop() }
        let player = QueuePlayer(
            items: [], configuration: EngineConfigurations.untimed(wavPrefix: wavPrefix, video: video))
        let events = StreamRecorder(player.itemEvents())
        let ends = NotificationRecorder(PlayerItem.didPlayToEndTimeNotification)
        let (first, second) = (PlayerItem(url: videoURL), PlayerItem(url: audioURL))
        player.insert(first, after: nil)
        player.insert(second, after: first)
        #expect(player.items().map(\.id) == [first.id, second.id])
        player.play()
        #expect(await events.wait { $0.contains(.currentItemChanged(itemID: nil)) })

        let milestones = events.elements.filter {
            switch $0 {
            case .currentItemChanged, .readyToPlay, .didPlayToEnd, .failed, .failedToPlayToEnd: true
            default: false
            }
        }
        #expect(
            milestones == [
                .currentItemChanged(itemID: first.id), .readyToPlay(itemID: first.id), .didPlayToEnd(itemID: first.id),
                .currentItemChanged(itemID: second.id), .readyToPlay(itemID: second.id),
                .didPlayToEnd(itemID: second.id), .currentItemChanged(itemID: nil),
            ])
        let ours = [ObjectIdentifier(first), ObjectIdentifier(second)]
        #expect(ends.objects.filter { $0.map(ours.contains) ?? false } == ours)
        #expect(player.currentItem == nil && player.items().isEmpty && player.rate == 0)
        // What each item's outputs received.
        #expect(first.accessLog().statistics.framesPresented == 50)
        #expect(first.errorLog().events.isEmpty && second.errorLog().events.isEmpty)
        video.stop()  // writes out what the listing holds
        #expect(PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8)).count == 50)
        // One audio device for the whole queue: one WAV holding both items, the second
        // converted to the first's format (both are 48 kHz, so the frame counts add up).
        player.closeAudioOutput()
        let wav = try WAVFile(path: "\(wavPrefix)-1.wav")
        var expected = 0
        for url in [videoURL, audioURL] { expected += try await PlayTool.ffmpegDecodedSampleCount(of: url) }
        #expect(abs(wav.frameCount - expected) <= 2048, "\(wav.frameCount) vs \(expected)")
        #expect(!FileManager.default.fileExists(atPath: "\(wavPrefix)-2.wav"))
    }

    @Test("PlayerLooper plays its item three times on the real engine, then finishes")
    func looperLoops() async throws {
        let url = try await TestMedia.url(for: .flacStereo)
        let wavPrefix = try PlayTool.scratchPath("api-loop")
        let player = QueuePlayer(
            items: [], configuration: EngineConfigurations.untimed(wavPrefix: wavPrefix, video: nil))
        let events = StreamRecorder(player.itemEvents())
        let looper = PlayerLooper(player: player, templateItem: PlayerItem(url: url), loopLimit: 3)
        player.play()
        let endCount = { (events: [PlayerItemEvent]) in
            events.count { if case .didPlayToEnd = $0 { true } else { false } }
        }
        #expect(await events.wait { endCount($0) == 3 && $0.last == .currentItemChanged(itemID: nil) })
        #expect(await eventually(timeout: .seconds(5)) { looper.loopCount == 3 })
        #expect(looper.status == .finished)
        #expect(player.currentItem == nil)
        player.closeAudioOutput()
        // The loops share one device: one WAV holding three plays of the 2 s clip.
        #expect(try WAVFile(path: "\(wavPrefix)-1.wav").frameCount > 3 * 90_000)
    }

    // MARK: Failures

    @Test("a missing file fails: failed event, item status and error log")
    func missingFileFails() async throws {
        let player = Player(configuration: EngineConfigurations.timed(video: nil, audio: true))
        let events = StreamRecorder(player.itemEvents())
        let path = try TestMedia.directory().appendingPathComponent("api-missing.mp4").path
        let item = PlayerItem(url: URL(fileURLWithPath: path))
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(
            await events.wait {
                $0.contains { if case .failed(item.id, _) = $0 { true } else { false } }
            })
        #expect(item.status == .failed && player.status == .failed)
        #expect(item.error?.code == .ioNotFound)
        #expect(item.errorLog().events.count == 1)
        #expect(item.errorLog().events.first?.errorDomain == "io")
        #expect(player.timeControlStatus == .paused)
        #expect(!events.elements.contains(.didPlayToEnd(itemID: item.id)))
    }

    /// Plays `url` untimed to a framemd5 listing until the item ends or fails, and hands `check`
    /// the item and every player event; `failsOnEarlyEnd` sets the item's (a truncated file
    /// fails only then). Notifications posted meanwhile reach the recorders made before.
    func playUntimedToTheEnd(
        _ url: URL, failsOnEarlyEnd: Bool = false, _ check: (PlayerItem, [PlayerItemEvent]) throws -> Void
    ) async throws {
        let listing = try PlayTool.scratchPath("api-truncated.framemd5")
        let video = try FrameMD5VideoOutput(path: listing)
        defer { video.stop() }
        let player = Player(
            configuration: EngineConfigurations.untimed(wavPrefix: try PlayTool.scratchPath("api-cut"), video: video))
        defer { player.replaceCurrentItem(with: nil) }
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: url)
        item.failsOnEarlyEnd = failsOnEarlyEnd
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(
            await events.wait {
                $0.contains { event in
                    switch event {
                    case .failedToPlayToEnd(item.id, _), .failed(item.id, _), .didPlayToEnd(item.id): true
                    default: false
                    }
                }
            })
        #expect(item.accessLog().statistics.framesPresented >= 10)
        try check(item, events.elements)
    }

    /// Plays `url` untimed and expects it to fail to reach its end: the event, the
    /// notification with its error, the error log entry, and no end.
    func expectFailedToPlayToEnd(_ url: URL, failsOnEarlyEnd: Bool = false) async throws {
        let failures = NotificationRecorder(PlayerItem.failedToPlayToEndTimeNotification)
        try await playUntimedToTheEnd(url, failsOnEarlyEnd: failsOnEarlyEnd) { item, events in
            #expect(events.contains(.readyToPlay(itemID: item.id)))
            #expect(!events.contains(.didPlayToEnd(itemID: item.id)))
            #expect(events.contains { if case .failedToPlayToEnd(item.id, _) = $0 { true } else { false } })
            #expect(item.errorLog().events.count == 1)
            #expect(item.error != nil)
            let mine = failures.objects.indices.filter { failures.objects[$0] == ObjectIdentifier(item) }
            #expect(mine.count == 1 && mine.allSatisfy { failures.errors[$0] != nil })
        }
    }

    @Test("a download cut off mid-body fails to play to its end (event, notification, error log)")
    func connectionLostMidBody() async throws {
        let bytes = try await PlayFailureIntegrationTests.longTransportStream()
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        PlayFailureIntegrationTests.servingCut(of: bytes, on: server)
        try await expectFailedToPlayToEnd(server.url("/cut.ts"))
    }

    @Test(
        "a truncated file plays to its end with one warning (event, notification, error log); failsOnEarlyEnd fails it")
    func truncatedFile() async throws {
        let bytes = try Data(contentsOf: try await TestMedia.url(for: .h264AACTransportStream))
        let half = try TestMedia.file(named: "api-half.ts", contents: bytes.prefix(bytes.count / 2))
        let logEntries = NotificationRecorder(PlayerItem.newErrorLogEntryNotification)
        try await playUntimedToTheEnd(half) { item, events in
            let mine = events.filter { event in
                switch event {
                case .endedEarly(item.id, _), .didPlayToEnd(item.id), .failedToPlayToEnd(item.id, _): true
                default: false
                }
            }
            #expect(mine.count == 2 && mine.last == .didPlayToEnd(itemID: item.id), "\(mine)")
            guard case .endedEarly(_, let warning)? = mine.first else {
                Issue.record("no endedEarly before the end: \(mine)")
                return
            }
            #expect(warning.code == .ioUnexpectedEnd && warning.message.contains("the file ends early"))
            #expect(item.error == nil)
            #expect(item.errorLog().events.map(\.errorComment) == [warning.message])
            #expect(logEntries.objects.filter { $0 == ObjectIdentifier(item) }.count == 1)
        }
        try await expectFailedToPlayToEnd(half, failsOnEarlyEnd: true)
    }
}
