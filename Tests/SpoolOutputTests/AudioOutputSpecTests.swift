import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

struct AudioOutputSpecTests {
    @Test(arguments: [
        ("pulse", AudioOutputSpec.pulse(sink: nil)),
        (
            "pulse:alsa_output.pci-0000_00_1f.3.analog-stereo",
            .pulse(sink: "alsa_output.pci-0000_00_1f.3.analog-stereo")
        ),
        ("wav:out.wav", .wav(path: "out.wav")),
        ("wav:/tmp/a:b.wav", .wav(path: "/tmp/a:b.wav")),
        ("null", .null),
    ])
    func parsesEveryForm(text: String, expected: AudioOutputSpec) throws {
        let spec = try AudioOutputSpec(parsing: text)
        #expect(spec == expected)
        #expect(spec.description == text)
    }

    @Test(arguments: ["", "alsa", "Pulse", "pulse:", "wav", "wav:", "null:x", ":pulse"])
    func refusesWithAMessageNamingTheForms(text: String) {
        #expect {
            _ = try AudioOutputSpec(parsing: text)
        } throws: { error in
            let message = String(describing: error)
            return message.contains("'\(text)'") && message.contains(AudioOutputSpec.syntax)
        }
    }

    @Test func makesTheNamedOutput() {
        let clock = ManualClock()
        #expect(AudioOutputs.make(.null, clock: clock).name == "null")
        #expect(AudioOutputs.make(.wav(path: "/tmp/x.wav"), clock: clock).name == "wav")
        let pulse = AudioOutputs.make(.pulse(sink: "speakers"), clock: clock) as? PulseAudioOutput
        #expect(pulse?.configuration.sink == "speakers")
        let untimed = AudioOutputs.make(.null, clock: clock, timed: false) as? NullAudioOutput
        #expect(untimed?.isTimed == false)
    }
}
