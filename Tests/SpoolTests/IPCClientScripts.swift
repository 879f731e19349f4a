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
}
