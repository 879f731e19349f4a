import Foundation
import SpoolCore

#if canImport(Glibc)
    import Glibc
#endif

/// A long-running child process (nginx, a live ffmpeg) that tests signal by pid.
///
/// Why not Foundation's `Process`: its children inherit the spawning thread's signal mask,
/// and the threads it spawns from block almost every signal, so SIGTERM never reaches the
/// child. This spawns with an empty signal mask and default dispositions, so SIGTERM,
/// SIGSTOP/SIGCONT behave as they do from a shell.
///
/// Signals are sent under the same lock that records the exit, and the exit is recorded
/// before the child is reaped (waitid with WNOWAIT), so a pid is never signalled after it
/// could have been reused.
final class ChildProcess: Sendable {
    /// The child's process id.
    let pid: pid_t

    private let state = ConditionLock(ExitState())

    private struct ExitState {
        /// Set before reaping: from then on no signal is sent.
        var hasExited = false
        /// The wait status, once reaped.
        var status: Int32?
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// `posix_spawn_file_actions_addclosefrom_np`, when the C library has it.
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// Starts `executable` with `arguments`, stdin from /dev/null and stdout and stderr both
    /// appended to `outputFile`.
    init(_ executable: URL, _ arguments: [String], outputFile: URL) throws(ToolError) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGQUIT, SIGHUP, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of ours: a long-lived child (nginx, a live ffmpeg) that inherited a test's
        // socket would keep that connection open after the test closed it, so servers in other
        // tests would never see their clients hang up.
        // glibc ≥ 2.34 has it, but Swift's Glibc module does not declare it: looked up by name.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable.path, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw ToolError(description: "cannot start \(executable.path): \(String(cString: strerror(result)))")
        }
        pid = child
        let thread = Thread { [state, pid] in Self.reap(pid, state: state) }
        thread.name = "ChildProcess reaper \(pid)"
        thread.start()
    }

    /// Whether the child has exited.
    var hasExited: Bool { state.withLock { $0.hasExited } }

    /// The raw wait status once exited and reaped, else `nil`.
    var waitStatus: Int32? { state.withLock { $0.status } }

    /// Sends `signal` unless the child has exited; `false` when it had.
    @discardableResult
    func send(_ signal: Int32) -> Bool {
        state.withLock { state in
            guard !state.hasExited else { return false }
            kill(pid, signal)
            return true
        }
    }

    /// Blocks until the child exited or `timeout` passed; `true` when it exited.
    func waitForExit(timeout: Duration) -> Bool {
        state.wait(timeout: timeout) { $0.status != nil ? true : nil } ?? false
    }

    /// SIGTERM (after SIGCONT, in case it was stopped), then SIGKILL if it is still running
    /// after `grace`; waits for the exit. Blocking.
    func terminate(grace: Duration = .seconds(5)) {
        send(SIGCONT)
        send(SIGTERM)
        if !waitForExit(timeout: grace) {
            send(SIGKILL)
            _ = waitForExit(timeout: grace)
        }
    }

    private static func reap(_ pid: pid_t, state: ConditionLock<ExitState>) {
        var info = siginfo_t()
        // WNOWAIT: the child stays a zombie (its pid reserved) until the exit is recorded.
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            if errno != EINTR { break }
        }
        state.update { $0.hasExited = true }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        state.update { $0.status = status }
    }
}
