import Testing

@testable import spool

@Suite("input.conf key bindings")
struct InputBindingsTests {
    @Test("KEY command lines bind, comments and blank lines are skipped")
    func bindings() {
        let text = """
            # my keys
            x quit

            SPACE cycle pause
            ] add speed 0.25
            LEFT seek -10
            """
        let (bindings, diagnostics) = InputBindings.parse(text, path: "/c/input.conf")
        #expect(diagnostics.isEmpty)
        #expect(bindings.command(for: "x") == "quit")
        #expect(bindings.command(for: "SPACE") == "cycle pause")
        #expect(bindings.command(for: "]") == "add speed 0.25")
        #expect(bindings.command(for: "LEFT") == "seek -10")
        #expect(bindings.command(for: "q") == nil)
    }

    @Test("A bad line is reported with file:line and skipped; the others still bind")
    func badLines() {
        let text = "x quit\nCTRL+ALT+F1 quit\ny frobnicate now\nz\nk seek 5\n"
        let (bindings, diagnostics) = InputBindings.parse(text, path: "/c/input.conf")
        #expect(
            diagnostics == [
                "/c/input.conf:2: unknown key 'CTRL+ALT+F1'; skipped",
                "/c/input.conf:3: unknown command 'frobnicate'; skipped",
                "/c/input.conf:4: 'z' has no command; skipped",
            ])
        #expect(bindings.command(for: "x") == "quit")
        #expect(bindings.command(for: "k") == "seek 5")
        #expect(bindings.command(for: "y") == nil)
    }

    @Test("The terminal names keys as input.conf does")
    func terminalNames() {
        var parser = KeyParser()
        #expect(parser.press(UInt8(ascii: "y")) == TerminalKeyPress(name: "y", builtIn: nil))
        #expect(parser.press(UInt8(ascii: "x")) == TerminalKeyPress(name: "x", builtIn: .subtitleDelayUp))
        #expect(parser.press(0x20) == TerminalKeyPress(name: "SPACE", builtIn: .togglePause))
        #expect(parser.press(0x1B) == nil)
        #expect(parser.press(UInt8(ascii: "[")) == nil)
        #expect(parser.press(UInt8(ascii: "D")) == TerminalKeyPress(name: "LEFT", builtIn: .seekBy(-5)))
    }
}
