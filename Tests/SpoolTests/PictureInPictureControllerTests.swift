import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// A video output that records Picture-in-Picture requests; the test sends its window events.
final class FakePictureInPictureOutput: PictureInPictureVideoOutput {
    enum Call: Equatable {
        case start
        case stop(showingMainWindow: Bool)
    }

    let name = "fake-pip"
    let acceptedPixelFormats: Set<PixelFormat>? = nil
    private let state = Locked<(calls: [Call], active: Bool, failure: VideoOutputError?)>(([], false, nil))
    private let stream: AsyncStream<VideoWindowEvent>
    private let continuation: AsyncStream<VideoWindowEvent>.Continuation

    init(failingWith failure: VideoOutputError? = nil) {
        (stream, continuation) = AsyncStream.makeStream(of: VideoWindowEvent.self)
        state.withLock { $0.failure = failure }
    }

    var calls: [Call] { state.withLock { $0.calls } }
    var isPictureInPictureActive: Bool { state.withLock { $0.active } }

    func present(_ frame: any VideoFrame) throws(VideoOutputError) {}
    func stop() {}

    func startPictureInPicture() async throws(VideoOutputError) {
        let failure = state.withLock { state -> VideoOutputError? in
            state.calls.append(.start)
            if state.failure == nil { state.active = true }
            return state.failure
        }
        if let failure { throw failure }
    }

    func stopPictureInPicture(showingMainWindow: Bool) async throws(VideoOutputError) {
        state.withLock {
            $0.calls.append(.stop(showingMainWindow: showingMainWindow))
            $0.active = false
        }
    }

    /// One consumer (the controller) in these tests.
    func windowEvents() -> AsyncStream<VideoWindowEvent> { stream }

    func send(_ event: VideoWindowEvent) { continuation.yield(event) }
}

/// Records delegate calls; its restore handler answers as told (or never).
@MainActor
final class RecordingPictureInPictureDelegate: PictureInPictureControllerDelegate {
    enum Restore { case answer(Bool), never }
    var restore = Restore.answer(true)
    private(set) var calls: [String] = []
    private(set) var pendingCompletion: (@Sendable (Bool) -> Void)?

    func pictureInPictureControllerWillStartPictureInPicture(_ controller: PictureInPictureController) {
        calls.append("willStart")
    }
    func pictureInPictureControllerDidStartPictureInPicture(_ controller: PictureInPictureController) {
        calls.append("didStart")
    }
    func pictureInPictureController(
        _ controller: PictureInPictureController, failedToStartPictureInPictureWithError error: PictureInPictureError
    ) {
        calls.append("failedToStart")
    }
    func pictureInPictureControllerWillStopPictureInPicture(_ controller: PictureInPictureController) {
        calls.append("willStop")
    }
    func pictureInPictureControllerDidStopPictureInPicture(_ controller: PictureInPictureController) {
        calls.append("didStop")
    }
    func pictureInPictureController(
        _ controller: PictureInPictureController,
        restoreUserInterfaceForPictureInPictureStopWithCompletionHandler completionHandler:
            @escaping @Sendable (Bool) -> Void
    ) {
        calls.append("restore")
        switch restore {
        case .answer(let restored): completionHandler(restored)
        case .never: pendingCompletion = completionHandler
        }
    }
}

@MainActor
@Suite("PictureInPictureController", .timeLimit(.minutes(3)))
struct PictureInPictureControllerTests {
    let pipelines = FakePipelines()
    let clock = ManualClock()

