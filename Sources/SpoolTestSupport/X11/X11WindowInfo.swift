import Foundation

/// What an outside X client sees of a top-level window, from `xwininfo -name` and
/// `xprop -name` (Debian package x11-utils): where it is, whether it is mapped, its
/// `_NET_WM_STATE`. Lets tests check what SDL asked the X server for, without a window manager.
public struct X11WindowInfo: Equatable, Sendable {
    /// The left edge on the screen.
    public var x: Int
    /// The top edge on the screen.
    public var y: Int
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// "IsViewable", "IsUnMapped" or "IsUnviewable".
    public var mapState: String
    /// The atoms of `_NET_WM_STATE` ("_NET_WM_STATE_ABOVE", …).
    public var netWMState: [String]

    /// The window whose WM_NAME is `name`, or `nil` when there is none.
    public static func named(_ name: String) async throws -> X11WindowInfo? {
        let info = try await ToolRunner.run(try tool("xwininfo"), ["-name", name], timeout: .seconds(10))
        guard info.status == 0 else { return nil }
        var fields: [String: String] = [:]
        for line in info.outputText.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        func number(_ key: String) -> Int { fields[key].flatMap { Int($0) } ?? -1 }
        let state = try await ToolRunner.run(
            try tool("xprop"), ["-name", name, "_NET_WM_STATE"], timeout: .seconds(10))
        // "_NET_WM_STATE(ATOM) = _NET_WM_STATE_ABOVE, _NET_WM_STATE_SKIP_TASKBAR", or "not found."
        let atoms =
            state.outputText.split(separator: "=", maxSplits: 1).dropFirst().first?
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? []
        return X11WindowInfo(
            x: number("Absolute upper-left X"), y: number("Absolute upper-left Y"), width: number("Width"),
            height: number("Height"), mapState: fields["Map State"] ?? "?", netWMState: atoms)
    }

    /// Polls `named(_:)` until `condition` holds for what it returns, at most 50 times 20 ms
    /// apart (the X server applies SDL's requests asynchronously); the last answer.
    public static func waitFor(
        _ name: String, until condition: (X11WindowInfo?) -> Bool
    ) async throws -> X11WindowInfo? {
        var info: X11WindowInfo?
        for _ in 0..<50 {
            info = try await named(name)
            if condition(info) { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        return info
    }

    private static func tool(_ name: String) throws -> URL {
        do {
            return try ToolRunner.find(name)
        } catch {
            throw ToolError(description: "\(name) not found on PATH: run scripts/bootstrap (Debian package x11-utils)")
        }
    }
}
