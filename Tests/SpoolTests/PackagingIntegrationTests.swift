import Foundation
import SpoolTestSupport
import Testing

/// `make install` and `make deb` with the built (debug) binary: the layout, a valid desktop
/// entry, a man page that renders and lists every option each command's `--help` lists, bash
/// completion of commands and option values, zsh and fish scripts that parse, and a package
/// whose Depends names the Debian packages of the libraries spool links.
@Suite("make install / make deb (integration)", .serialized, .timeLimit(.minutes(10)))
struct PackagingIntegrationTests {
    /// The repository: three levels above this file (Tests/SpoolTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) async throws
        -> ToolOutput
    {
        let output = try await ToolRunner.run(
            try ToolRunner.find(tool), arguments, timeout: .seconds(300), environment: environment)
        #expect(!output.timedOut, "\(tool) \(arguments) did not finish")
        return output
    }

    /// `make install SPOOL_BIN=<built spool> DESTDIR=<fresh directory>`; returns DESTDIR/usr/local.
    static func installed() async throws -> URL {
        let destination = URL(fileURLWithPath: try PlayTool.scratchPath("destdir"))
        let output = try await run(
            "make",
            [
                "-C", root.path, "--no-print-directory", "install",
                "SPOOL_BIN=\(try ToolRunner.builtProduct("spool").path)",
                "DESTDIR=\(destination.path)",
            ])
        #expect(output.status == 0, "make install: \(output.errorText)")
        return destination.appendingPathComponent("usr/local")
    }

    /// The option names (`--vo`) in a command's `--help`.
    static func options(ofCommand command: String) async throws -> Set<String> {
        let help = try await PlayTool.spool(["help", command])
        let regex = try Regex("--[a-z][a-z-]*")
        return Set(help.outputText.matches(of: regex).map { String(help.outputText[$0.range]) })
            .subtracting(["--name"])  // "--name VALUE" in play's prose
    }

