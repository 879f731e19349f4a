import Foundation
import SpoolTestSupport

/// The Python IPC clients in Tests/IPCClients and what runs them: the venv's python (made by
/// scripts/bootstrap, with python-mpv-jsonipc from PyPI) and a socket path short enough for
/// `sun_path` (the media directory may be deep).
enum IPCClientScripts {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The venv's python; fails with what to run when bootstrap has not made it.
    static func python() throws -> URL {
        let python = root.appendingPathComponent(".cache/ipc-venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ToolError(description: "\(python.path) is missing: run scripts/bootstrap (it makes the IPC venv)")
        }
        return python
    }

    /// The path of client script `name` (`session.py`…).
    static func script(_ name: String) -> String {
        root.appendingPathComponent("Tests/IPCClients/\(name)").path
    }

    /// A fresh socket path under /tmp named after `purpose`.
    static func socketPath(_ purpose: String) -> String {
        "/tmp/spool-\(purpose)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8)).sock"
    }

    /// Runs client `script` with `clip` against the player `start` launches on a fresh socket
    /// (spool or mpv, for the same checks on both); returns the client's output and the
    /// player's.
    static func session(
        _ script: String, clip: String, player start: @escaping @Sendable (String) async throws -> ToolOutput
    ) async throws -> (client: ToolOutput, player: ToolOutput) {
        let socket = socketPath(String(script.prefix { $0 != "." }))
        let player = Task { try await start(socket) }
        let client = try await ToolRunner.run(try python(), [self.script(script), socket, clip], timeout: .seconds(60))
        let output = try await player.value
        try? FileManager.default.removeItem(atPath: socket)
        return (client, output)
    }

    /// Runs client `script` with `clip` against `mpv --idle --input-ipc-server` (no audio or
    /// video output): the reference the same client then checks spool against.
    static func mpvSession(_ script: String, clip: String) async throws -> (client: ToolOutput, player: ToolOutput) {
        guard let mpvPath = try? ToolRunner.find("mpv") else {
            throw ToolError(description: "mpv is not on PATH: run scripts/bootstrap (it installs mpv)")
        }
        return try await session(script, clip: clip) { socket in
            try await ToolRunner.run(
                mpvPath,
                ["--no-config", "--idle", "--input-ipc-server=\(socket)", "--ao=null", "--vo=null", "--really-quiet"],
                timeout: .seconds(70))
        }
    }

    /// Runs client `script` with `clip` against `spool play --idle --input-ipc-server` (no
    /// audio or video output).
    static func spoolSession(_ script: String, clip: String) async throws -> (client: ToolOutput, player: ToolOutput) {
        try await session(script, clip: clip) { socket in
            try await PlayTool.spool(
                ["play", "--ao", "null", "--vo", "null", "--idle", "--input-ipc-server=\(socket)"],
                timeout: .seconds(70))
        }
    }
}
