import Foundation
import Testing

@testable import spool

/// `spool thumbnail`'s command line, numbered output names, the screenshot key and where
/// screenshots go.
@Suite("spool thumbnail: options, output patterns, screenshots")
struct ThumbnailOptionsTests {
    @Test("--at, --every, --size, --fast in both forms; the defaults")
    func parsing() throws {
        let defaults = try ThumbnailOptions.parse(["in.mp4", "out.png"])
        #expect(defaults.schedule == .at(0) && defaults.maximumSize == nil && !defaults.isFast)
        #expect(defaults.input == "in.mp4" && defaults.output.name(for: 1) == "out.png")
        let options = try ThumbnailOptions.parse(["--every=2.5", "--size", "320x180", "--fast", "in.mp4", "o-%03d.png"])
        #expect(options.schedule == .every(2.5))
        #expect(options.maximumSize?.width == 320 && options.maximumSize?.height == 180 && options.isFast)
        #expect(try ThumbnailOptions.parse(["--at", "1.25", "--", "-odd.mp4", "x.png"]).input == "-odd.mp4")
    }

    @Test(
        "usage errors name the problem",
        arguments: [
            (["in.mp4"], "expected INPUT and OUT.png"), (["--at"], "--at needs a value"),
            (["--at", "x", "a", "b.png"], "'x' is not"), (["--every", "0", "a", "b-%d.png"], "positive"),
            (["--size", "320", "a", "b.png"], "not WIDTHxHEIGHT"),
            (["--size", "0x10", "a", "b.png"], "not WIDTHxHEIGHT"),
            (["--every", "1", "a", "b.png"], "numbered output"), (["a", "b-%d-%d.png"], "more than one number"),
            (["a", "b%x.png"], "a % must be"), (["--bogus", "a", "b.png"], "unknown option '--bogus'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            _ = try ThumbnailOptions.parse(arguments)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("numbered names: %03d pads, %d does not, %% is a percent sign, no pattern is the name itself")
    func outputPattern() throws {
        #expect(try OutputPattern("o-%03d.png").name(for: 7) == "o-007.png")
        #expect(try OutputPattern("o-%03d.png").name(for: 1234) == "o-1234.png")
        #expect(try OutputPattern("%d.png").name(for: 12) == "12.png")
        #expect(try OutputPattern("100%%-%02d.png").name(for: 3) == "100%-03.png")
        #expect(try !OutputPattern("plain.png").isNumbered)
        #expect(try OutputPattern("plain.png").name(for: 5) == "plain.png")
    }

    @Test("s is the screenshot key on the terminal")
    func screenshotKey() {
        var parser = KeyParser()
        #expect(parser.feed(UInt8(ascii: "s")) == .screenshot)
    }

    @Test("screenshots go to $XDG_PICTURES_DIR, else the current directory")
    func screenshotLocation() throws {
        #expect(Screenshot.picturesDirectory(environment: ["XDG_PICTURES_DIR": "/srv/pictures"]) == "/srv/pictures")
        // No xdg-user-dir on an empty PATH: the current directory.
        #expect(
            Screenshot.picturesDirectory(environment: ["PATH": "/nonexistent"])
                == FileManager.default.currentDirectoryPath)
    }
}
