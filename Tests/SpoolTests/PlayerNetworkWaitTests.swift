import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import Spool

/// While the network path is down, a player stalled (or opening) on a network item says it
/// waits for the network, and says so again when the path returns; a local file's stall is
/// never blamed on the network.
@MainActor
@Suite("Player waiting for the network", .timeLimit(.minutes(3)))
struct PlayerNetworkWaitTests {
    let pipelines = FakePipelines()
    let network = FakeNetworkPathMonitor()

    func makePlayer() -> Player {
        Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: nil, videoOutput: nil, clock: ManualClock(), resourceReleaseClock: ManualClock()),
            makePlayback: pipelines.factory(), networkPath: network)
    }

    @Test("a stall on an HTTP item while offline: waitingForNetwork, then toMinimizeStalls when the path returns")
    func stallWhileOffline() async {
        let player = makePlayer()
        var events = player.itemEvents().makeAsyncIterator()
        let item = PlayerItem(url: URL(string: "http://media.example/clip.mp4")!)
        player.replaceCurrentItem(with: item)
        player.play()
        pipelines.last!.send(.ready(readyInfo))
        pipelines.last!.send(.stalled(true))
        _ = await events.next { $0 == .stalled(itemID: item.id) }
        #expect(player.reasonForWaitingToPlay == .toMinimizeStalls)
        network.set(.unsatisfied)
        _ = await events.next { $0 == .reasonForWaitingToPlay(.waitingForNetwork) }
        #expect(player.timeControlStatus == .waitingToPlayAtSpecifiedRate)
        #expect(player.reasonForWaitingToPlay == .waitingForNetwork)
        network.set(.satisfied)
        _ = await events.next { $0 == .reasonForWaitingToPlay(.toMinimizeStalls) }
        #expect(player.reasonForWaitingToPlay == .toMinimizeStalls)
        pipelines.last!.send(.stalled(false))
        _ = await events.next { $0 == .stallEnded(itemID: item.id) }
        #expect(player.timeControlStatus == .playing && player.reasonForWaitingToPlay == nil)
    }

    @Test("an HTTP item opening while offline waits for the network; a file's stall does not")
    func openingWhileOfflineAndLocalFiles() async {
        network.set(.unsatisfied)
        let player = makePlayer()
        player.replaceCurrentItem(with: PlayerItem(url: URL(string: "https://media.example/live.m3u8")!))
        player.play()
        #expect(player.reasonForWaitingToPlay == .waitingForNetwork)
        var events = player.itemEvents().makeAsyncIterator()
        let file = PlayerItem(url: URL(fileURLWithPath: "/media/clip.mp4"))
        player.replaceCurrentItem(with: file)
        #expect(player.reasonForWaitingToPlay == .evaluatingBufferingRate)
        pipelines.last!.send(.ready(readyInfo))
        pipelines.last!.send(.stalled(true))
        _ = await events.next { $0 == .stalled(itemID: file.id) }
        #expect(player.reasonForWaitingToPlay == .toMinimizeStalls)
    }
}
