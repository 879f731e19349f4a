import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

/// `AudioOutputChoice`: the audio an app asks for without writing a factory closure.
@Suite struct AudioOutputChoiceTests {
    /// Everything a factory warned, in order.
    final class Warnings: Sendable {
        let lines = Locked<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func record(_ line: String) { lines.withLock { $0.append(line) } }
    }

    /// Counts the questions asked of the (absent) server.
    final class Questions: Sendable {
        let count = Locked(0)
        func ask(_ answer: AudioOutputSpec) -> AudioOutputSpec {
            count.withLock { $0 += 1 }
            return answer
        }
    }

    @Test("none makes no factory; spec(.null) and spec(.wav) make that output, without a warning")
    func noneAndSpecs() throws {
        let warnings = Warnings()
        let none = AudioOutputChoice.none.makeFactory(clock: ContinuousClock(), warn: warnings.record)
        #expect(none == nil)
        let null = try #require(AudioOutputChoice.spec(.null).makeFactory(clock: ContinuousClock()))
        #expect(try null().name == "null")
        let wav = try #require(AudioOutputChoice.spec(.wav(path: "/dev/null")).makeFactory(clock: ContinuousClock()))
        #expect(try wav().name == "wav")
        #expect(warnings.all.isEmpty)
    }

    @Test("default without a server: the null output for every item, one warning line, the server asked once")
    func defaultFallsBackToNullWithOneWarning() throws {
        let warnings = Warnings()
        let questions = Questions()
        let factory = AudioOutputChoice.default.makeFactory(
            clock: ContinuousClock(), timed: true, warn: warnings.record, defaultSpec: { questions.ask(.null) })
        let make = try #require(factory)
        #expect(questions.count.withLock { $0 } == 0, "nothing is asked before an item needs audio")
        #expect(try make().name == "null")
        #expect(try make().name == "null")
        #expect(questions.count.withLock { $0 } == 1)
        #expect(warnings.all == ["no PulseAudio server answered: playing without sound (null audio output)"])
    }

    @Test("default with a server: PulseAudio, no warning")
    func defaultUsesPulseAudioWhenAServerAnswers() throws {
        let warnings = Warnings()
        let factory = AudioOutputChoice.default.makeFactory(
            clock: ContinuousClock(), timed: true, warn: warnings.record, defaultSpec: { .pulse(sink: nil) })
        let make = try #require(factory)
        let output = try make()
        #expect(output.name == "pulse")
        output.stop()
        #expect(warnings.all.isEmpty)
    }
}
