public import Foundation
import SpoolCore

#if canImport(Glibc)
    import Glibc
#endif

/// A real nginx serving a directory on 127.0.0.1, for HLS integration tests: the server
/// production streams come from, with its own range handling, MIME types and rate limiting.
///
/// Guarantees:
/// - nginx runs as a child of this process in the foreground (`daemon off`, `master_process
///   off`), so `pid` is the one process serving, and nothing else is ever signalled.
/// - It listens only on 127.0.0.1, on a port that was free when picked (retried when another
///   process took it first), and accepts connections before `init` returns.
/// - Its configuration, pid file, logs and temporary directories live in a private directory
///   that `stop()` removes; it never reads /etc/nginx.
/// - `stop()` (also run on deinit) ends the process (SIGTERM, SIGKILL after 5 s) and waits for
///   it, so the port is free afterwards.
///
/// `init` blocks while nginx starts (tens of milliseconds): async callers use `start(_:)`.
public final class NginxServer: Sendable {
    /// The port nginx listens on.
    public let port: UInt16
    /// The nginx process id.
    public let pid: Int32
    /// `http://127.0.0.1:<port>`: the served root.
    public let baseURL: URL
    /// What the server was started with.
    public let configuration: NginxConfiguration

    private let prefix: URL
    private let process: ChildProcess
    private let state = Locked(State())

    private struct State {
        var isStopped = false
        var isPaused = false
    }

    /// How many ports are tried when another process takes the picked one first.
    static let portAttempts = 5
    /// How long nginx may take to accept connections.
    static let startTimeout = Duration.seconds(10)
    /// How long `stop()` waits after SIGTERM before SIGKILL.
    static let stopTimeout = Duration.seconds(5)

    /// Starts nginx with `configuration`, blocking until it accepts connections. Call it
    /// from a thread of your own, or use `start(_:)`.
    ///
    /// With `namespace`, nginx runs inside that network namespace (`ip netns exec`), on port
    /// 8080 of `configuration.listenAddress` (the namespace is the test's own, so the port is
    /// free), and is taken as listening once its pid file exists (nginx writes it after bind).
    public init(_ configuration: NginxConfiguration, inNetworkNamespace namespace: String? = nil) throws(NginxError) {
        let nginx: URL
        do { nginx = try ToolRunner.find("nginx") } catch {
            throw NginxError("nginx not found on PATH; run scripts/bootstrap (Debian: apt-get install nginx-light)")
        }
        self.configuration = configuration
        var lastFailure = ""
        for _ in 0..<Self.portAttempts {
            let prefix = FileManager.default.temporaryDirectory
                .appendingPathComponent("spool-nginx-\(UUID().uuidString)", isDirectory: true)
            let port = namespace == nil ? try Self.freePort() : 8080
            let launched = try Self.launch(
                nginx, configuration: configuration, port: port, prefix: prefix, namespace: namespace)
            switch Self.waitUntilListening(port: port, launched: launched, prefix: prefix, probes: namespace == nil) {
            case .listening:
                self.port = port
                self.pid = launched.pid
                self.prefix = prefix
                self.process = launched
                self.baseURL = URL(string: "http://\(configuration.listenAddress):\(port)")!
                return
            case .exited(let log):
                lastFailure = log
                try? FileManager.default.removeItem(at: prefix)
                // Someone else bound the port between our probe and nginx's bind: try another.
                if log.contains("Address already in use") { continue }
                throw NginxError("nginx exited at startup: \(log)")
            case .timedOut(let log):
                launched.terminate(grace: Self.stopTimeout)
                try? FileManager.default.removeItem(at: prefix)
                throw NginxError("nginx did not accept connections within \(Self.startTimeout): \(log)")
            }
        }
        throw NginxError("nginx could not bind a free port in \(Self.portAttempts) attempts: \(lastFailure)")
    }

    /// Starts nginx on a dedicated thread, so the cooperative pool is never blocked.
    public static func start(_ configuration: NginxConfiguration, inNetworkNamespace namespace: String? = nil)
        async throws(NginxError) -> NginxServer
    {
        try await runOnDedicatedThread { startResult(configuration, namespace) }.get()
    }

    private static func startResult(_ configuration: NginxConfiguration, _ namespace: String?)
        -> Result<NginxServer, NginxError>
    {
        do { return .success(try NginxServer(configuration, inNetworkNamespace: namespace)) } catch {
            return .failure(error)
        }
    }

    deinit {
        stop()
    }

