import SpoolTestSupport
import Testing

@testable import spool

/// mpv's filter-list syntax (`--af`, `--vf`) as libavfilter chains, and the refusals of text
/// that is not one: each names the option and the entry at fault.
@Suite("spool play: --af/--vf filter lists")
struct FilterListTests {
    static func graphs(_ text: String) throws -> [String] {
        try FilterList.parse(text, for: "--vf").map(\.graph)
    }

    static func refusal(_ text: String) -> String? {
        do {
            _ = try FilterList.parse(text, for: "--af")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("lavfi=[GRAPH] passes the graph verbatim, commas and all")
    func lavfiGraph() throws {
        #expect(try Self.graphs("lavfi=[loudnorm=I=-16:TP=-1.5:LRA=11]") == ["loudnorm=I=-16:TP=-1.5:LRA=11"])
        #expect(try Self.graphs("lavfi=[hflip,vflip]") == ["hflip,vflip"])
        #expect(try Self.graphs("lavfi=[split[a][b];[a][b]hstack]") == ["split[a][b];[a][b]hstack"])
    }

    @Test("plain names, parameters, lavfi- prefixes and labels; commas separate entries")
    func entries() throws {
        #expect(try Self.graphs("hflip") == ["hflip"])
        #expect(
            try Self.graphs("hflip,lavfi-crop=100:80,@small:scale=w=64:h=-2") == [
                "hflip", "crop=100:80", "scale=w=64:h=-2",
            ])
        let labelled = try FilterList.parse("@norm:lavfi=[loudnorm]", for: "--af")
        #expect(labelled == [FilterEntry(label: "norm", graph: "loudnorm", text: "@norm:lavfi=[loudnorm]")])
        #expect(try Self.graphs("").isEmpty)
    }

    @Test(
        "text that is no filter list is refused with a message naming the entry",
        arguments: [
            ("lavfi=[loudnorm", "'lavfi=[loudnorm' has a '[' without its ']'"),
            ("hflip]", "']' without its '['"),
            ("hflip,", "an empty filter"),
            ("lavfi=[]", "'lavfi=[]' is empty"),
            ("lavfi", "'lavfi' needs a graph"),
            ("lavfi-", "'lavfi-' names no filter"),
            ("h flip", "'h flip' is not a filter name"),
            ("$(rm),x", "'$(rm)' is not a filter name"),
            ("@:hflip", "'' is not a label"),
            ("@a hflip", "a label is @NAME:"),
            ("volume=1;anull", "';' only inside lavfi=[GRAPH]"),
            ("hflip\u{7}", "control character"),
        ])
    func refusals(_ text: String, message: String) {
        let refusal = Self.refusal(text)
        #expect(refusal?.hasPrefix("--af: ") == true, "\(text): \(refusal ?? "accepted")")
        #expect(refusal?.contains(message) == true, "\(text): \(refusal ?? "accepted")")
    }

    @Test("the list is bounded in length and in entries")
    func bounds() {
        let many = Array(repeating: "anull", count: FilterList.maxEntries + 1).joined(separator: ",")
        #expect(Self.refusal(many)?.contains("more than 32 filters") == true)
        #expect(Self.refusal(Array(repeating: "anull", count: FilterList.maxEntries).joined(separator: ",")) == nil)
        let long = "volume=" + String(repeating: "1", count: FilterList.maxLength)
        #expect(Self.refusal(long)?.contains("longer than 4096 characters") == true)
        // Deep brackets are counted, not recursed into.
        #expect(Self.refusal(String(repeating: "[", count: 4000))?.contains("without its ']'") == true)
    }

    @Test("the chains: the deinterlacer before --vf, --audio-normalize after --af")
    func chains() throws {
        let options = try PlayOptionParsingTests.parse([
            "--vf=hflip", "--deinterlace=auto", "--af=lavfi=[volume=0.5]", "--audio-normalize", "clip.mp4",
        ])
        #expect(options.videoFilterChain == "bwdif=mode=send_frame:deint=interlaced,hflip")
        #expect(options.audioFilterChain == "volume=0.5,loudnorm=I=-16:TP=-1.5:LRA=11")
        let plain = try PlayOptionParsingTests.parse(["clip.mp4"])
        #expect(plain.videoFilterChain == nil && plain.audioFilterChain == nil)
        #expect(
            try PlayOptionParsingTests.parse(["--deinterlace=yes", "c.mp4"]).videoFilterChain == "bwdif=mode=send_frame"
        )
        #expect(throws: PlayOptions.UsageError.self) {
            try PlayOptionParsingTests.parse(["--deinterlace=maybe", "c.mp4"])
        }
    }

    @Test("libavfilter's check names the entry it refuses, and the unknown filter")
    func libavfilterCheck() throws {
        func problem(_ arguments: [String]) throws -> String? {
            do {
                try PlayOptionParsingTests.parse(arguments + ["clip.mp4"]).checkFilters()
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(try problem(["--af=lavfi=[loudnorm=I=-16:TP=-1.5:LRA=11]", "--vf=hflip", "--deinterlace=yes"]) == nil)
        #expect(try problem(["--vf=hflip,nosuchfilter"]) == "--vf: 'nosuchfilter': no such filter 'nosuchfilter'")
        #expect(
            try problem(["--af=lavfi=[loudnorm,bogus]"]) == "--af: 'lavfi=[loudnorm,bogus]': no such filter 'bogus'")
        #expect(try problem(["--vf=hflip=x=1"]) == "--vf: 'hflip=x=1': Option not found")
        // A video filter among audio filters: libavfilter cannot link it.
        #expect(try problem(["--af=hflip"])?.hasPrefix("--af: 'hflip': ") == true)
        // Quoted commas are no filter names.
        #expect(try problem(["--vf=lavfi=[select='eq(n\\,0)+eq(n, 1)']"]) == nil)
    }
}

/// Untrusted text: seeded random lists of the characters the syntax cares about never trap the
/// parser, and whatever it accepts libavfilter's check answers for (never a crash either).
@Suite("spool play: --af/--vf lists of random text")
struct FilterListRandomTextTests {
    @Test("2000 random lists: parsed or refused with a message; the accepted ones checked")
    func randomLists() {
        var random = SeededGenerator(state: 34)
        let pieces = [
            "[", "]", ",", ";", "=", ":", "@", "'", "\\", "lavfi", "lavfi-", "hflip", "volume", "anull", "null",
            "split", "x", "0.5", "-", " ", "\u{0}", "\u{1b}", "é", "%", "[a]", "loudnorm",
        ]
        var accepted = 0
        for _ in 0..<2000 {
            let count = Int.random(in: 0...12, using: &random)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            do {
                let entries = try FilterList.parse(text, for: "--vf")
                accepted += 1
                var settings = FilterSettings()
                settings.video = entries
                settings.audio = entries
                _ = try? settings.check()
            } catch {
                #expect(error.description.hasPrefix("--vf: "), "\(text): \(error)")
            }
        }
        #expect(accepted > 100)
    }
}
