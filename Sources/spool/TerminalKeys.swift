import Foundation
import SpoolCore

#if canImport(Glibc)
    import Glibc
#endif

/// A key the player reacts to on a terminal.
enum PlayerKey: Sendable, Equatable {
    case togglePause, seekBy(Double), speedDown, speedUp, volumeDown, volumeUp, toggleMute, next, quit
    /// PgUp / PgDn: `add chapter 1` / `add chapter -1`, as mpv binds them.
    case chapter(Int)
    /// `s`: a PNG of the current frame (`Screenshot`).
    case screenshot
    /// `.` / `,`: mpv's `frame-step` / `frame-back-step` (pause, one frame on or back).
    case frameStep, frameBackStep
    /// `l`: mpv's `ab-loop` (A here, then B, then clear).
    case abLoop
    /// `z` / `x`: mpv's `add sub-delay -0.1` / `add sub-delay 0.1`.
    case subtitleDelayDown, subtitleDelayUp
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
        SpoolThread.start("spool-keys") {
            var parser = KeyParser()
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                if let press = parser.press(byte) { onKey(press) }
            }
        }
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard var settings = original else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}

/// Turns bytes from a raw terminal into keys, including the escape sequences of the arrows
/// (`ESC [ A`…) and of Page Up / Page Down (`ESC [ 5 ~`, `ESC [ 6 ~`).
struct KeyParser {
    private var pending: [UInt8] = []

    /// The key `byte` completes, with its name; nil inside an escape sequence.
    mutating func press(_ byte: UInt8) -> TerminalKeyPress? {
        let inSequence = !pending.isEmpty || byte == 0x1B
        let sequence = pending + [byte]
        let key = feed(byte)
        if inSequence {
            guard pending.isEmpty else { return nil }
            let names: [[UInt8]: String] = [
                Array("\u{1B}[C".utf8): "RIGHT", Array("\u{1B}[D".utf8): "LEFT", Array("\u{1B}[A".utf8): "UP",
                Array("\u{1B}[B".utf8): "DOWN", Array("\u{1B}[5~".utf8): "PGUP", Array("\u{1B}[6~".utf8): "PGDWN",
            ]
            return names[sequence].map { TerminalKeyPress(name: $0, builtIn: key) }
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
            // `ESC [ digit` waits for its `~`.
            let isDigit = pending.count >= 3 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(pending[2])
            guard pending.count == (isDigit ? 4 : 3) else { return nil }
            defer { pending.removeAll() }
            switch (pending[2], pending.last) {
            case (UInt8(ascii: "C"), _): return .seekBy(5)
            case (UInt8(ascii: "D"), _): return .seekBy(-5)
            case (UInt8(ascii: "A"), _): return .seekBy(60)
            case (UInt8(ascii: "B"), _): return .seekBy(-60)
            case (UInt8(ascii: "5"), UInt8(ascii: "~")): return .chapter(1)
            case (UInt8(ascii: "6"), UInt8(ascii: "~")): return .chapter(-1)
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
        case UInt8(ascii: "."): return .frameStep
        case UInt8(ascii: ","): return .frameBackStep
        case UInt8(ascii: "l"): return .abLoop
        case UInt8(ascii: "z"): return .subtitleDelayDown
        case UInt8(ascii: "x"): return .subtitleDelayUp
        default: return nil
        }
    }
}
