import SpoolCore
import SpoolTestSupport
import Testing

@testable import Spool

/// The player's control machine, event by event: no player, no engine, no clock.
@Suite("PlayerControlMachine")
struct PlayerControlMachineTests {
    typealias Machine = PlayerControlMachine

    /// A playing item: rate 1, replaced, ready.
    func playing() -> Machine {
        var machine = Machine()
        _ = machine.handle(.rateRequested(1))
        _ = machine.handle(.itemReplaced(hasItem: true))
        _ = machine.handle(.itemReady)
        return machine
    }

    func target(_ seconds: Double) -> SeekTarget {
        SeekTarget(
            time: MediaTime(seconds: seconds, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero)
    }

    @Test("an item's end with .pause sets the engine's rate to 0, so a seek back cannot play unheard")
    func endPausesTheEngine() {
        var machine = playing()
        #expect(machine.timeControlStatus == .playing)
        let actions = machine.handle(.playedToEnd(action: .pause))
        #expect(actions.contains(.setEngineRate(0)))
        #expect(actions.contains(.publishTimeControlStatus(.paused)))
        #expect(machine.requestedRate == 0)
        // The seek back starts the engine's seek and sets no rate: it stays paused.
        let seek = machine.handle(.seekRequested(target(0)))
        #expect(!seek.contains { if case .setEngineRate = $0 { true } else { false } })
        #expect(seek.contains(.startEngineSeek(id: 1, target(0))))
    }

    @Test("a failure sets the engine's rate to 0 and reports paused")
    func failurePausesTheEngine() {
        var machine = playing()
        let actions = machine.handle(.failed)
        #expect(actions.prefix(1) == [.setEngineRate(0)])
        #expect(actions.contains(.publishTimeControlStatus(.paused)))
        #expect(machine.timeControlStatus == .paused)
    }

    @Test("an end with .advance keeps the rate and asks for the next item as its very last action")
    func advanceComesLast() {
        var machine = playing()
        let actions = machine.handle(.playedToEnd(action: .advance))
        #expect(actions.last == .advanceToNextItem)
        #expect(!actions.contains { if case .setEngineRate = $0 { true } else { false } })
        #expect(machine.requestedRate == 1)
        // .none changes nothing at all.
        #expect(machine.handle(.playedToEnd(action: .none)) == [.followNetworkPath(false)])
    }

    @Test("a new item starts its engine at the rate asked for and waits until it is ready")
    func replacedItemStartsAtTheRate() {
        var machine = playing()
        let actions = machine.handle(.itemReplaced(hasItem: true))
        #expect(
            actions == [
                .setEngineRate(1), .rescheduleResourceRelease, .followNetworkPath(true),
                .publishTimeControlStatus(.waitingToPlayAtSpecifiedRate),
            ])
        #expect(machine.reasonForWaitingToPlay == .evaluatingBufferingRate)
        _ = machine.handle(.itemReplaced(hasItem: false))
        #expect(machine.reasonForWaitingToPlay == .noItemToPlay)
    }

    @Test("a seek supersedes the one before; a superseded seek's late completion does nothing")
    func seeksSupersede() {
        var machine = playing()
        #expect(machine.handle(.seekRequested(target(1))).contains(.startEngineSeek(id: 1, target(1))))
        let second = machine.handle(.seekRequested(target(2)))
        #expect(second.first == .startEngineSeek(id: 2, target(2)))
        #expect(second.last == .supersedeSeeks([1]))
        #expect(machine.pendingSeeks == [2])
        #expect(
            !machine.handle(.seekCompleted(id: 1, landed: nil)).contains { action in
                if case .completeSeek = action { true } else { false }
            })
        let landed = MediaTime(seconds: 1.96, preferredTimescale: 1000)
        #expect(machine.handle(.seekCompleted(id: 2, landed: landed)).last == .completeSeek(id: 2, landed: landed))
        #expect(machine.pendingSeeks.isEmpty)
        // Completed once: a second completion of the same seek is ignored.
        #expect(machine.handle(.seekCompleted(id: 2, landed: landed)) == [.followNetworkPath(false)])
    }

    @Test("an item change supersedes the old item's seek, after its new engine has its rate")
    func itemChangeSupersedesSeeks() {
        var machine = playing()
        _ = machine.handle(.seekRequested(target(3)))
        let actions = machine.handle(.itemReplaced(hasItem: true))
        #expect(actions.first == .setEngineRate(1))
        #expect(actions.last == .supersedeSeeks([1]))
        #expect(machine.pendingSeeks.isEmpty)
    }

    @Test("a stall waits to minimise stalls; a down network is announced on entering and leaving it")
    func waitingReasons() {
        var machine = playing()
        let stalled = machine.handle(.stallChanged(true))
        #expect(stalled.contains(.publishTimeControlStatus(.waitingToPlayAtSpecifiedRate)))
        #expect(!stalled.contains { if case .publishReasonForWaiting = $0 { true } else { false } })
        #expect(machine.reasonForWaitingToPlay == .toMinimizeStalls)
        #expect(machine.handle(.refresh, networkDown: true).contains(.publishReasonForWaiting(.waitingForNetwork)))
        #expect(machine.handle(.refresh, networkDown: true) == [.followNetworkPath(true)])
        #expect(machine.handle(.refresh).contains(.publishReasonForWaiting(.toMinimizeStalls)))
        let resumed = machine.handle(.stallChanged(false))
        #expect(resumed == [.followNetworkPath(false), .publishTimeControlStatus(.playing)])
        // Pausing while waiting for the network leaves that wait: announced.
        _ = machine.handle(.stallChanged(true), networkDown: true)
        #expect(machine.handle(.rateRequested(0)).contains(.publishReasonForWaiting(nil)))
    }

    @Test("over seeded random event sequences the engine's rate always equals the player's")
    func engineRateFollowsThePlayer() {
        let events: [Machine.Event] = [
            .rateRequested(0), .rateRequested(1), .rateRequested(2), .itemReplaced(hasItem: true),
            .itemReplaced(hasItem: false), .itemReady, .stallChanged(true), .stallChanged(false),
            .playedToEnd(action: .pause), .playedToEnd(action: .advance), .playedToEnd(action: .none), .failed,
            .seekRequested(target(5)), .seekCompleted(id: 1, landed: nil), .refresh,
        ]
        for seed in UInt64(1)...20 {
            var random = SeededGenerator(state: seed)
            var machine = Machine()
            // A new item's engine starts at rate 0 (an opened pipeline is paused).
            var engineRate: Float = 0
            var hasEngine = false
            for _ in 0..<300 {
                let event = events.randomElement(using: &random)!
                if case .itemReplaced(let hasItem) = event {
                    hasEngine = hasItem
                    engineRate = 0
                }
                for case .setEngineRate(let rate) in machine.handle(event) { engineRate = rate }
                if hasEngine { #expect(engineRate == machine.requestedRate, "seed \(seed) after \(event)") }
                #expect((machine.timeControlStatus == .paused) == (machine.requestedRate == 0))
                #expect(machine.pendingSeeks.count <= 1)
            }
        }
    }
}