    /// `baseURL` followed by `path` (which starts with "/"; may hold a query).
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)
            ?? baseURL.appendingPathComponent(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
    }

    /// Every request nginx has finished and logged so far, in order.
    public func requests() -> [NginxRequest] {
        let log = (try? String(contentsOf: prefix.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return NginxAccessLog.parse(log)
    }

    /// Blocks until `predicate` holds for `requests()` (polled every 10 ms, since nginx
    /// logs a request only after it completes); `false` when `timeout` passed first.
    public func waitForRequests(timeout: Duration, _ predicate: ([NginxRequest]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if predicate(requests()) { return true }
            if ContinuousClock.now >= deadline { return false }
            usleep(10_000)
        }
    }

    /// `waitForRequests(timeout:_:)` on a dedicated thread, for async callers.
    public func waitForRequests(timeout: Duration, _ predicate: @escaping @Sendable ([NginxRequest]) -> Bool) async
        -> Bool
    {
        await runOnDedicatedThread { self.waitForRequests(timeout: timeout, predicate) }
    }

    /// Freezes nginx with SIGSTOP: the kernel still completes TCP handshakes into the listen
    /// backlog, but nothing is read, answered or closed, so clients hang exactly as with a
    /// server that stopped responding (until they time out or `resume()` is called). A
    /// response already being sent stalls mid-body. Idempotent.
    public func stopAnswering() {
        state.withLock { state in
            guard !state.isStopped, !state.isPaused else { return }
            state.isPaused = process.send(SIGSTOP)
        }
    }

    /// Undoes `stopAnswering()` with SIGCONT: queued connections are then served. Idempotent.
    public func resume() {
        state.withLock { state in
            guard !state.isStopped, state.isPaused else { return }
            state.isPaused = false
            process.send(SIGCONT)
        }
    }

    /// The server's error log so far (startup problems, refused requests), for failure messages.
    public var errorLog: String {
        (try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// Ends nginx and waits for it to exit, then removes its private directory. Blocks for
    /// up to 10 s in the worst case (a process ignoring SIGTERM). Idempotent.
    public func stop() {
        let shouldStop = state.withLock { state in
            defer { state.isStopped = true }
            return !state.isStopped
        }
        guard shouldStop else { return }
        // terminate() sends SIGCONT first: a stopped (paused) nginx acts on SIGTERM only once continued.
        process.terminate(grace: Self.stopTimeout)
        try? FileManager.default.removeItem(at: prefix)
    }

    // MARK: Startup

    private enum StartOutcome {
        case listening
        case exited(String)
        case timedOut(String)
    }

    private static func freePort() throws(NginxError) -> UInt16 {
        do { return try LoopbackHTTPServer.refusedPort() } catch { throw NginxError("cannot pick a port: \(error)") }
    }

    private static func launch(
        _ nginx: URL, configuration: NginxConfiguration, port: UInt16, prefix: URL, namespace: String?
    ) throws(NginxError) -> ChildProcess {
        do {
            try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
            let config = prefix.appendingPathComponent("nginx.conf")
            try configuration.render(port: port, prefix: prefix).write(to: config, atomically: true, encoding: .utf8)
            let arguments = [
                "-p", prefix.path + "/", "-c", config.path, "-e", prefix.appendingPathComponent("error.log").path,
            ]
            let output = prefix.appendingPathComponent("stderr.log")
            guard let namespace else { return try ChildProcess(nginx, arguments, outputFile: output) }
            // `ip netns exec` execs nginx in place: the pid stays nginx's.
            let ip = try ToolRunner.find("ip")
            return try ChildProcess(ip, ["netns", "exec", namespace, nginx.path] + arguments, outputFile: output)
        } catch {
            throw NginxError("cannot start nginx: \(error)")
        }
    }

    private static func waitUntilListening(port: UInt16, launched: ChildProcess, prefix: URL, probes: Bool)
        -> StartOutcome
    {
        let deadline = ContinuousClock.now + startTimeout
        let log = { () -> String in
            let files = ["error.log", "stderr.log"].map { prefix.appendingPathComponent($0) }
            return files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        }
        while ContinuousClock.now < deadline {
            if launched.hasExited { return .exited(log()) }
            // nginx writes its pid file only once its listening socket is bound: a connection
            // alone could reach another test's server that took the port first (nginx then
            // exits with "bind() failed", caught above on the next pass).
            let bound = FileManager.default.fileExists(atPath: prefix.appendingPathComponent("nginx.pid").path)
            if bound, !probes || LoopbackSocket.connects(toIPv4: "127.0.0.1", port: port) { return .listening }
            usleep(5_000)
        }
        return .timedOut(log())
    }
}

/// Why nginx could not be started (a test fails with this message; it never skips).
public struct NginxError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with nginx's own error log when it had one.
    public let description: String

    init(_ description: String) { self.description = description }
}
