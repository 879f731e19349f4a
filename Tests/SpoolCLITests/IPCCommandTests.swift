import Testing

@testable import spool

extension IPCPlayerState {
    /// Two entries, the first playing at 2 s of 8 s, with one video and one audio track and
    /// chapters at 0 (Intro), 1.5 (Main) and 6 s (untitled).
    static var playing: IPCPlayerState {
        var state = IPCPlayerState()
        state.isIdle = false
        state.position = 2
        state.duration = 8
        state.playlist = [.init(id: 1, filename: "/m/a.mp4"), .init(id: 2, filename: "/m/b.mp4")]
        state.playlistPosition = 0
        state.tracks = [
            .init(kind: .video, id: 1, codec: "h264", isDefault: true, isSelected: true, width: 160, height: 120),
            .init(kind: .audio, id: 1, codec: "aac", isDefault: true, isSelected: true, channels: 1, sampleRate: 44100),
        ]
        state.chapters = [.init(title: "Intro", start: 0), .init(title: "Main", start: 1.5), .init(start: 6)]
        state.frameRate = 25
        return state
    }
}

/// Commands and properties: mpv's argument checks, value types and error strings, and what
/// each asks of the player.
@Suite("IPC commands and properties")
@MainActor
struct IPCCommandTests {
    private func send(_ line: String, to control: RecordingIPCControl, client: inout IPCClient) -> String? {
        client.handle(Array(line.utf8), control: control)
    }

    private func send(_ line: String, to control: RecordingIPCControl) -> String? {
        SpoolCLITests.send(line, to: control)
    }

