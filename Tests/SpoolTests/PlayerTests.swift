import Foundation
import SpoolTestSupport
import Testing

@testable import Spool

@MainActor
@Suite("Player", .timeLimit(.minutes(3)))
struct PlayerTests {
    let pipelines = FakePipelines()
    let clock = ManualClock()

    func makePlayer() -> Player {
        Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: nil, videoOutput: nil, clock: clock, resourceReleaseClock: ManualClock()),
            makePlayback: pipelines.factory())
    }

    func item() -> PlayerItem { PlayerItem(url: URL(fileURLWithPath: "/media/\(UUID()).mp4")) }

    @Test("an item becomes ready, plays and pauses; timeControlStatus follows")
    func readyPlayPause() async {
        let player = makePlayer()
        var events = player.itemEvents().makeAsyncIterator()
        let first = item()
        player.replaceCurrentItem(with: first)
        let pipeline = pipelines.last!
        #expect(pipeline.calls.first == .volume(1))
        #expect(pipeline.calls.contains(.start(nil)))
        player.play()
        #expect(player.timeControlStatus == .waitingToPlayAtSpecifiedRate)
        #expect(player.reasonForWaitingToPlay == .evaluatingBufferingRate)
        pipeline.send(.ready(readyInfo))
        _ = await events.next { $0 == .readyToPlay(itemID: first.id) }
        #expect(first.status == .readyToPlay && player.status == .readyToPlay)
        #expect(first.duration == MediaTime(value: 60, timescale: 1))
        #expect(player.timeControlStatus == .playing)
        #expect(pipeline.lastRate == 1)
        player.pause()
        #expect(player.timeControlStatus == .paused && player.rate == 0 && pipeline.lastRate == 0)
    }

    @Test("a stall shows waiting-to-minimize-stalls and posts the stalled notification; it ends in playing")
    func stallAndRecover() async {
        let player = makePlayer()
        var events = player.itemEvents().makeAsyncIterator()
        let current = item()
        player.replaceCurrentItem(with: current)
        player.play()
        pipelines.last!.send(.ready(readyInfo))
        let stalls = NotificationRecorder(PlayerItem.playbackStalledNotification)
        pipelines.last!.send(.stalled(true))
        _ = await events.next { $0 == .stalled(itemID: current.id) }
        #expect(player.timeControlStatus == .waitingToPlayAtSpecifiedRate)
        #expect(player.reasonForWaitingToPlay == .toMinimizeStalls)
        // Other suites' players post it too, in parallel: this item's, once.
        #expect(stalls.objects.filter { $0 == ObjectIdentifier(current) }.count == 1)
        pipelines.last!.send(.stalled(false))
        _ = await events.next { $0 == .stallEnded(itemID: current.id) }
        #expect(player.timeControlStatus == .playing)
    }

    @Test("a newer seek supersedes an older one, which returns false")
    func seekSupersession() async {
        let player = makePlayer()
        player.replaceCurrentItem(with: item())
        let pipeline = pipelines.last!
        let older = Task { await player.seek(to: MediaTime(value: 10, timescale: 1)) }
        while pipeline.seekIDs.count < 1 { await Task.yield() }
        let newer = Task {
            await player.seek(
                to: MediaTime(value: 20, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero)
        }
        while pipeline.seekIDs.count < 2 { await Task.yield() }
        #expect(await older.value == false)
        pipeline.send(.seekCompleted(id: pipeline.seekIDs[1], landed: MediaTime(value: 20, timescale: 1)))
        #expect(await newer.value == true)
        #expect(
            pipeline.calls.last == .seek(MediaTime(value: 20, timescale: 1), before: .zero, after: .zero, id: 2))
    }

    @Test("a seek's event reports where the engine landed (the keyframe before the target), not the target")
    func seekEventReportsTheLanding() async {
        let player = makePlayer()
        var events = player.itemEvents().makeAsyncIterator()
        let current = item()
        player.replaceCurrentItem(with: current)
        let pipeline = pipelines.last!
        let (target, keyframe) = (MediaTime(value: 20, timescale: 1), MediaTime(value: 18, timescale: 1))
        let seek = Task { await player.seek(to: target) }
        while pipeline.seekIDs.isEmpty { await Task.yield() }
        pipeline.send(.seekCompleted(id: pipeline.seekIDs[0], landed: keyframe))
        #expect(await seek.value)
        let event = await events.next { if case .seek = $0 { true } else { false } }
        #expect(event == .seek(itemID: current.id, target: target, landed: keyframe, finished: true))
    }

    @Test("replacing the item stops its pipeline, fails its pending seek, and ignores its late events")
    func replacementIsolatesTheOldItem() async {
        let player = makePlayer()
        var events = player.itemEvents().makeAsyncIterator()
        let first = item()
        player.replaceCurrentItem(with: first)
        let oldPipeline = pipelines.last!
        let pendingSeek = Task { await player.seek(to: MediaTime(value: 5, timescale: 1)) }
        while oldPipeline.seekIDs.isEmpty { await Task.yield() }
        let second = item()
        player.replaceCurrentItem(with: second)
        #expect(await pendingSeek.value == false)
        #expect(oldPipeline.isStopped)
        oldPipeline.send(.failed(PlaybackError(.ioNetwork, "late failure of the first item")))
        pipelines.last!.send(.ready(readyInfo))
        _ = await events.next { $0 == .readyToPlay(itemID: second.id) }
        #expect(player.status == .readyToPlay && player.error == nil)
        #expect(first.status == .unknown)
    }

    @Test("at the end the player pauses (actionAtItemEnd = .pause) and posts did-play-to-end")
    func endPauses() async {
        let player = makePlayer()
        var events = player.itemEvents().makeAsyncIterator()
        let current = item()
        player.replaceCurrentItem(with: current)
        player.play()
        pipelines.last!.send(.ready(readyInfo))
        pipelines.last!.send(.playedToEnd)
        _ = await events.next { $0 == .didPlayToEnd(itemID: current.id) }
        #expect(player.rate == 0 && player.timeControlStatus == .paused)
    }

    @Test("the end pauses the engine too: a seek back afterwards stays paused, as the player reports")
    func endPausesTheEngine() async {
        let player = makePlayer()
        var events = player.itemEvents().makeAsyncIterator()
        let current = item()
        player.replaceCurrentItem(with: current)
        player.play()
        let pipeline = pipelines.last!
        pipeline.send(.ready(readyInfo))
        #expect(pipeline.lastRate == 1)
        pipeline.send(.playedToEnd)
        _ = await events.next { $0 == .didPlayToEnd(itemID: current.id) }
        #expect(player.rate == 0 && pipeline.lastRate == 0)
        let landed = Task { await player.seek(to: .zero) }
        while pipeline.seekIDs.isEmpty { await Task.yield() }
        pipeline.send(.seekCompleted(id: pipeline.seekIDs[0], landed: .zero))
        #expect(await landed.value)
        // The engine would play from the start at the last rate it was given.
        #expect(player.rate == 0 && player.timeControlStatus == .paused && pipeline.lastRate == 0)
    }

    @Test("a failure, or a failure to reach the end, pauses the engine as well as the player")
    func failurePausesTheEngine() async {
        for failure in [
            ItemPlaybackEvent.failed(PlaybackError(.ioNotFound, "not found")),
            .failedToPlayToEnd(PlaybackError(.ioUnexpectedEnd, "the file ends early")),
        ] {
            let player = makePlayer()
            var events = player.itemEvents().makeAsyncIterator()
            player.replaceCurrentItem(with: item())
            player.play()
            let pipeline = pipelines.last!
            pipeline.send(.ready(readyInfo))
            pipeline.send(failure)
            _ = await events.next {
                switch $0 {
                case .failed, .failedToPlayToEnd: true
                default: false
                }
            }
            #expect(player.rate == 0 && pipeline.lastRate == 0)
        }
    }

    @Test("a failure is state: status failed, error set, error log entry, paused")
    func failureIsState() async {
        let player = makePlayer()
        var events = player.itemEvents().makeAsyncIterator()
        let current = item()
        player.replaceCurrentItem(with: current)
        player.play()
        let failure = PlaybackError(.ioNotFound, "not found: /media/x.mp4")
        pipelines.last!.send(.failed(failure))
        _ = await events.next { if case .failed = $0 { true } else { false } }
        #expect(player.status == .failed && player.error == failure && current.status == .failed)
        #expect(current.errorLog().events.map(\.errorStatusCode) == [2001])
        #expect(player.timeControlStatus == .paused)
    }

    @Test("failed-to-play-to-end carries the error in the notification")
    func failedToPlayToEnd() async {
        let player = makePlayer()
        let current = item()
        player.replaceCurrentItem(with: current)
        player.play()
        pipelines.last!.send(.ready(readyInfo))
        let failures = NotificationRecorder(PlayerItem.failedToPlayToEndTimeNotification)
        var events = player.itemEvents().makeAsyncIterator()
        let failure = PlaybackError(.ioUnexpectedEnd, "the file ends early")
        pipelines.last!.send(.failedToPlayToEnd(failure))
        _ = await events.next { if case .failedToPlayToEnd = $0 { true } else { false } }
        #expect(failures.errors == [failure])
        #expect(current.error == failure)
    }

    @Test("volume, mute and rate reach the pipeline; the rate is clamped to 0.5…4")
    func controlsReachThePipeline() {
        let player = makePlayer()
        let current = item()
        current.audioTimePitchAlgorithm = .varispeed
        player.replaceCurrentItem(with: current)
        let pipeline = pipelines.last!
        player.volume = 0.25
        player.isMuted = true
        #expect(pipeline.calls.suffix(2) == [.volume(0.25), .volume(0)])
        player.isMuted = false
        #expect(pipeline.calls.last == .volume(0.25))
        player.rate = 9
        #expect(player.rate == 4 && pipeline.calls.last == .rate(4, .varispeed))
        player.rate = 0.1
        #expect(player.rate == 0.5)
    }

    @Test("the periodic time observer fires every interval while playing, and outlives its item (AVPlayer's rule)")
    func periodicObserver() async {
        let player = makePlayer()
        let current = item()
        player.replaceCurrentItem(with: current)
        player.play()
        pipelines.last!.send(.ready(readyInfo))
        var events = player.itemEvents().makeAsyncIterator()
        _ = await events.next { $0 == .timeControlStatus(.playing) || $0 == .readyToPlay(itemID: current.id) }
        var times: [MediaTime] = []
        let token = player.addPeriodicTimeObserver(forInterval: MediaTime(value: 1, timescale: 2)) {
            times.append($0)
        }
        await clock.waitForSleepers(atLeast: 1)
        #expect(times.count == 1)  // fired once at the start
        pipelines.last!.time = MediaTime(value: 1, timescale: 2)
        clock.advance(by: .milliseconds(500))
        await clock.waitForSleepers(atLeast: 1)
        #expect(times.count == 2 && times.last == MediaTime(value: 1, timescale: 2))
        // A new item: the observer goes on, on the new item's timeline, until removed.
        let next = item()
        player.replaceCurrentItem(with: next)
        pipelines.last!.send(.ready(readyInfo))
        _ = await events.next { $0 == .readyToPlay(itemID: next.id) }
        #expect(clock.sleeperCount == 1)
        pipelines.last!.time = MediaTime(value: 1, timescale: 4)
        clock.advance(by: .milliseconds(500))
        await clock.waitForSleepers(atLeast: 1)
        #expect(times.count == 3 && times.last == MediaTime(value: 1, timescale: 4))
        player.removeTimeObserver(token)
        await Task.yield()
        #expect(clock.sleeperCount == 0)
    }

    @Test("seek(toFraction:) lands on the frame there by default: zero tolerances reach the pipeline")
    func fractionSeekIsExact() async {
        let player = makePlayer()
        player.replaceCurrentItem(with: item())
        pipelines.last!.send(.ready(readyInfo))
        var events = player.itemEvents().makeAsyncIterator()
        _ = await events.next { if case .readyToPlay = $0 { true } else { false } }
        let seeking = Task { await player.seek(toFraction: 0.5) }
        while pipelines.last!.seekIDs.isEmpty { await Task.yield() }
        guard case .seek(let time, let before, let after, let id) = pipelines.last!.calls.last else {
            Issue.record("no seek reached the engine: \(pipelines.last!.calls)")
            return
        }
        #expect(time == MediaTime(seconds: readyInfo.duration.seconds / 2, preferredTimescale: 1000))
        #expect(before == .zero && after == .zero)
        pipelines.last!.send(.seekCompleted(id: id, landed: time))
        #expect(await seeking.value)
    }

    @Test("the boundary observer fires once per crossed boundary")
    func boundaryObserver() async {
        let player = makePlayer()
        player.replaceCurrentItem(with: item())
        var crossed: [MediaTime] = []
        player.addBoundaryTimeObserver(forTimes: [MediaTime(value: 1, timescale: 1), MediaTime(value: 3, timescale: 1)])
        {
            crossed.append($0)
        }
        await clock.waitForSleepers(atLeast: 1)
        pipelines.last!.time = MediaTime(value: 2, timescale: 1)
        clock.advance(by: .milliseconds(50))
        await clock.waitForSleepers(atLeast: 1)
        #expect(crossed == [MediaTime(value: 1, timescale: 1)])
        pipelines.last!.time = MediaTime(value: 4, timescale: 1)
        clock.advance(by: .milliseconds(50))
        await clock.waitForSleepers(atLeast: 1)
        #expect(crossed == [MediaTime(value: 1, timescale: 1), MediaTime(value: 3, timescale: 1)])
    }

    @Test(
        "preferredVariantIndex changed while the item plays reaches its pipeline once per change, and not after it left"
    )
    func variantPinReachesThePipeline() {
        let player = makePlayer()
        let first = item()
        player.replaceCurrentItem(with: first)
        let pipeline = pipelines.last!
        first.preferredVariantIndex = 2
        first.preferredVariantIndex = 2
        first.preferredVariantIndex = nil
        #expect(
            pipeline.calls.filter { if case .pinVariant = $0 { true } else { false } } == [
                .pinVariant(2), .pinVariant(nil),
            ])
        player.replaceCurrentItem(with: item())
        first.preferredVariantIndex = 1
        #expect(!pipeline.calls.contains(.pinVariant(1)))
    }
}
