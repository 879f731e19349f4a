import Spool
import Testing

@testable import spool

/// mpv's `chapter`, `chapters` and `chapter-list` properties and `add`/`set`/`cycle chapter`.
@Suite("IPC chapters")
@MainActor
struct IPCChapterTests {
    private func state(at position: Double) -> IPCPlayerState {
        var state = IPCPlayerState.playing
        state.position = position
        return state
    }

    @Test("chapter is the one playing (-1 before the first), chapter-list has mpv's title and time")
    func reads() {
        let control = RecordingIPCControl(state(at: 2))
        #expect(send(#"{"command":["get_property","chapter"]}"#, to: control) == #"{"data":1,"error":"success"}"#)
        #expect(send(#"{"command":["get_property","chapters"]}"#, to: control) == #"{"data":3,"error":"success"}"#)
        #expect(
            send(#"{"command":["get_property","chapter-list"]}"#, to: control)
                == #"{"data":[{"title":"Intro","time":0.000000},{"title":"Main","time":1.500000},{"time":6.000000}],"error":"success"}"#
        )
        var late = IPCPlayerState.playing
        late.chapters = [.init(title: "Late", start: 3)]
        control.ipcState = late
        #expect(send(#"{"command":["get_property","chapter"]}"#, to: control) == #"{"data":-1,"error":"success"}"#)
        control.ipcState.chapters = []
        #expect(
            send(#"{"command":["get_property","chapter"]}"#, to: control) == #"{"error":"property unavailable"}"#)
        #expect(send(#"{"command":["get_property","chapter-list"]}"#, to: control) == #"{"data":[],"error":"success"}"#)
    }

    @Test("add chapter ±1 and cycle follow mpv's rule; set chapter N goes to N; past the last, the next entry")
    func steps() {
        let control = RecordingIPCControl(state(at: 2))
        _ = send("add chapter 1", to: control)
        _ = send("add chapter -1", to: control)  // 0.5 s into Main: back to Intro
        _ = send("cycle chapter", to: control)
        _ = send("cycle chapter down", to: control)
        control.ipcState = state(at: 7.5)  // 1.5 s into the last chapter
        _ = send("add chapter 1", to: control)
        control.ipcState = state(at: 7.5)
        control.ipcState.duration = 20
        control.ipcState.position = 11.5  // 5.5 s into the last chapter: its own start
        _ = send("add chapter -1", to: control)
        control.ipcState.position = 0.5
        _ = send("add chapter -1", to: control)  // from the first chapter: the file's start
        _ = send("set chapter 2", to: control)
        _ = send(#"{"command":["set_property","chapter",-1]}"#, to: control)
        #expect(
            control.actions == [
                .goToChapter(.chapter(2)), .goToChapter(.chapter(0)), .goToChapter(.chapter(2)),
                .goToChapter(.chapter(0)), .goToChapter(.itemEnd), .goToChapter(.chapter(2)),
                .goToChapter(.itemStart), .goToChapter(.chapter(2)), .goToChapter(.itemStart),
            ])
        #expect(
            send(#"{"command":["set_property","chapter",3]}"#, to: control) == #"{"error":"error accessing property"}"#)
        #expect(send(#"{"command":["set_property","chapter",1.5]}"#, to: control) != #"{"error":"success"}"#)
    }

    @Test("after a step, the chapter landed on is current though time-pos reads a hair before its start")
    func landed() {
        var state = state(at: 1.4996)
        let control = RecordingIPCControl(state)
        #expect(send(#"{"command":["get_property","chapter"]}"#, to: control) == #"{"data":0,"error":"success"}"#)
        state.landedChapter = 1
        control.ipcState = state
        #expect(send(#"{"command":["get_property","chapter"]}"#, to: control) == #"{"data":1,"error":"success"}"#)
        _ = send("add chapter 1", to: control)
        #expect(control.actions == [.goToChapter(.chapter(2))])
    }

    @Test("with one chapter or none, stepping fails as mpv's does and nothing is asked of the player")
    func tooFewChapters() {
        var one = state(at: 2)
        one.chapters = [.init(title: "Only", start: 0)]
        let control = RecordingIPCControl(one)
        #expect(send(#"{"command":["add","chapter",1]}"#, to: control) == #"{"error":"error running command"}"#)
        control.ipcState.chapters = []
        #expect(send(#"{"command":["add","chapter",1]}"#, to: control) == #"{"error":"error running command"}"#)
        #expect(control.actions.isEmpty)
    }

    @Test("PgUp and PgDn: the terminal's escape sequences, input.conf names, mpv's next/previous")
    func pageKeys() {
        var parser = KeyParser()
        for byte in Array("\u{1B}[5".utf8) { #expect(parser.press(byte) == nil) }
        #expect(parser.press(UInt8(ascii: "~")) == TerminalKeyPress(name: "PGUP", builtIn: .chapter(1)))
        for byte in Array("\u{1B}[6".utf8) { #expect(parser.press(byte) == nil) }
        #expect(parser.press(UInt8(ascii: "~")) == TerminalKeyPress(name: "PGDWN", builtIn: .chapter(-1)))
        // The arrows still work after a four-byte sequence.
        for byte in Array("\u{1B}[".utf8) { #expect(parser.press(byte) == nil) }
        #expect(parser.press(UInt8(ascii: "C")) == TerminalKeyPress(name: "RIGHT", builtIn: .seekBy(5)))
        #expect(VideoWindowKey.pageUp.bindingName == "PGUP")
        #expect(VideoWindowKey.pageDown.bindingName == "PGDWN")
        let (bindings, diagnostics) = InputBindings.parse("PGUP seek 30\nPGDWN add chapter -1\n", path: "input.conf")
        #expect(diagnostics.isEmpty)
        #expect(bindings.command(for: "PGUP") == "seek 30")
        #expect(bindings.command(for: "PGDWN") == "add chapter -1")
    }
}
