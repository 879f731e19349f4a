@testable import spool

/// A player for the IPC tests: a state to read, and the actions done to it recorded (each
/// answered with `result`).
@MainActor
final class RecordingIPCControl: IPCPlayerControl {
    var ipcState: IPCPlayerState
    var actions: [IPCAction] = []
    var result: Result<IPCValue?, IPCError> = .success(nil)

    init(_ state: IPCPlayerState = .playing) { ipcState = state }

    func perform(_ action: IPCAction) -> Result<IPCValue?, IPCError> {
        actions.append(action)
        return result
    }
}

/// `line` sent to `control` by a fresh client; its reply.
@MainActor
func send(_ line: String, to control: RecordingIPCControl) -> String? {
    var client = IPCClient(name: "ipc-1")
    return client.handle(Array(line.utf8), control: control)
}
