import SpoolCore
import Testing

@Suite("AudioSessionPolicy")
struct AudioSessionPolicyTests {
    @Test("began pauses running playback; ended with shouldResume resumes it once")
    func interruptionRoundTrip() {
        var policy = AudioSessionPolicy()
        #expect(policy.action(for: .interruption(.began, options: []), isPlaying: true) == .pause)
        #expect(policy.resumesAfterInterruption)
        #expect(policy.action(for: .interruption(.ended, options: .shouldResume), isPlaying: false) == .resume)
        #expect(!policy.resumesAfterInterruption)
        #expect(policy.action(for: .interruption(.ended, options: .shouldResume), isPlaying: false) == .none)
    }

    @Test("an interruption of paused playback, or an end without shouldResume, never resumes")
    func noResumeWithoutCause() {
        var policy = AudioSessionPolicy()
        #expect(policy.action(for: .interruption(.began, options: []), isPlaying: false) == .none)
        #expect(policy.action(for: .interruption(.ended, options: .shouldResume), isPlaying: false) == .none)
        _ = policy.action(for: .interruption(.began, options: []), isPlaying: true)
        #expect(policy.action(for: .interruption(.ended, options: []), isPlaying: false) == .none)
    }

    @Test("a second began while paused keeps the pending resume; a user decision cancels it")
    func repeatedBeganAndCancel() {
        var policy = AudioSessionPolicy()
        _ = policy.action(for: .interruption(.began, options: []), isPlaying: true)
        #expect(policy.action(for: .interruption(.began, options: []), isPlaying: false) == .none)
        #expect(policy.resumesAfterInterruption)
        policy.cancelPendingResume()
        #expect(policy.action(for: .interruption(.ended, options: .shouldResume), isPlaying: false) == .none)
    }

    @Test("the old device going away pauses and drops a pending resume; other route changes do nothing")
    func routeChanges() {
        var policy = AudioSessionPolicy()
        _ = policy.action(for: .interruption(.began, options: []), isPlaying: true)
        #expect(policy.action(for: .routeChange(.oldDeviceUnavailable, previousDevice: "a"), isPlaying: false) == .none)
        #expect(!policy.resumesAfterInterruption)
        #expect(policy.action(for: .routeChange(.oldDeviceUnavailable, previousDevice: "a"), isPlaying: true) == .pause)
        for reason in [AudioSessionRouteChangeReason.newDeviceAvailable, .categoryChange, .override, .unknown] {
            #expect(policy.action(for: .routeChange(reason, previousDevice: nil), isPlaying: true) == .none)
        }
    }

    @Test("Apple's raw values, so user-info numbers read the same as AVAudioSession's")
    func rawValues() {
        #expect(AudioSessionInterruptionType.began.rawValue == 1 && AudioSessionInterruptionType.ended.rawValue == 0)
        #expect(AudioSessionRouteChangeReason.oldDeviceUnavailable.rawValue == 2)
        #expect(AudioSessionRouteChangeReason.override.rawValue == 4)
        #expect(AudioSessionCategoryOptions.defaultToSpeaker.rawValue == 8)
    }
}
