import Testing

@testable import spool

/// `audio-delay` and `sub-delay`: mpv's names and types, `set` and `add`, and the keys z and x.
@Suite("IPC audio and subtitle delays")
@MainActor
struct IPCDelayPropertyTests {
    @Test("read as seconds; set and add ask the player for the new delay; a non-number is refused")
    func properties() {
        var state = IPCPlayerState.playing
        state.audioDelay = 0.5
        state.subtitleDelay = 1
        let control = RecordingIPCControl(state)
        #expect(
            send(#"{"command":["get_property","audio-delay"]}"#, to: control) == #"{"data":0.500000,"error":"success"}"#
        )
        #expect(
            send(#"{"command":["get_property","sub-delay"]}"#, to: control) == #"{"data":1.000000,"error":"success"}"#)
        #expect(send(#"{"command":["set_property","audio-delay",-0.25]}"#, to: control) == #"{"error":"success"}"#)
        #expect(send(#"{"command":["set_property","sub-delay","2"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(send(#"{"command":["add","sub-delay",-0.5]}"#, to: control) == #"{"error":"success"}"#)
        #expect(control.actions == [.setDelay(.audio, -0.25), .setDelay(.subtitle, 2), .setDelay(.subtitle, 0.5)])
        #expect(
            send(#"{"command":["set_property","audio-delay","soon"]}"#, to: control)
                == #"{"error":"unsupported format for accessing property"}"#)
    }

    @Test("the keys z and x: mpv's sub-delay steps")
    func keys() {
        var parser = KeyParser()
        #expect(parser.press(UInt8(ascii: "z")) == TerminalKeyPress(name: "z", builtIn: .subtitleDelayDown))
        #expect(parser.press(UInt8(ascii: "x")) == TerminalKeyPress(name: "x", builtIn: .subtitleDelayUp))
    }
}
