import Foundation
import SpoolHLS
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// An interstitial at `seconds` with the given attributes, as `InterstitialSchedule` gives them.
private func interstitial(
    _ id: String, at seconds: Int64, resumeOffset: MediaTime? = nil, restrictions: Interstitial.Restrictions = [],
    cue: DateRange.Cue = [], asset: String? = nil, playoutLimit: Double? = nil
) throws -> ScheduledInterstitial {
    var attributes = "ID=\"\(id)\",CLASS=\"com.apple.hls.interstitial\",X-ASSET-URI=\"\(asset ?? "\(id).m3u8")\""
    if let resumeOffset { attributes += ",X-RESUME-OFFSET=\(resumeOffset.seconds)" }
    var restrict: [String] = []
    if restrictions.contains(.skip) { restrict.append("SKIP") }
    if restrictions.contains(.jump) { restrict.append("JUMP") }
    if !restrict.isEmpty { attributes += ",X-RESTRICT=\"\(restrict.joined(separator: ","))\"" }
    if cue.contains(.post) { attributes += ",CUE=\"POST\"" }
    if let playoutLimit { attributes += ",X-PLAYOUT-LIMIT=\(playoutLimit)" }
    let text = """
        #EXTM3U
        #EXT-X-TARGETDURATION:2
        #EXT-X-PROGRAM-DATE-TIME:2024-05-01T12:00:00Z
        #EXT-X-DATERANGE:\(attributes),START-DATE="2024-05-01T12:00:\(String(format: "%02d", seconds))Z"
        #EXTINF:2,
        a.ts
        #EXTINF:2,
        b.ts
        #EXTINF:2,
        c.ts
        #EXTINF:2,
        d.ts
        #EXTINF:2,
        e.ts
        #EXT-X-ENDLIST
        """
    guard case .media(let media) = try Playlist.parse(text, url: URL(string: "http://127.0.0.1/p.m3u8")!),
        let event = InterstitialSchedule.interstitials(in: media).first
    else { throw CancellationError() }
    return event
}

/// The primary's timeline starts at 10 s (like MPEG-TS timestamps), to check the conversion.
private let primaryInfo = ItemPlaybackInfo(
    duration: MediaTime(value: 10, timescale: 1), tracks: [], presentationWidth: 320, presentationHeight: 180,
    seekableTimeRanges: [
        TimeRange(start: MediaTime(value: 10, timescale: 1), duration: MediaTime(value: 10, timescale: 1))
    ])

private func assetInfo(seconds: Int64) -> ItemPlaybackInfo {
    ItemPlaybackInfo(
        duration: MediaTime(value: seconds, timescale: 1), tracks: [], presentationWidth: 320, presentationHeight: 180,
        seekableTimeRanges: [TimeRange(start: .zero, duration: MediaTime(value: seconds, timescale: 1))])
}

