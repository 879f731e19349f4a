public import Foundation

/// gmediarender (a real GStreamer-based UPnP AV MediaRenderer) running on the server side of a
/// `NetworkNamespacePair`, its video and audio into fakesinks that keep real time.
///
/// `start` returns once it logged "Ready for rendering." (its SSDP and HTTP are up), so a
/// search sent afterwards is answered. `stop()` sends SIGTERM to its pid (it says byebye and
/// exits), then SIGKILL after 5 s; the namespace pair's removal ends anything left.
public final class GMediaRenderer: Sendable {
    /// The friendly name it announces.
    public let name: String
    /// Its UDN, `uuid:` and the UUID it was given.
    public let udn: String
    /// Its log (stdout and stderr).
    public let log: URL
    private let process: ChildProcess

    private init(name: String, udn: String, log: URL, process: ChildProcess) {
        self.name = name
        self.udn = udn
        self.log = log
        self.process = process
    }

    /// Whether gmediarender is installed (scripts/bootstrap installs it).
    public static var isAvailable: Bool { (try? ToolRunner.find("gmediarender")) != nil }

    /// Starts one named `name` in `pair`'s server namespace, on the server's end of the link,
    /// and waits (up to 20 s) until it is ready.
    public static func start(named name: String, in pair: NetworkNamespacePair) async throws -> GMediaRenderer {
        let uuid = UUID().uuidString.lowercased()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("gmediarender-\(uuid).log")
        let (ip, arguments) = pair.serverCommand(
            try ToolRunner.find("gmediarender"),
            [
                "--interface-name", pair.serverLink, "--friendly-name", name, "--uuid", uuid, "--logfile", "stderr",
                "--gstout-videopipe=fakesink sync=true", "--gstout-audiopipe=fakesink sync=true",
            ])
        let process = try ChildProcess(ip, arguments, outputFile: log)
        let renderer = GMediaRenderer(name: name, udn: "uuid:\(uuid)", log: log, process: process)
        let ready = await eventually(timeout: .seconds(20)) {
            process.hasExited
                || (try? String(contentsOf: log, encoding: .utf8))?.contains("Ready for rendering.") == true
        }
        guard ready, !process.hasExited else {
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            renderer.stop()
            throw ToolError(description: "gmediarender did not become ready: \(output.suffix(2_000))")
        }
        return renderer
    }

    /// Stops it (SIGTERM, SIGKILL after 5 s) and waits for its exit. Blocking; idempotent.
    public func stop() {
        process.terminate()
    }
}
