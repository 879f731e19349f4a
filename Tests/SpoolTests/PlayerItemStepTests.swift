import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// `PlayerItem.step(byCount:)` on a scripted pipeline: each step is an exact seek to a frame's
/// start at the video track's rate, counted from the frame shown or from a step still in flight,
/// clamped to the item's frames; nothing without a rate or when the item is not current.
@MainActor
@Suite("PlayerItem.step(byCount:)", .timeLimit(.minutes(1)))
struct PlayerItemStepTests {
    let pipelines = FakePipelines()

    private func makePlayer() -> Player {
        Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: nil, videoOutput: nil, clock: ManualClock(), resourceReleaseClock: ManualClock()),
            makePlayback: pipelines.factory())
    }

    /// A current item, ready with a 25 fps video track (or `frameRate`) and 60 s long.
    private func readyItem(in player: Player, frameRate: Double? = 25) async -> PlayerItem {
        let item = PlayerItem(url: URL(fileURLWithPath: "/media/\(UUID()).mp4"))
        var events = player.itemEvents().makeAsyncIterator()
        player.replaceCurrentItem(with: item)
        var info = readyInfo
        info.tracks = [AssetTrack(kind: .video, codec: "h264", width: 320, height: 240, frameRate: frameRate)]
        pipelines.last!.send(.ready(info))
        _ = await events.next { $0 == .readyToPlay(itemID: item.id) }
        return item
    }

    private func frame(_ index: Int) -> MediaTime { MediaTime(seconds: Double(index) / 25, preferredTimescale: 90_000) }

    /// The exact seeks the pipeline was asked for, as frame times.
    private func seekTargets(_ pipeline: FakeItemPlayback) -> [MediaTime] {
        pipeline.calls.compactMap {
            guard case .seek(let time, let before, let after, _) = $0, before == .zero, after == .zero else {
                return nil
            }
            return time
        }
    }

    @Test("one frame on and back from the frame shown; steps in flight count from their frame")
    func stepsFromTheFrameShown() async {
        let player = makePlayer()
        let item = await readyItem(in: player)
        let pipeline = pipelines.last!
        #expect(item.nominalFrameRate == 25 && item.canStepForward && item.canStepBackward)
        pipeline.time = MediaTime(value: 308, timescale: 100)  // frame 77
        item.step(byCount: 1)
        item.step(byCount: 1)  // the first seek is still in flight: from frame 78
        #expect(seekTargets(pipeline) == [frame(78), frame(79)])
        pipeline.send(.seekCompleted(id: pipeline.seekIDs[1], landed: frame(79)))
        pipeline.time = frame(79)
        while player.steppedFrame != nil { await Task.yield() }
        item.step(byCount: -3)
        #expect(seekTargets(pipeline).last == frame(76))
    }

    @Test("the target is clamped to the first frame and to the last, one frame before the end")
    func clamped() async {
        let player = makePlayer()
        let item = await readyItem(in: player)
        let pipeline = pipelines.last!
        pipeline.time = MediaTime(value: 4, timescale: 100)  // frame 1
        item.step(byCount: -5)
        #expect(seekTargets(pipeline).last == frame(0))
        pipeline.send(.seekCompleted(id: pipeline.seekIDs.last!, landed: frame(0)))
        while player.steppedFrame != nil { await Task.yield() }
        pipeline.time = MediaTime(value: 5998, timescale: 100)  // frame 1500 would be the end
        item.step(byCount: 5)
        #expect(seekTargets(pipeline).last == frame(1499))
    }

    @Test("no frame rate, or an item that is not current: no step and no seek")
    func cannotStep() async {
        let player = makePlayer()
        let item = await readyItem(in: player, frameRate: nil)
        #expect(!item.canStepForward && !item.canStepBackward)
        item.step(byCount: 1)
        #expect(seekTargets(pipelines.last!).isEmpty)
        let other = PlayerItem(url: URL(fileURLWithPath: "/media/other.mp4"))
        #expect(!other.canStepForward)
        other.step(byCount: 1)
        #expect(pipelines.last!.seekIDs.isEmpty)
    }
}