    /// A player on `output` whose item is ready and (unless `showFirstFrame` is false) has
    /// shown its first frame; `info` decides whether it has video.
    func makePlayer(
        _ output: FakePictureInPictureOutput, info: ItemPlaybackInfo = readyInfo, showFirstFrame: Bool = true
    ) async -> Player {
        let player = Player(
            configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: output, clock: clock),
            makePlayback: pipelines.factory())
        var events = player.itemEvents().makeAsyncIterator()
        let item = PlayerItem(url: URL(fileURLWithPath: "/media/\(UUID()).mp4"))
        player.replaceCurrentItem(with: item)
        // Events are handled in order: once ready is seen, the first frame was too.
        if showFirstFrame { pipelines.last!.send(.firstFrame) }
        pipelines.last!.send(.ready(info))
        _ = await events.next { $0 == .readyToPlay(itemID: item.id) }
        return player
    }

    /// Consumes `events` until `event` arrives; the ones before it, then it.
    func events(
        _ iterator: inout AsyncStream<PictureInPictureEvent>.Iterator, through event: PictureInPictureEvent
    ) async -> [PictureInPictureEvent] {
        var seen: [PictureInPictureEvent] = []
        while let next = await iterator.next(isolation: #isolation) {
            seen.append(next)
            if next == event { break }
        }
        return seen
    }

    @Test("audio-only items and items without a first frame refuse; the output is never asked")
    func notPossibleWithoutVideo() async throws {
        let output = FakePictureInPictureOutput()
        let audioOnly = ItemPlaybackInfo(
            duration: readyInfo.duration, tracks: [], presentationWidth: 0, presentationHeight: 0,
            seekableTimeRanges: readyInfo.seekableTimeRanges)
        let player = await makePlayer(output, info: audioOnly)
        let controller = try #require(PictureInPictureController(player: player))
        #expect(!controller.isPictureInPicturePossible)
        var iterator = controller.events().makeAsyncIterator()
        controller.startPictureInPicture()
        let failure = await iterator.next(isolation: #isolation)
        #expect(failure == .failedToStart(.notPossible("the item has no video")))
        #expect(output.calls.isEmpty && !controller.isPictureInPictureActive)

        let early = await makePlayer(output, showFirstFrame: false)
        let earlyController = try #require(PictureInPictureController(player: early))
        #expect(earlyController.whyNotPossible == "no video frame has been shown yet")
        #expect(output.calls.isEmpty)
    }

    @Test("a player without a windowed video output has no controller")
    func noControllerWithoutAWindow() {
        let player = Player(
            configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: NullVideoOutput(), clock: clock),
            makePlayback: pipelines.factory())
        #expect(PictureInPictureController(player: player) == nil)
    }

    @Test("start, then the restore button: will/did start, restore asked, main window shown, will/did stop")
    func startAndRestore() async throws {
        let output = FakePictureInPictureOutput()
        let player = await makePlayer(output)
        player.play()
        let controller = try #require(PictureInPictureController(player: player))
        let delegate = RecordingPictureInPictureDelegate()
        controller.delegate = delegate
        var iterator = controller.events().makeAsyncIterator()
        #expect(controller.isPictureInPicturePossible)

        controller.startPictureInPicture()
        #expect(await events(&iterator, through: .didStart) == [.willStart, .didStart])
        #expect(controller.isPictureInPictureActive && !controller.isPictureInPicturePossible)
        #expect(output.calls == [.start])
        controller.startPictureInPicture()  // already on: ignored

        output.send(.pictureInPictureRestoreRequested)
        #expect(await events(&iterator, through: .didStop) == [.willStop, .didStop])
        #expect(delegate.calls == ["willStart", "didStart", "willStop", "restore", "didStop"])
        #expect(output.calls == [.start, .stop(showingMainWindow: true)])
        #expect(!controller.isPictureInPictureActive && player.rate == 1, "playback goes on")
    }

    @Test("a restore handler that never answers: restored after restoreTimeout on the player's clock, and logged")
    func restoreTimesOut() async throws {
        let output = FakePictureInPictureOutput()
        let player = await makePlayer(output)
        let controller = try #require(PictureInPictureController(player: player))
        let delegate = RecordingPictureInPictureDelegate()
        delegate.restore = .never
        controller.delegate = delegate
        let logged = Locked<[String]>([])
        controller.log = { message in logged.withLock { $0.append(message) } }
        var iterator = controller.events().makeAsyncIterator()
        controller.startPictureInPicture()
        _ = await events(&iterator, through: .didStart)

        let timesOutAt = clock.now.advanced(by: controller.restoreTimeout)
        controller.stopPictureInPicture()
        #expect(await iterator.next(isolation: #isolation) == .willStop)
        // The restore timer itself: the paused player's resource-release timer was parked
        // already, so a count of one sleeper was met at once, and under ThreadSanitizer the
        // clock moved before the restore timer started (it then never fired: a 180-s hang).
        await clock.waitForSleeper(until: timesOutAt)
        clock.advance(by: .seconds(4))
        #expect(output.calls == [.start], "still waiting for the app")
        clock.advance(by: .seconds(1))
        #expect(await events(&iterator, through: .didStop) == [.restoreTimedOut, .didStop])
        #expect(output.calls == [.start, .stop(showingMainWindow: true)])
        #expect(logged.withLock { $0.count } == 1)
        #expect(logged.withLock { $0.first?.contains("did not call its completion handler") } == true)
        delegate.pendingCompletion?(false)  // too late: changes nothing
        #expect(output.calls == [.start, .stop(showingMainWindow: true)])
        #expect(controller.isPictureInPicturePossible)
    }

    @Test("a restore handler answering false leaves the main window hidden")
    func restoreRefused() async throws {
        let output = FakePictureInPictureOutput()
        let controller = try #require(PictureInPictureController(player: await makePlayer(output)))
        let delegate = RecordingPictureInPictureDelegate()
        delegate.restore = .answer(false)
        controller.delegate = delegate
        var iterator = controller.events().makeAsyncIterator()
        controller.startPictureInPicture()
        _ = await events(&iterator, through: .didStart)
        controller.stopPictureInPicture()
        _ = await events(&iterator, through: .didStop)
        #expect(output.calls == [.start, .stop(showingMainWindow: false)])
    }

    @Test("the close button pauses and brings the main window back without asking to restore")
    func closeButtonPauses() async throws {
        let output = FakePictureInPictureOutput()
        let player = await makePlayer(output)
        player.play()
        let controller = try #require(PictureInPictureController(player: player))
        let delegate = RecordingPictureInPictureDelegate()
        controller.delegate = delegate
        var iterator = controller.events().makeAsyncIterator()
        controller.startPictureInPicture()
        _ = await events(&iterator, through: .didStart)
        output.send(.pictureInPictureCloseRequested)
        _ = await events(&iterator, through: .didStop)
        #expect(player.rate == 0)
        #expect(!delegate.calls.contains("restore"))
        #expect(output.calls == [.start, .stop(showingMainWindow: true)])
    }

    @Test("minimising the main window starts Picture in Picture only when allowed and playing")
    func automaticStartFromInline() async throws {
        let output = FakePictureInPictureOutput()
        let player = await makePlayer(output)
        let controller = try #require(PictureInPictureController(player: player))
        var iterator = controller.events().makeAsyncIterator()
        player.play()
        controller.handle(.visibilityChanged(false))  // not allowed yet
        #expect(controller.phase == .inactive)
        controller.canStartPictureInPictureAutomaticallyFromInline = true
        player.pause()
        controller.handle(.visibilityChanged(false))  // allowed, but paused
        #expect(controller.phase == .inactive)
        player.play()
        output.send(.visibilityChanged(false))  // through the window events, as SDL reports it
        #expect(await events(&iterator, through: .didStart) == [.willStart, .didStart])
        #expect(output.calls == [.start])
    }

    @Test("an output that cannot open the window: failedToStart, and possible again after")
    func outputFailure() async throws {
        let output = FakePictureInPictureOutput(failingWith: .presentFailed("no window"))
        let controller = try #require(PictureInPictureController(player: await makePlayer(output)))
        var iterator = controller.events().makeAsyncIterator()
        controller.startPictureInPicture()
        #expect(
            await events(&iterator, through: .failedToStart(.outputFailed(.presentFailed("no window"))))
                == [.willStart, .failedToStart(.outputFailed(.presentFailed("no window")))])
        #expect(!controller.isPictureInPictureActive && controller.isPictureInPicturePossible)
    }
}
