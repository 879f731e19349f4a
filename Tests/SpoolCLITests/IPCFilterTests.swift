import Testing

@testable import spool

/// mpv's `af`/`vf` over the IPC: the properties read as lists of filter objects and written
/// as filter-list strings; `af|vf set|add|remove|clr`. Lists are parsed and checked against
/// libavfilter before the player is asked, so a bad one changes nothing.
@MainActor
@Suite("IPC: af and vf")
struct IPCFilterTests {
    static func control(audio: String = "", video: String = "") throws -> RecordingIPCControl {
        var state = IPCPlayerState.playing
        state.filters.audio = try FilterList.parse(audio, for: "--af")
        state.filters.video = try FilterList.parse(video, for: "--vf")
        return RecordingIPCControl(state)
    }

    /// The settings the last action asked for.
    static func lastSettings(_ control: RecordingIPCControl) -> FilterSettings? {
        guard case .setFilters(let settings) = control.actions.last else { return nil }
        return settings
    }

    @Test("get_property af lists the entries: name, label, enabled and the libavfilter graph")
    func read() throws {
        let control = try Self.control(audio: "@norm:lavfi=[loudnorm=I=-16],volume=0.5")
        #expect(
            send(#"{"command":["get_property","af"]}"#, to: control)
                == #"{"data":[{"name":"lavfi","label":"norm","enabled":true,"params":{"graph":"loudnorm=I=-16"}},"#
                + #"{"name":"volume","enabled":true,"params":{"graph":"volume=0.5"}}],"error":"success"}"#)
        #expect(send(#"{"command":["get_property","vf"]}"#, to: control) == #"{"data":[],"error":"success"}"#)
    }

    @Test("set_property vf runs the new list; an empty string clears it")
    func write() throws {
        let control = try Self.control(video: "hflip")
        #expect(send(#"{"command":["set_property","vf","lavfi=[vflip]"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(Self.lastSettings(control)?.videoChain == "vflip")
        #expect(send(#"{"command":["set_property","vf",""]}"#, to: control) == #"{"error":"success"}"#)
        #expect(Self.lastSettings(control)?.videoChain == nil)
    }

    @Test("af add appends, af remove takes out by @label or as written, af clr empties")
    func commands() throws {
        let control = try Self.control(audio: "@quiet:volume=0.5")
        #expect(send(#"{"command":["af","add","lavfi=[loudnorm=I=-16]"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(Self.lastSettings(control)?.audioChain == "volume=0.5,loudnorm=I=-16")
        control.ipcState.filters = try #require(Self.lastSettings(control))
        #expect(send(#"{"command":["af","remove","@quiet:anull"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(Self.lastSettings(control)?.audioChain == "loudnorm=I=-16")
        #expect(send(#"{"command":["af","remove","lavfi=[loudnorm=I=-16]"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(Self.lastSettings(control)?.audioChain == "volume=0.5")
        // A bare @label, as mpv takes it.
        #expect(send(#"{"command":["af","remove","@quiet"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(Self.lastSettings(control)?.audioChain == "loudnorm=I=-16")
        #expect(send(#"{"command":["af","clr"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(Self.lastSettings(control)?.audioChain == nil)
        // The deinterlacer and the normalizer stay with the lists the commands change.
        control.ipcState.filters.normalizesAudio = true
        #expect(send(#"{"command":["af","set","volume=2"]}"#, to: control) == #"{"error":"success"}"#)
        #expect(Self.lastSettings(control)?.audioChain == "volume=2,loudnorm=I=-16:TP=-1.5:LRA=11")
    }

    @Test(
        "a list that does not parse, or that libavfilter refuses, changes nothing",
        arguments: [
            #"{"command":["af","add","nosuchfilter"]}"#, #"{"command":["vf","set","lavfi=[hflip"]}"#,
            #"{"command":["af","add","hflip"]}"#, #"{"command":["vf","add","hflip=x=1"]}"#,
        ])
    func refused(_ line: String) throws {
        let control = try Self.control(audio: "volume=0.5", video: "hflip")
        #expect(send(line, to: control) == #"{"error":"error running command"}"#)
        #expect(
            send(#"{"command":["set_property","af","bogus"]}"#, to: control) == #"{"error":"error accessing property"}"#
        )
        #expect(control.actions.isEmpty)
    }

    @Test("af with an unknown operation or without its list is an invalid parameter")
    func badArguments() throws {
        let control = try Self.control()
        #expect(send(#"{"command":["af","toggle-all","x"]}"#, to: control) == #"{"error":"invalid parameter"}"#)
        #expect(send(#"{"command":["vf","add"]}"#, to: control) == #"{"error":"invalid parameter"}"#)
        #expect(send(#"{"command":["vf"]}"#, to: control) == #"{"error":"invalid parameter"}"#)
        #expect(control.actions.isEmpty)
    }
}
