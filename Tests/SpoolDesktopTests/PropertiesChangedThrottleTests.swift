import Testing

@testable import SpoolDesktop

/// The coalescing of PropertiesChanged signals, as a state machine over explicit times.
@Suite struct PropertiesChangedThrottleTests {
    private let title = MPRISPropertyKey(interface: MPRISNames.playerInterface, name: "Metadata")
    private let status = MPRISPropertyKey(interface: MPRISNames.playerInterface, name: "PlaybackStatus")
    private let fullscreen = MPRISPropertyKey(interface: MPRISNames.rootInterface, name: "Fullscreen")

    @Test func aChangeAfterAQuietSpellIsEmittedAtOnce() {
        var throttle = PropertiesChangedThrottle(interval: .milliseconds(100))
        #expect(throttle.propertiesChanged([title], at: .seconds(5)) == .emit([title]))
        #expect(throttle.deadline == nil)
        #expect(throttle.pending.isEmpty)
    }

    @Test func aBurstGoesOutAsOneSignalOneIntervalAfterTheLastEmission() {
        var throttle = PropertiesChangedThrottle(interval: .milliseconds(100))
        #expect(throttle.propertiesChanged([title], at: .milliseconds(1000)) == .emit([title]))
        #expect(throttle.propertiesChanged([status], at: .milliseconds(1010)) == .wait(until: .milliseconds(1100)))
        #expect(throttle.propertiesChanged([title], at: .milliseconds(1050)) == .wait(until: .milliseconds(1100)))
        #expect(throttle.propertiesChanged([fullscreen], at: .milliseconds(1099)) == .wait(until: .milliseconds(1100)))
        #expect(throttle.tick(at: .milliseconds(1060)) == .wait(until: .milliseconds(1100)))
        #expect(throttle.tick(at: .milliseconds(1100)) == .emit([status, title, fullscreen]))
        #expect(throttle.tick(at: .milliseconds(1150)) == .none)
    }

    @Test func neverMoreThanOneEmissionPerInterval() {
        var throttle = PropertiesChangedThrottle(interval: .milliseconds(100))
        var emissions: [Duration] = []
        // A change every 7 ms for a second, the owner ticking whenever it is due.
        var deadline: Duration?
        for step in 0..<143 {
            let now = Duration.milliseconds(step * 7)
            if let due = deadline, due <= now, case .emit = throttle.tick(at: due) {
                emissions.append(due)
                deadline = nil
            }
            switch throttle.propertiesChanged([status], at: now) {
            case .emit: emissions.append(now)
            case .wait(let until): deadline = until
            case .none: break
            }
        }
        #expect(emissions.count <= 11)
        for (earlier, later) in zip(emissions, emissions.dropFirst()) { #expect(later - earlier >= .milliseconds(100)) }
    }

    @Test func aChangeLongAfterTheLastEmissionIsNotDelayed() {
        var throttle = PropertiesChangedThrottle(interval: .milliseconds(100))
        _ = throttle.propertiesChanged([title], at: .zero)
        _ = throttle.propertiesChanged([status], at: .milliseconds(20))
        #expect(throttle.tick(at: .milliseconds(100)) == .emit([status]))
        #expect(throttle.propertiesChanged([title], at: .milliseconds(250)) == .emit([title]))
    }

    @Test func noChangesMeanNoSignal() {
        var throttle = PropertiesChangedThrottle(interval: .milliseconds(100))
        #expect(throttle.propertiesChanged([], at: .zero) == .none)
        #expect(throttle.tick(at: .seconds(1)) == .none)
    }
}
