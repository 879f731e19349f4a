extension BusConnection {
    /// The event loop of a bus service on its thread: takes what other threads posted to
    /// `mailbox` (`handle` returns `false` to stop), runs the handlers of the messages read,
    /// calls `afterDispatch` for whatever is due (it returns the next deadline on the `now`
    /// time line, `nil` for none), then sleeps in `poll` until the socket, the mailbox or that
    /// deadline needs attention. Returns when `handle` says stop or the connection is lost.
    func runEventLoop<Request: Sendable>(
        mailbox: BusMailbox<Request>, now: () -> Duration, handle: (Request) -> Bool,
        afterDispatch: () -> Duration?
    ) {
        while true {
            for request in mailbox.takeAll() {
                guard handle(request) else { return }
            }
            dispatchPending()
            let deadline = afterDispatch()
            guard isConnected else { return }
            let timeout = deadline.map { ($0 - now()).roundedUpMilliseconds } ?? -1
            if watches.waitForActivity(wakeDescriptor: mailbox.wakeDescriptor, timeoutMilliseconds: timeout) {
                mailbox.drainWakeUps()
            }
        }
    }

    /// Answers `message` with `values` when it expects a reply; values that cannot be
    /// written become an error reply, so the caller is never left waiting.
    func reply(_ values: [DBusValue], to message: BusMessage) {
        guard message.expectsReply else { return }
        do {
            send(try message.methodReturn(values))
        } catch {
            replyError(error, to: message)
        }
    }

    /// Answers `message` with `error` when it expects a reply.
    func replyError(_ error: DBusError, to message: BusMessage) {
        guard message.expectsReply, let reply = message.errorReply(error) else { return }
        send(reply)
    }
}

extension Duration {
    /// This duration in whole milliseconds, rounded up (so a wait never ends before its
    /// deadline) and clamped to `0...Int32.max`, as `poll` and libdbus take timeouts.
    var roundedUpMilliseconds: Int32 {
        let components = components
        let milliseconds =
            components.seconds * 1000 + (components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }
}