    @Test("the layout: binary, man page, three completions, desktop entry, icon; the entry validates")
    func layout() async throws {
        let prefix = try await Self.installed()
        for path in [
            "bin/spool", "share/man/man1/spool.1.gz", "share/bash-completion/completions/spool",
            "share/zsh/site-functions/_spool", "share/fish/vendor_completions.d/spool.fish",
            "share/applications/spool.desktop", "share/icons/hicolor/scalable/apps/spool.svg",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "no \(path)")
        }
        let validation = try await Self.run(
            "desktop-file-validate", [prefix.appendingPathComponent("share/applications/spool.desktop").path])
        #expect(validation.status == 0 && validation.outputText.isEmpty, "\(validation.outputText)")
        let entry = try String(
            contentsOf: prefix.appendingPathComponent("share/applications/spool.desktop"), encoding: .utf8)
        for type in ["video/mp4", "video/x-matroska", "audio/mpeg", "application/vnd.apple.mpegurl"] {
            #expect(entry.contains("\(type);"), "the desktop entry does not claim \(type)")
        }
    }

    @Test("man -l renders the page, and it lists every option of every command's --help")
    func manPage() async throws {
        let prefix = try await Self.installed()
        let page = try await Self.run(
            "man", ["-l", prefix.appendingPathComponent("share/man/man1/spool.1.gz").path],
            environment: ["MANWIDTH": "200", "LC_ALL": "C", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(page.status == 0, "\(page.errorText)")
        #expect(page.errorText.isEmpty, "groff warnings: \(page.errorText)")
        let text = page.outputText.replacingOccurrences(of: "‐", with: "-")
        for command in ["probe", "play", "devices"] {
            #expect(text.contains("spool \(command)"), "no \(command) in the synopsis")
            for option in try await Self.options(ofCommand: command) {
                #expect(text.contains(option), "\(option) of spool \(command) is not in the man page")
            }
        }
        #expect(text.contains("--version"))
    }

    /// What the installed bash completion offers for `words`, the last being completed.
    static func bashCompletes(_ words: [String], prefix: URL) async throws -> [String] {
        let script = prefix.appendingPathComponent("share/bash-completion/completions/spool").path
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let output = try await run(
            "bash",
            [
                "--norc", "--noprofile", "-c",
                """
                source '\(script)'
                function=$(complete -p spool | sed -n 's/.*-F \\([^ ]*\\) spool$/\\1/p')
                COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
                "$function" spool "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """,
            ])
        #expect(output.status == 0, "\(output.errorText)")
        return output.outputText.split(separator: "\n").map(String.init)
    }

    @Test("bash: spool pl → play, --vo values, play's options; zsh and fish scripts parse")
    func completions() async throws {
        let prefix = try await Self.installed()
        #expect(try await Self.bashCompletes(["spool", "pl"], prefix: prefix) == ["play"])
        #expect(
            try await Self.bashCompletes(["spool", "play", "--vo", ""], prefix: prefix) == ["sdl", "null", "framemd5:"])
        #expect(try await Self.bashCompletes(["spool", "play", "--vo", "=", "n"], prefix: prefix) == ["null"])
        #expect(try await Self.bashCompletes(["spool", "play", "--lo"], prefix: prefix) == ["--loop"])
        let offered = Set(try await Self.bashCompletes(["spool", "play", "--"], prefix: prefix))
        let expected = try await Self.options(ofCommand: "play")
        #expect(expected.subtracting(offered).isEmpty, "not completed: \(expected.subtracting(offered))")
        let zsh = try await Self.run(
            "zsh", ["-n", prefix.appendingPathComponent("share/zsh/site-functions/_spool").path])
        #expect(zsh.status == 0, "\(zsh.errorText)")
        let fishScript = prefix.appendingPathComponent("share/fish/vendor_completions.d/spool.fish").path
        let fish = try await Self.run("fish", ["--no-execute", fishScript])
        #expect(fish.status == 0, "\(fish.errorText)")
        let asked = try await Self.run(
            "fish",
            ["--no-config", "-c", "source '\(fishScript)'; complete -C 'spool pl'; complete -C 'spool play --vo '"])
        let answers = asked.outputText.split(separator: "\n").map {
            $0.split(separator: "\t").first.map(String.init) ?? ""
        }
        #expect(answers == ["play", "framemd5:", "null", "sdl"], "fish: \(asked.outputText)")
    }

    @Test("make deb: Depends is what dpkg-shlibdeps finds for the linked libraries")
    func debianPackage() async throws {
        let directory = try PlayTool.scratchPath("deb")
        let output = try await Self.run(
            "make",
            [
                "-C", Self.root.path, "--no-print-directory", "deb", "DEB_DIR=\(directory)",
                "SPOOL_BIN=\(try ToolRunner.builtProduct("spool").path)",
            ],
            environment: ["SPOOL_DEB_ALLOW_UNPACKAGED": "1"])
        #expect(output.status == 0, "make deb: \(output.errorText)")
        let path = try #require(output.outputText.split(separator: "\n").last.map(String.init))
        let package = URL(fileURLWithPath: path)
        #expect(package.lastPathComponent.hasPrefix("spool_") && package.pathExtension == "deb", "\(path)")
        let depends = try await Self.run("dpkg-deb", ["-f", package.path, "Depends"])
        for library in ["libavformat59", "libavcodec59", "libpulse0", "libsdl2-2.0-0", "libdbus-1-3", "libsqlite3-0"] {
            #expect(depends.outputText.contains("\(library) (>= "), "Depends lacks \(library): \(depends.outputText)")
        }
        let contents = try await Self.run("dpkg-deb", ["-c", package.path])
        for file in ["./usr/bin/spool", "./usr/share/man/man1/spool.1.gz", "./usr/share/applications/spool.desktop"] {
            #expect(contents.outputText.contains(file), "the package lacks \(file)")
        }
    }
}
