import Foundation
import Spool

/// `--input-ipc-server` for a session: what it runs while the session plays.
@MainActor
final class PlaySessionIPC {
    let server: IPCServerSession
    let control: QueuePlayerIPCControl
    /// The code `quit N` asked for.
    var exitCode: Int32?

    init(server: IPCServerSession, control: QueuePlayerIPCControl) {
        self.server = server
        self.control = control
    }
}

extension PlaySession {
    /// Starts serving mpv's JSON IPC if `--input-ipc-server` asks for it; false (reported) when
    /// the socket cannot be served, which ends the run: the user asked for a socket to drive it.
    func startIPC() -> Bool {
        guard let path = options.ipcServerPath else { return true }
        let control = QueuePlayerIPCControl(
            player: player, idles: options.idles, abLoop: abLoop, filters: options.filters,
            enqueue: { [weak self] inputs in self?.enqueue(inputs) },
            quit: { [weak self] code in
                self?.ipc?.exitCode = code
                self?.quit()
            })
        do {
            let server = try IPCServerSession(path: path, control: control, clock: clock)
            control.emit = { [weak server] event in server?.broadcast(event) }
            abLoop.onJump = { [weak server] in server?.broadcast(.seek) }
            ipc = PlaySessionIPC(server: server, control: control)
            return true
        } catch {
            StandardError.report("--input-ipc-server: \(error)")
            control.stop()
            return false
        }
    }

    /// Says `shutdown` to the clients and removes the socket.
    func stopIPC() async {
        guard let ipc else { return }
        ipc.control.stop()
        await ipc.server.stop()
    }

    /// The exit status `quit N` asked for, if a client quit with one.
    var ipcExitCode: Int32? { ipc?.exitCode }
}