@MainActor
@Suite("HLS interstitial scheduling", .timeLimit(.minutes(3)))
struct InterstitialSchedulerTests {
    let pipelines = FakePipelines()
    let configuration = PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: ManualClock())
    let primary = PlayerItem(url: URL(string: "http://127.0.0.1/primary.m3u8")!)
    let next = PlayerItem(url: URL(string: "http://127.0.0.1/next.m3u8")!)

    /// A queue player (primary, next) whose primary has `events`, with a controller attached.
    private func setUp(_ events: [ScheduledInterstitial]) -> (QueuePlayer, PlayerInterstitialEventController) {
        let player = QueuePlayer(items: [], configuration: configuration, makePlayback: pipelines.factory())
        let primaryID = primary.id
        player.interstitialScheduler = InterstitialScheduler(
            player: player, loadEvents: { item in item.id == primaryID ? events : [] })
        let controller = PlayerInterstitialEventController(primaryPlayer: player)
        player.insert(primary, after: nil)
        player.insert(next, after: primary)
        player.play()
        return (player, controller)
    }

    private func waitForItem(_ player: Player, _ predicate: (PlayerItem?) -> Bool) async {
        var events = player.itemEvents().makeAsyncIterator()
        while !predicate(player.currentItem) {
            _ = await events.next { if case .currentItemChanged = $0 { true } else { false } }
        }
    }

    /// Makes the current pipeline report ready (with `primaryInfo`) and waits until the player knows.
    private func ready(_ player: Player, _ item: PlayerItem) async {
        var events = player.itemEvents().makeAsyncIterator()
        pipelines.last!.send(.ready(primaryInfo))
        _ = await events.next { $0 == .readyToPlay(itemID: item.id) }
    }

    private func waitForEvents(_ controller: PlayerInterstitialEventMonitor, count: Int) async {
        var updates = controller.updates().makeAsyncIterator()
        while controller.events.count < count { _ = await updates.next() }
    }

    @Test("the primary stops at the break, the asset plays in the same player, the primary resumes exactly after it")
    func breakAndResume() async throws {
        let (player, controller) = setUp([try interstitial("ad", at: 4, resumeOffset: .zero)])
        await waitForEvents(controller, count: 1)
        #expect(controller.events.map(\.identifier) == ["ad"] && controller.events[0].time.seconds == 4)
        #expect(primary.interstitialCut == InterstitialCut(after: nil, played: []))
        let first = pipelines.last!
        first.send(.ready(primaryInfo))
        first.send(.playedToEnd)  // the pipeline's cut at 4 s
        await waitForItem(player) { $0 != nil && $0 !== primary }
        #expect(player.currentItem?.asset.url.lastPathComponent == "ad.m3u8")
        #expect(controller.currentEvent?.identifier == "ad" && player.rate == 1)
        #expect(first.isStopped && player.items().first === player.currentItem)

        pipelines.last!.send(.ready(assetInfo(seconds: 2)))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 === primary }
        #expect(controller.currentEvent == nil && player.rate == 1)
        // Resumed at 4 s of primary content: 10 + 4 on the item's own timeline, frame-exact.
        let resumed = pipelines.last!
        #expect(resumed.calls.contains(.seek(MediaTime(value: 14, timescale: 1), before: .zero, after: .zero, id: 1)))
        #expect(primary.interstitialCut == InterstitialCut(after: MediaTime(value: 4, timescale: 1), played: ["ad"]))
        // The primary's real end is announced and the queue advances.
        var events = player.itemEvents().makeAsyncIterator()
        resumed.send(.playedToEnd)
        _ = await events.next { $0 == .didPlayToEnd(itemID: primary.id) }
        await waitForItem(player) { $0 === next }
    }

    @Test("without a resumption offset the primary resumes after the duration the asset played")
    func defaultResumptionOffset() async throws {
        let (player, controller) = setUp([try interstitial("ad", at: 4)])
        await waitForEvents(controller, count: 1)
        pipelines.last!.send(.ready(primaryInfo))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 != nil && $0 !== primary }
        pipelines.last!.send(.ready(assetInfo(seconds: 3)))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 === primary }
        #expect(
            pipelines.last!.calls.contains(
                .seek(MediaTime(value: 17, timescale: 1), before: .zero, after: .zero, id: 1)))
    }

    @Test("X-PLAYOUT-LIMIT ends the asset early, and the default resumption offset is what played")
    func playoutLimit() async throws {
        let (player, controller) = setUp([try interstitial("ad", at: 4, playoutLimit: 1.5)])
        await waitForEvents(controller, count: 1)
        pipelines.last!.send(.ready(primaryInfo))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 != nil && $0 !== primary }
        #expect(player.currentItem?.playoutLimit == MediaTime(value: 1500, timescale: 1000))
        pipelines.last!.send(.ready(assetInfo(seconds: 2)))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 === primary }
        #expect(
            pipelines.last!.calls.contains(
                .seek(MediaTime(value: 15500, timescale: 1000), before: .zero, after: .zero, id: 1)))
    }

    @Test("X-RESTRICT=SKIP: seeks during the interstitial are refused; cancelling the event still resumes")
    func skipRestriction() async throws {
        let (player, controller) = setUp([try interstitial("ad", at: 4, resumeOffset: .zero, restrictions: .skip)])
        await waitForEvents(controller, count: 1)
        pipelines.last!.send(.ready(primaryInfo))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 != nil && $0 !== primary }
        let ad = pipelines.last!
        ad.send(.ready(assetInfo(seconds: 2)))
        #expect(await player.seek(to: MediaTime(value: 1, timescale: 1)) == false)
        #expect(ad.seekIDs.isEmpty)
        controller.cancelCurrentEvent(withResumptionOffset: MediaTime(value: 1, timescale: 1))
        #expect(player.currentItem === primary && controller.currentEvent == nil)
        #expect(
            pipelines.last!.calls.contains(
                .seek(MediaTime(value: 15, timescale: 1), before: .zero, after: .zero, id: 1)))
    }

    @Test("X-RESTRICT=JUMP: a seek past the break plays it first, then lands where the user asked")
    func jumpRestriction() async throws {
        let (player, controller) = setUp([try interstitial("ad", at: 4, resumeOffset: .zero, restrictions: .jump)])
        await waitForEvents(controller, count: 1)
        await ready(player, primary)
        let seek = Task { await player.seek(to: MediaTime(value: 17, timescale: 1)) }
        await waitForItem(player) { $0 != nil && $0 !== primary }
        #expect(controller.currentEvent?.identifier == "ad")
        pipelines.last!.send(.ready(assetInfo(seconds: 2)))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 === primary }
        let resumed = pipelines.last!
        #expect(resumed.calls.contains(.seek(MediaTime(value: 17, timescale: 1), before: .zero, after: .zero, id: 1)))
        resumed.send(.seekCompleted(id: 1, landed: MediaTime(value: 17, timescale: 1)))
        #expect(await seek.value == true)
    }

    @Test("a seek past a break without JUMP skips it: the primary restarts past it, no interstitial")
    func seekPastUnrestrictedBreak() async throws {
        let (player, controller) = setUp([try interstitial("ad", at: 4)])
        await waitForEvents(controller, count: 1)
        await ready(player, primary)
        let before = pipelines.made.count
        player.seek(to: MediaTime(value: 16, timescale: 1)) { _ in }
        #expect(pipelines.made.count == before + 1 && player.currentItem === primary)
        #expect(primary.interstitialCut?.after == MediaTime(value: 6, timescale: 1))
        #expect(pipelines.last!.seekIDs.count == 1 && controller.currentEvent == nil)
        // With no break ahead any more, a seek is an ordinary one.
        player.seek(to: MediaTime(value: 11, timescale: 1)) { _ in }
        #expect(pipelines.made.count == before + 1)
    }

    @Test("a POST interstitial plays when the primary really ends; then the end is announced and the queue advances")
    func postRoll() async throws {
        let (player, controller) = setUp([try interstitial("post", at: 0, cue: .post)])
        await waitForEvents(controller, count: 1)
        #expect(primary.interstitialCut != nil)
        var events = player.itemEvents().makeAsyncIterator()
        pipelines.last!.send(.ready(primaryInfo))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 != nil && $0 !== primary }
        #expect(controller.currentEvent?.cue == .leaveCue)
        pipelines.last!.send(.playedToEnd)
        let ended = await events.next { if case .didPlayToEnd = $0 { true } else { false } }
        #expect(ended == .didPlayToEnd(itemID: primary.id))
        await waitForItem(player) { $0 === next }
    }

    @Test("an interstitial that fails is skipped and the primary resumes; the player keeps playing")
    func failedAssetIsSkipped() async throws {
        let (player, controller) = setUp([try interstitial("ad", at: 4, resumeOffset: .zero)])
        await waitForEvents(controller, count: 1)
        pipelines.last!.send(.ready(primaryInfo))
        pipelines.last!.send(.playedToEnd)
        await waitForItem(player) { $0 != nil && $0 !== primary }
        pipelines.last!.send(.failed(PlaybackError(.ioNotFound, "ad.m3u8: not found")))
        await waitForItem(player) { $0 === primary }
        #expect(player.rate == 1 && controller.currentEvent == nil)
    }

    @Test("InterstitialCut: the next break after the start point, skipping played and POST events")
    func cutChoosesTheNextBreak() throws {
        let events = [
            try interstitial("a", at: 2), try interstitial("b", at: 4), try interstitial("p", at: 0, cue: .post),
        ]
        #expect(InterstitialCut(after: nil, played: []).nextBreak(in: events)?.seconds == 2)
        #expect(InterstitialCut(after: nil, played: ["a"]).nextBreak(in: events)?.seconds == 4)
        #expect(InterstitialCut(after: MediaTime(value: 4, timescale: 1), played: []).nextBreak(in: events) == nil)
    }
}
