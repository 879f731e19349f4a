import Spool
import SpoolUI

/// input.conf in a session: a bound key runs its command through the same command language
/// the IPC speaks (a text command, as mpv's input.conf is), on the IPC's player control when
/// there is one, else on one of its own.
extension PlaySession {
    /// Runs the command bound to `key` (mpv's key name); false when nothing is bound to it.
    func runBinding(for key: String) -> Bool {
        guard let command = bindings.command(for: key) else { return false }
        if command == "screenshot" || command.hasPrefix("screenshot ") {
            Screenshot.take(player)
            return true
        }
        var client = IPCClient(name: "input.conf")
        _ = client.handle(Array(command.utf8), control: bindingControl())
        return true
    }

    /// PgUp/PgDn: `add chapter ±1` once the item's chapters are loaded (mpv's rule, exact seek).
    func stepChapter(by step: Int) {
        let control = bindingControl()
        Task {
            await control.loadCurrentChapters()
            var client = IPCClient(name: "keys")
            _ = client.handle(Array("add chapter \(step)".utf8), control: control)
        }
    }

    /// A built-in key's command (`frame-step`, `ab-loop`…), run as a bound key's is.
    func runCommand(_ command: String) {
        var client = IPCClient(name: "keys")
        _ = client.handle(Array(command.utf8), control: bindingControl())
    }

    private func bindingControl() -> QueuePlayerIPCControl {
        if let control = ipc?.control ?? ownBindingControl { return control }
        let control = QueuePlayerIPCControl(
            player: player, idles: options.idles, abLoop: abLoop, filters: options.filters,
            enqueue: { [weak self] inputs in self?.enqueue(inputs) },
            quit: { [weak self] _ in self?.quit() })
        ownBindingControl = control
        return control
    }

    func playerView(_ playerView: PlayerView, shouldHandleKey key: VideoWindowKey) -> Bool {
        guard let name = key.bindingName else { return true }
        return !runBinding(for: name)
    }
}

extension VideoWindowKey {
    /// The key's name in input.conf (mpv's), or nil for keys bindings cannot name.
    var bindingName: String? {
        switch self {
        case .space: "SPACE"
        case .left: "LEFT"
        case .right: "RIGHT"
        case .up: "UP"
        case .down: "DOWN"
        case .enter: "ENTER"
        case .escape: "ESC"
        case .tab: "TAB"
        case .backTab: nil
        case .pageUp: "PGUP"
        case .pageDown: "PGDWN"
        case .f: "f"
        case .q: "q"
        case .m: "m"
        case .n: "n"
        case .p: "p"
        case .nine: "9"
        case .zero: "0"
        case .leftBracket: "["
        case .rightBracket: "]"
        case .other(let code): Unicode.Scalar(UInt32(clamping: max(code, 0))).map { String(Character($0)) }
        }
    }
}
