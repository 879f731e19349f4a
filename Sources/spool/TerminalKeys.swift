import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A key the player reacts to on a terminal.
enum PlayerKey: Sendable, Equatable {
    case togglePause, seekBy(Double), speedDown, speedUp, volumeDown, volumeUp, toggleMute, next, quit
    /// `s`: a PNG of the current frame (`Screenshot`).
    case screenshot
}

/// A key pressed on the terminal: its mpv name (`x`, `SPACE`, `LEFT`…, for input.conf) and
/// what it does when nothing rebinds it.
struct TerminalKeyPress: Sendable, Equatable {
    let name: String
    let builtIn: PlayerKey?
}

/// Puts the terminal in raw mode while playing and turns key presses into `PlayerKey`s,
/// read on a thread of its own (a blocking read must not occupy the cooperative pool).
/// Restores the terminal's settings on `restore()`, however playback ends.
final class TerminalKeys: Sendable {
    private let original: termios?

    /// Starts reading keys when stdin is a terminal; otherwise does nothing.
    init?(onKey: @escaping @Sendable (TerminalKeyPress) -> Void) {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        original = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        let thread = Thread {
            var parser = KeyParser()
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                if let press = parser.press(byte) { onKey(press) }
            }
        }
        thread.name = "spool-keys"
        thread.start()
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard var settings = original else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}

/// Turns bytes from a raw terminal into keys, including the arrow keys' escape sequences.
struct KeyParser {
    private var pending: [UInt8] = []

    /// The key `byte` completes, with its name; nil inside an escape sequence.
    mutating func press(_ byte: UInt8) -> TerminalKeyPress? {
        let inSequence = !pending.isEmpty || byte == 0x1B
        let last = inSequence ? (pending.count == 2 ? byte : nil) : byte
        let key = feed(byte)
        if inSequence {
            let names: [UInt8: String] = [
                UInt8(ascii: "C"): "RIGHT", UInt8(ascii: "D"): "LEFT", UInt8(ascii: "A"): "UP",
                UInt8(ascii: "B"): "DOWN",
            ]
            return last.flatMap { names[$0] }.map { TerminalKeyPress(name: $0, builtIn: key) }
        }
        let name: String =
            switch byte {
            case 0x20: "SPACE"
            case 0x0A, 0x0D: "ENTER"
            case 0x09: "TAB"
            default: String(UnicodeScalar(byte))
            }
        return TerminalKeyPress(name: name, builtIn: key)
    }

    mutating func feed(_ byte: UInt8) -> PlayerKey? {
        if !pending.isEmpty || byte == 0x1B {
            pending.append(byte)
            if pending.count == 2, pending[1] != UInt8(ascii: "[") {
                pending.removeAll()
                return nil
            }
            guard pending.count == 3 else { return nil }
            defer { pending.removeAll() }
            switch pending[2] {
            case UInt8(ascii: "C"): return .seekBy(5)
            case UInt8(ascii: "D"): return .seekBy(-5)
            case UInt8(ascii: "A"): return .seekBy(60)
            case UInt8(ascii: "B"): return .seekBy(-60)
            default: return nil
            }
        }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "p"): return .togglePause
        case UInt8(ascii: "["): return .speedDown
        case UInt8(ascii: "]"): return .speedUp
        case UInt8(ascii: "9"), UInt8(ascii: "/"): return .volumeDown
        case UInt8(ascii: "0"), UInt8(ascii: "*"): return .volumeUp
        case UInt8(ascii: "m"): return .toggleMute
        case UInt8(ascii: "n"), UInt8(ascii: ">"): return .next
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .quit
        case UInt8(ascii: "s"): return .screenshot
        default: return nil
        }
    }
}
