import Testing

@testable import spool

/// `ABLoopMachine` on manual time: a playhead advanced in 10 ms steps (whole centiseconds, so
/// no rounding), its positions fed in, and each jump the machine asks for done at once or after
/// a few more stale positions, as the player's seek takes a moment.
@Suite("A-B loop machine")
struct ABLoopMachineTests {
    /// Plays from `start` (centiseconds) for `ticks` steps of 10 ms; a jump lands after
    /// `seekDelay` more positions from before it. Returns the jumps and every position seen.
    private static func play(
        _ machine: inout ABLoopMachine, from start: Int = 0, ticks: Int, seekDelay: Int = 0
    ) -> (jumps: Int, positions: [Double]) {
        var centis = start
        var jumps = 0
        var positions: [Double] = []
        var pending: (target: Double, after: Int)?
        _ = machine.handle(.seeked(to: Double(start) / 100))
        for _ in 0..<ticks {
            centis += 1
            if let jump = pending {
                if jump.after == 0 {
                    centis = Int((jump.target * 100).rounded())
                    _ = machine.handle(.seeked(to: jump.target))
                    pending = nil
                } else {
                    pending = (jump.target, jump.after - 1)
                }
            }
            let position = Double(centis) / 100
            positions.append(position)
            for action in machine.handle(.position(position)) {
                guard case .seek(let target) = action else { continue }
                jumps += 1
                pending = (target, seekDelay)
            }
        }
        return (jumps, positions)
    }

    private static func loop(_ a: Double?, _ b: Double?, count: ABLoopMachine.Count = .infinite) -> ABLoopMachine {
        var machine = ABLoopMachine()
        _ = machine.handle(.setA(a))
        _ = machine.handle(.setB(b))
        _ = machine.handle(.setCount(count))
        return machine
    }

    @Test("2 s to 5 s for 20 s from 0: B at tick 500, then every 301 ticks: 5 jumps, never past B")
    func loopsForever() {
        var machine = Self.loop(2, 5)
        let (jumps, positions) = Self.play(&machine, ticks: 2000)
        // A jump lands on the next tick (2.00), from which B is 300 ticks on: 500, 801, 1102, 1403, 1704.
        #expect(jumps == 5)
        #expect(positions.max() == 5)
        #expect(positions.suffix(1500).min() == 2)
        #expect(machine.count == .infinite)
    }

    @Test("ab-loop-count 2: two jumps, the count used up, then playback goes on past B")
    func countedLoops() {
        var machine = Self.loop(2, 5, count: .times(2))
        let (jumps, positions) = Self.play(&machine, ticks: 2000)
        #expect(jumps == 2)
        #expect(machine.count == .times(0))
        #expect(machine.points == nil)
        // Jumps at ticks 500 and 801; from 2.00 at tick 802 on to tick 2000.
        #expect(positions.last == 13.98)
    }

    @Test("positions from before a jump's seek lands ask for no second jump")
    func staleJumpPositions() {
        var machine = Self.loop(2, 5)
        let (jumps, positions) = Self.play(&machine, ticks: 900, seekDelay: 3)
        // B at tick 500, then 5.01…5.03 before the seek lands on 2.00 at tick 504; B again at 804.
        #expect(jumps == 2)
        #expect(positions.max() == 5.03)
    }

    @Test("A after B is swapped; equal points, A alone or a count of 0 loop nothing")
    func pointRules() {
        var swapped = Self.loop(5, 2)
        #expect(swapped.points?.start == 2 && swapped.points?.end == 5)
        #expect(Self.play(&swapped, ticks: 900).jumps == 2)
        for var machine in [Self.loop(3, 3), Self.loop(2, nil), Self.loop(nil, 5), Self.loop(2, 5, count: .times(0))] {
            #expect(Self.play(&machine, ticks: 1000).jumps == 0)
        }
    }

    @Test("a seek past B plays on; a seek back before B loops again (mpv's ab_loop_clip)")
    func seekPastB() {
        var machine = Self.loop(2, 5)
        #expect(Self.play(&machine, from: 600, ticks: 300).jumps == 0)
        #expect(Self.play(&machine, from: 400, ticks: 200).jumps == 1)
    }

    @Test("points set while the playhead is past B do not loop until it is back before B")
    func pointsSetPastB() {
        var machine = ABLoopMachine()
        _ = machine.handle(.seeked(to: 7))
        _ = machine.handle(.setA(2))
        _ = machine.handle(.setB(5))
        #expect(!machine.isClipping)
        #expect(machine.handle(.position(7.01)).isEmpty)
        _ = machine.handle(.seeked(to: 1))
        #expect(machine.isClipping)
        #expect(machine.handle(.position(5)) == [.seek(to: 2)])
    }

    @Test("where the playhead is when B is set decides: past B (told by located) plays on")
    func locatedBeforeSettingB() {
        var machine = Self.loop(2, nil)
        _ = machine.handle(.seeked(to: 0))
        _ = machine.handle(.located(at: 7))
        _ = machine.handle(.setB(5))
        #expect(!machine.isClipping)
        #expect(machine.handle(.position(7.01)).isEmpty)
        _ = machine.handle(.located(at: 3))
        _ = machine.handle(.setB(5))
        #expect(machine.isClipping)
        #expect(machine.handle(.position(5)) == [.seek(to: 2)])
    }

    @Test("the l key's ab-loop: A at the playhead, then B, then both cleared")
    func mark() {
        var machine = ABLoopMachine()
        _ = machine.handle(.mark(at: 1.5))
        #expect(machine.a == 1.5 && machine.b == nil)
        _ = machine.handle(.mark(at: 3.25))
        #expect(machine.a == 1.5 && machine.b == 3.25)
        #expect(machine.isClipping)
        #expect(machine.handle(.position(3.25)) == [.seek(to: 1.5)])
        _ = machine.handle(.seeked(to: 1.5))
        _ = machine.handle(.mark(at: 2))
        #expect(machine.a == nil && machine.b == nil && machine.points == nil)
    }
}
