import Testing

@testable import SpoolDesktop

/// Which signals a change of the published tree produces, and when they go out.
@Suite struct ATSPIEventTests {
    private func events(_ before: [AccessibleObject], _ after: [AccessibleObject]) -> [ATSPIEvent] {
        ATSPIEvent.changes(
            from: ATSPIObjectIndex(ATSPISample.application(before)),
            to: ATSPIObjectIndex(ATSPISample.application(after)),
            context: ATSPISample.context)
    }

    @Test func anUnchangedTreeSignalsNothing() {
        #expect(events([ATSPISample.play, ATSPISample.volume], [ATSPISample.play, ATSPISample.volume]).isEmpty)
    }

    @Test func aRenameFocusAndValueChangeAreSignalledFromTheObject() {
        var pause = ATSPISample.play
        pause.name = "Pause"
        pause.states.insert(.focused)
        var louder = ATSPISample.volume
        louder.value?.current = 85
        louder.value?.text = "85 %"
        let changes = events([ATSPISample.play, ATSPISample.volume], [pause, louder])
        #expect(
            changes == [
                ATSPIEvent(
                    path: ATSPISample.playPath, member: "PropertyChange", detail: "accessible-name", detail1: 0,
                    detail2: 0, value: .string("Pause")),
                ATSPIEvent(
                    path: ATSPISample.playPath, member: "StateChanged", detail: "focused", detail1: 1, detail2: 0,
                    value: .int32(0)),
                ATSPIEvent(
                    path: ATSPISample.volumePath, member: "PropertyChange", detail: "accessible-value", detail1: 0,
                    detail2: 0, value: .double(85)),
            ])
        #expect(
            changes[0].arguments == [
                .string("accessible-name"), .int32(0), .int32(0), .variant(.string("Pause")), .dictionary([:]),
            ])
    }

    @Test func aLostStateIsSignalledAsDisabled() {
        var hidden = ATSPISample.play
        hidden.states.remove(.showing)
        #expect(
            events([ATSPISample.play], [hidden]) == [
                ATSPIEvent(
                    path: ATSPISample.playPath, member: "StateChanged", detail: "showing", detail1: 0, detail2: 0,
                    value: .int32(0))
            ])
    }

    @Test func childrenRemovedAndAddedAreSignalledFromTheParentWithTheirIndexes() {
        let replay = AccessibleObject(id: "replay", role: .pushButton, name: "Replay")
        let changes = events([ATSPISample.play, ATSPISample.volume, ATSPISample.title], [replay, ATSPISample.volume])
        let prefix = ATSPINames.objectPathPrefix + "/"
        let reference = { (id: String) in ATSPISample.context.reference(prefix + id) }
        #expect(
            changes == [
                ATSPIEvent(
                    path: ATSPISample.window, member: "ChildrenChanged", detail: "remove", detail1: 2, detail2: 0,
                    value: reference("title")),
                ATSPIEvent(
                    path: ATSPISample.window, member: "ChildrenChanged", detail: "remove", detail1: 0, detail2: 0,
                    value: reference("playPause")),
                ATSPIEvent(
                    path: ATSPISample.window, member: "ChildrenChanged", detail: "add", detail1: 0, detail2: 0,
                    value: reference("replay")),
            ])
    }

    @Test func theThrottleSendsTheFirstChangeAtOnceAndABurstOncePerInterval() {
        var throttle = ATSPIEventThrottle(interval: .milliseconds(100))
        let start: Duration = .seconds(1)
        let first = throttle.changed(at: start)
        #expect(first)
        let second = throttle.changed(at: start + .milliseconds(10))
        #expect(!second)
        #expect(throttle.deadline == start + .milliseconds(100))
        let third = throttle.changed(at: start + .milliseconds(50))
        #expect(!third)
        let early = throttle.tick(at: start + .milliseconds(99))
        #expect(!early)
        let due = throttle.tick(at: start + .milliseconds(100))
        #expect(due)
        #expect(throttle.deadline == nil)
        let idle = throttle.tick(at: .seconds(2))
        #expect(!idle)
        // After a quiet spell the next change goes out at once again.
        let later = throttle.changed(at: .seconds(3))
        #expect(later)
    }
}