    @Test("properties read with mpv's types")
    func readsProperties() {
        let control = RecordingIPCControl()
        let expected: [(String, String)] = [
            ("pause", "false"), ("time-pos", "2.000000"), ("duration", "8.000000"), ("percent-pos", "25.000000"),
            ("speed", "1.000000"), ("volume", "100.000000"), ("mute", "false"), ("filename", #""a.mp4""#),
            ("path", #""/m/a.mp4""#), ("media-title", #""a.mp4""#), ("playlist-pos", "0"), ("playlist-count", "2"),
            ("eof-reached", "false"), ("idle-active", "false"), ("aid", "1"), ("sid", "false"), ("vid", "1"),
            ("time-remaining", "6.000000"),
            (
                "playlist",
                #"[{"filename":"/m/a.mp4","current":true,"playing":true,"id":1},{"filename":"/m/b.mp4","id":2}]"#
            ),
        ]
        for (name, json) in expected {
            #expect(
                send(#"{"command":["get_property","\#(name)"],"request_id":1}"#, to: control)
                    == #"{"data":\#(json),"request_id":1,"error":"success"}"#, "\(name)")
        }
        let tracks = send(#"{"command":["get_property","track-list"]}"#, to: control) ?? ""
        #expect(
            tracks.hasPrefix(
                #"{"data":[{"id":1,"type":"video","src-id":1,"default":true,"forced":false,"external":false,"selected":true,"codec":"h264","demux-w":160,"demux-h":120},{"id":1,"type":"audio""#
            ), "\(tracks)")
    }

    @Test("idle: time-pos and friends are unavailable, idle-active true, playlist-pos -1")
    func idleProperties() {
        let control = RecordingIPCControl(IPCPlayerState())
        for name in ["time-pos", "duration", "percent-pos", "filename", "media-title", "eof-reached"] {
            #expect(
                send(#"{"command":["get_property","\#(name)"]}"#, to: control) == #"{"error":"property unavailable"}"#)
        }
        #expect(
            send(#"{"command":["get_property","idle-active"]}"#, to: control) == #"{"data":true,"error":"success"}"#)
        #expect(send(#"{"command":["get_property","playlist-pos"]}"#, to: control) == #"{"data":-1,"error":"success"}"#)
        #expect(send(#"{"command":["seek",5]}"#, to: control) == #"{"error":"error running command"}"#)
        #expect(control.actions.isEmpty)
    }

    @Test("errors: mpv's strings for each kind of mistake, and nothing done")
    func errors() {
        let control = RecordingIPCControl()
        let cases: [(String, String)] = [
            (#"{"command":["frobnicate"]}"#, "invalid parameter"),
            (#"{"command":["get_property"]}"#, "invalid parameter"),
            (#"{"command":["get_property",5]}"#, "invalid parameter"),
            (#"{"command":["get_property","nope"]}"#, "property not found"),
            (#"{"command":["set_property","nope",1]}"#, "property not found"),
            (#"{"command":["set_property","pause","maybe"]}"#, "unsupported format for accessing property"),
            (#"{"command":["set_property","speed",[]]}"#, "unsupported format for accessing property"),
            (#"{"command":["set_property","speed",100]}"#, "error accessing property"),
            (#"{"command":["set_property","volume",-1]}"#, "error accessing property"),
            (#"{"command":["set_property","duration",3]}"#, "error accessing property"),
            (#"{"command":["set_property","playlist-pos",7]}"#, "error accessing property"),
            (#"{"command":["seek","soon"]}"#, "invalid parameter"),
            (#"{"command":["seek",1e999]}"#, "invalid parameter"),
            (#"{"command":["seek",5,"sideways"]}"#, "invalid parameter"),
            (#"{"command":["loadfile",""]}"#, "invalid parameter"),
            (#"{"command":["loadfile","x","sometimes"]}"#, "invalid parameter"),
            (#"{"command":["observe_property","1","time-pos"]}"#, "invalid parameter"),
            (#"{"command":["enable_event","no-such-event"]}"#, "invalid parameter"),
            (#"{"command":["playlist-next","hard"]}"#, "invalid parameter"),
            (#"{"command":["playlist-play-index",9]}"#, "error running command"),
            (#"{"command":["quit",1.5]}"#, "invalid parameter"),
            (#"{"command":["set","nope","1"]}"#, "error running command"),
            (#"{"command":["cycle","filename"]}"#, "error running command"),
        ]
        for (line, error) in cases {
            #expect(send(line, to: control) == #"{"error":"\#(error)"}"#, "\(line)")
        }
        #expect(control.actions.isEmpty, "\(control.actions)")
    }

    @Test("commands become actions")
    func actions() {
        let control = RecordingIPCControl()
        let cases: [(String, IPCAction)] = [
            (#"{"command":["set_property","pause",true]}"#, .setPause(true)),
            (#"{"command":["set_property_string","mute","yes"]}"#, .setMute(true)),
            (#"{"command":["set_property","speed",2]}"#, .setSpeed(2)),
            (#"{"command":["set_property","volume",40.5]}"#, .setVolume(40.5)),
            (#"{"command":["set_property","time-pos",3]}"#, .seek(.absolute(3))),
            (#"{"command":["set_property","percent-pos",50]}"#, .seek(.absolutePercent(50))),
            (#"{"command":["set_property","playlist-pos",1]}"#, .playlistPlay(1)),
            (#"{"command":["set_property","playlist-pos",-1]}"#, .stop),
            (#"{"command":["set_property","aid","no"]}"#, .selectTrack(.audio, .off)),
            (#"{"command":["set_property","sid",false]}"#, .selectTrack(.subtitle, .off)),
            (#"{"command":["set_property","aid","auto"]}"#, .selectTrack(.audio, .automatic)),
            (#"{"command":["seek",5]}"#, .seek(.relative(5))),
            (#"{"command":["seek","-5","relative"]}"#, .seek(.relative(-5))),
            (#"{"command":["seek",30,"absolute+exact"]}"#, .seek(.absolute(30))),
            (#"{"command":["seek",50,"absolute-percent"]}"#, .seek(.absolutePercent(50))),
            (#"{"command":["seek",4,"absolute+keyframes"]}"#, .seek(.absolute(4), toKeyframe: true)),
            (#"{"command":["seek",-3,"keyframes"]}"#, .seek(.relative(-3), toKeyframe: true)),
            (#"{"command":["seek",10,"relative-percent"]}"#, .seek(.relativePercent(10))),
            (#"{"command":["loadfile","/m/c.mp4"]}"#, .loadFile("/m/c.mp4", .replace)),
            (#"{"command":["loadfile","/m/c.mp4","append-play"]}"#, .loadFile("/m/c.mp4", .appendPlay)),
            (#"{"command":["playlist-next"]}"#, .playlistNext(force: false)),
            (#"{"command":["playlist-prev","force"]}"#, .playlistPrevious(force: true)),
            (#"{"command":["playlist-play-index",1]}"#, .playlistPlay(1)),
            (#"{"command":["quit"]}"#, .quit(code: 0)),
            (#"{"command":["quit",4]}"#, .quit(code: 4)),
            (#"{"command":["stop"]}"#, .stop),
            (#"{"command":["cycle","pause"]}"#, .setPause(true)),
            (#"{"command":["cycle","sid"]}"#, .selectTrack(.subtitle, .off)),
            (#"{"command":["cycle","aid"]}"#, .selectTrack(.audio, .off)),
            (#"{"command":["cycle","volume","down"]}"#, .setVolume(99)),
            (#"{"command":["add","volume",5]}"#, .setVolume(100)),
            (#"{"command":["add","speed",0.5]}"#, .setSpeed(1.5)),
            (#"{"command":["add","time-pos",-2]}"#, .seek(.relative(-2))),
            (#"{"command":["set","pause","yes"]}"#, .setPause(true)),
        ]
        for (line, action) in cases {
            control.actions = []
            #expect(send(line, to: control) == #"{"error":"success"}"#, "\(line)")
            #expect(control.actions == [action], "\(line)")
        }
    }

    @Test("the player's reply and error reach the client; text commands run and are not answered")
    func playerResults() {
        let control = RecordingIPCControl()
        control.result = .success(.object([("playlist_entry_id", .int(3))]))
        #expect(
            send(#"{"command":["loadfile","x","append"],"request_id":9}"#, to: control)
                == #"{"data":{"playlist_entry_id":3},"request_id":9,"error":"success"}"#)
        control.result = .failure(.commandFailed)
        #expect(send(#"{"command":["playlist-next"]}"#, to: control) == #"{"error":"error running command"}"#)
        control.actions = []
        #expect(send("set speed 1.5", to: control) == nil)
        #expect(send("frobnicate", to: control) == nil)
        #expect(control.actions == [.setSpeed(1.5)])
    }

    @Test("property-list names every property get_property knows; command-list every command")
    func lists() {
        for name in IPCProperties.names {
            let value = IPCProperties.value(name, in: .playing)
            #expect((try? value.get()) != nil, "\(name) in property-list but not readable")
        }
        #expect(IPCProperties.value("nope", in: .playing) == .failure(.propertyNotFound))
        let control = RecordingIPCControl()
        for name in IPCCommands.names where !["quit", "stop", "show-text", "print-text"].contains(name) {
            let reply = send(#"{"command":["\#(name)"]}"#, to: control) ?? ""
            // Every listed command is known: a bare call is a bad-arguments error or runs, never unknown.
            #expect(!reply.isEmpty, "\(name)")
        }
        #expect(send(#"{"command":["show-text"]}"#, to: control) == #"{"error":"invalid parameter"}"#)
    }

    @Test("observers: the first value at once, then only changes; unobserve stops them; events can be disabled")
    func observers() {
        let control = RecordingIPCControl()
        var client = IPCClient(name: "ipc-1")
        #expect(
            send(#"{"command":["observe_property",7,"time-pos"]}"#, to: control, client: &client)
                == #"{"error":"success"}"#)
        #expect(send(#"{"command":["observe_property_string",8,"pause"]}"#, to: control, client: &client) != nil)
        #expect(
            client.propertyChanges(in: control.ipcState) == [
                #"{"event":"property-change","id":7,"name":"time-pos","data":2.000000}"#,
                #"{"event":"property-change","id":8,"name":"pause","data":"no"}"#,
            ])
        #expect(client.propertyChanges(in: control.ipcState) == [])
        var later = control.ipcState
        later.position = 2.5
        #expect(
            client.propertyChanges(in: later) == [
                #"{"event":"property-change","id":7,"name":"time-pos","data":2.500000}"#
            ])
        #expect(
            client.propertyChanges(in: IPCPlayerState()) == [
                #"{"event":"property-change","id":7,"name":"time-pos","data":null}"#
            ])
        _ = send(#"{"command":["unobserve_property",7]}"#, to: control, client: &client)
        later.position = 3
        #expect(client.propertyChanges(in: later) == [])
        #expect(client.line(for: .idle) == #"{"event":"idle"}"#)
        _ = send(#"{"command":["disable_event","all"]}"#, to: control, client: &client)
        #expect(client.line(for: .idle) == nil)
        _ = send(#"{"command":["enable_event","idle"]}"#, to: control, client: &client)
        #expect(client.line(for: .idle) != nil)
        #expect(client.line(for: .seek) == nil)
        #expect(
            send(#"{"command":["client_name"]}"#, to: control, client: &client)
                == #"{"data":"ipc-1","error":"success"}"#)
    }
}
