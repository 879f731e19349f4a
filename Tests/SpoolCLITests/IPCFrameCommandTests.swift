import Testing

@testable import spool

/// `frame-step`, `frame-back-step`, `ab-loop` and the frame and A-B loop properties: mpv's
/// names, types and errors, and what each asks of the player.
@Suite("IPC frame stepping and A-B loop")
@MainActor
struct IPCFrameCommandTests {
    @Test("estimated-frame-number is the position × fps rounded; the count the duration × fps")
    func frameProperties() {
        var state = IPCPlayerState.playing
        state.position = 3.099
        let control = RecordingIPCControl(state)
        #expect(
            send(#"{"command":["get_property","estimated-frame-number"]}"#, to: control)
                == #"{"data":77,"error":"success"}"#)
        #expect(
            send(#"{"command":["get_property","estimated-frame-count"]}"#, to: control)
                == #"{"data":200,"error":"success"}"#)
        control.ipcState.frameRate = nil
        #expect(
            send(#"{"command":["get_property","estimated-frame-number"]}"#, to: control)
                == #"{"error":"property unavailable"}"#)
    }

    @Test("frame-step and frame-back-step step one frame; refused while idle or with arguments")
    func frameCommands() {
        let control = RecordingIPCControl(.playing)
        #expect(send(#"{"command":["frame-step"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(send("frame-back-step", to: control) == nil)
        #expect(control.actions == [.frameStep(1), .frameStep(-1)])
        #expect(send(#"{"command":["frame-step", 2]}"#, to: control) == #"{"error":"invalid parameter"}"#)
        let idle = RecordingIPCControl(IPCPlayerState())
        #expect(send(#"{"command":["frame-back-step"]}"#, to: idle) == #"{"error":"error running command"}"#)
        #expect(idle.actions.isEmpty)
    }

    @Test("ab-loop-a/b read seconds or \"no\", ab-loop-count \"inf\" or N; writes become actions")
    func loopProperties() {
        let control = RecordingIPCControl(.playing)
        #expect(send(#"{"command":["get_property","ab-loop-a"]}"#, to: control) == #"{"data":"no","error":"success"}"#)
        #expect(
            send(#"{"command":["get_property","ab-loop-count"]}"#, to: control) == #"{"data":"inf","error":"success"}"#)
        control.ipcState.abLoopB = 5
        control.ipcState.abLoopCount = .times(2)
        #expect(
            send(#"{"command":["get_property","ab-loop-b"]}"#, to: control) == #"{"data":5.000000,"error":"success"}"#)
        #expect(send(#"{"command":["get_property","ab-loop-count"]}"#, to: control) == #"{"data":2,"error":"success"}"#)
        for line in [
            #"{"command":["set_property","ab-loop-a",2]}"#, #"{"command":["set_property","ab-loop-b","no"]}"#,
            #"{"command":["set_property","ab-loop-count","inf"]}"#, #"{"command":["set_property","ab-loop-count",3]}"#,
            #"{"command":["ab-loop"]}"#,
        ] {
            #expect(send(line, to: control) == #"{"error":"success"}"#, "\(line)")
        }
        #expect(
            control.actions == [
                .setLoopPoint(.a, 2), .setLoopPoint(.b, nil), .setLoopCount(.infinite), .setLoopCount(.times(3)),
                .markLoop,
            ])
        for line in [
            #"{"command":["set_property","ab-loop-a",-1]}"#, #"{"command":["set_property","ab-loop-count","many"]}"#,
            #"{"command":["set_property","ab-loop-a",true]}"#,
        ] {
            #expect(
                send(line, to: control) == #"{"error":"unsupported format for accessing property"}"#, "\(line)")
        }
    }

    @Test("the keys . , and l: mpv's names and commands, in the terminal and in input.conf")
    func keys() {
        var parser = KeyParser()
        #expect(parser.press(UInt8(ascii: ".")) == TerminalKeyPress(name: ".", builtIn: .frameStep))
        #expect(parser.press(UInt8(ascii: ",")) == TerminalKeyPress(name: ",", builtIn: .frameBackStep))
        #expect(parser.press(UInt8(ascii: "l")) == TerminalKeyPress(name: "l", builtIn: .abLoop))
        let (bindings, diagnostics) = InputBindings.parse(
            ". frame-back-step\n, frame-step\nL ab-loop\n", path: "input.conf")
        #expect(diagnostics.isEmpty)
        #expect(bindings.command(for: ".") == "frame-back-step")
        #expect(bindings.command(for: "L") == "ab-loop")
    }
}
