/// Checks whether a PulseAudio server answers, without opening a stream.
enum PulseServerProbe {
    /// Connects a throw-away context to `server` with a `timeout` bound, then disconnects.
    /// Blocks the calling thread for at most about `timeout`.
    static func isAvailable(server: String?, timeout: Duration) -> Bool {
        guard let mainloop = PulseMainloop() else { return false }
        let available = mainloop.withLock { () -> Bool in
            guard mainloop.startThreadIfNeeded(),
                let context = try? PulseContext(mainloop: mainloop, applicationName: "Spool server check")
            else { return false }
            defer { context.close() }
            do {
                try context.connect(server: server, timeout: timeout) { false }
                return true
            } catch {
                return false
            }
        }
        mainloop.stopThread()
        return available
    }
}
