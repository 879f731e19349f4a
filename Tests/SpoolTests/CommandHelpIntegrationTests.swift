import Foundation
import SpoolTestSupport
import Testing

/// `--help` on every command prints that command's usage on stdout and exits 0, with nothing
/// on stderr; `--version` names spool's version and the linked libraries'.
@Suite("spool --help and --version (integration)", .timeLimit(.minutes(3)))
struct CommandHelpIntegrationTests {
    static func spool(_ arguments: [String]) async throws -> ToolOutput {
        try await ToolRunner.run(try ToolRunner.builtProduct("spool"), arguments, timeout: .seconds(30))
    }

    @Test(
        "help on every command: the usage on stdout, exit 0",
        arguments: [
            (["--help"], "usage: spool <command>"), (["-h"], "usage: spool <command>"),
            (["help"], "usage: spool <command>"), (["play", "--help"], "spool play [options]"),
            (["play", "-h"], "spool play [options]"),
            (["play", "--bogus", "--speed=9", "--help"], "spool play [options]"),
            (["help", "play"], "spool play [options]"), (["probe", "--help"], "spool probe [--json]"),
            (["probe", "-h", "x.mp4"], "spool probe [--json]"), (["devices", "--help"], "spool devices"),
        ])
    func help(arguments: [String], usage: String) async throws {
        let output = try await Self.spool(arguments)
        #expect(output.status == 0)
        #expect(output.outputText.hasPrefix(usage) || output.outputText.contains(usage), "stdout: \(output.outputText)")
        #expect(output.errorText.isEmpty, "stderr: \(output.errorText)")
    }

    @Test("a usage error still goes to stderr with exit 2")
    func usageError() async throws {
        let output = try await Self.spool(["play", "--bogus", "x.mp4"])
        #expect(output.status == 2)
        #expect(output.outputText.isEmpty)
        #expect(output.errorText.hasPrefix("spool: play: unknown option '--bogus'\n"))
    }

    @Test("--version: spool's version and the linked libraries'")
    func version() async throws {
        let output = try await Self.spool(["--version"])
        #expect(output.status == 0)
        #expect(output.outputText.hasPrefix("spool "))
        for library in ["libavformat", "libavcodec", "libavutil", "libpulse", "SDL", "SQLite", "libdbus"] {
            #expect(output.outputText.contains("\(library) "), "no \(library) version in \(output.outputText)")
        }
    }
}
