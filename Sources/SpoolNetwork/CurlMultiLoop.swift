internal import CCurl
import Foundation
import SpoolCore

/// The I/O thread and libcurl multi handle of one byte source's session.
///
/// One per session, so a source's connection cache is its own: its requests reuse a
/// kept-alive connection, and closing the source closes every connection it opened
/// (`shutdown`, `curl_multi_cleanup`) — a skipped item leaves nothing open on the server.
///
/// Ownership: the loop owns the multi handle from `init` until its thread ends (then it is
/// cleaned up there), or until `deinit` when the thread never started. Only the loop thread
/// uses it, except `curl_multi_wakeup`, which libcurl allows from any thread. Other threads
/// talk to the loop only through `submit`, which queues a command and wakes the poll; the
/// loop never holds the queue's lock while it calls libcurl or a transfer's events, so events
/// may take any lock of their own (the byte source's) and callers may submit while holding it.
final class CurlMultiLoop: @unchecked Sendable {
    /// What another thread asks of the loop.
    enum Command {
        case add(CurlTransfer)
        case resume(CurlTransfer)
        case remove(CurlTransfer)
        /// Removes every transfer, closes the connections and ends the thread.
        case shutdown
    }

    /// libcurl's process-wide initialisation, done once before the first handle.
    private static let globalInit: Void = {
        curl_global_init(ccurl_global_default())
    }()

    /// CURLM*; loop thread only (and `curl_multi_wakeup`).
    private let multi: UnsafeMutableRawPointer
    private let control = ConditionLock<(commands: [Command], started: Bool, ended: Bool)>(([], false, false))
    /// Transfers in the multi handle, by easy handle; loop thread only. Holding them here is
    /// what keeps the pointer their callbacks receive valid.
    private var attached: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// A loop whose thread starts with the first command.
    init() {
        Self.globalInit
        // NULL only when malloc fails (no input reaches it): a process out of memory cannot go
        // on decoding either, so this is not worth an error path.
        guard let multi = curl_multi_init() else {
            fatalError("curl_multi_init failed (out of memory)")  // invariant: only out of memory
        }
        self.multi = multi
    }

    deinit {
        // Only when the thread never ran: a running thread retains the loop.
        if !control.withLock({ $0.started }) { curl_multi_cleanup(multi) }
    }

    /// Queues `command` and wakes the loop (starting its thread on first use). Safe from any
    /// thread, under any lock. After `shutdown`, commands are dropped (a transfer added then
    /// is never started, and reports nothing).
    func submit(_ command: Command) {
        let startThread = control.update { control -> Bool? in
            guard !control.ended else { return nil }
            if case .shutdown = command { control.ended = true }
            if !control.started, case .shutdown = command {
                return nil
            }
            control.commands.append(command)
            defer { control.started = true }
            return !control.started
        }
        guard let startThread else { return }
        if startThread {
            SpoolThread.start("spool-curl") { [self] in run() }
        } else {
            curl_multi_wakeup(multi)
        }
    }

    private func run() {
        while true {
            for command in control.update({ control in
                defer { control.commands = [] }
                return control.commands
            }) {
                if case .shutdown = command {
                    for easy in Array(attached.keys) { detach(easy) }
                    curl_multi_cleanup(multi)
                    return
                }
                apply(command)
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            finishCompletedTransfers()
            // libcurl shortens the wait to its own next timeout; a wake-up ends it at once.
            curl_multi_poll(multi, nil, 0, 1_000, nil)
        }
    }

    private func apply(_ command: Command) {
        switch command {
        case .add(let transfer):
            guard !transfer.isCancelled, attached[transfer.easy] == nil else {
                transfer.finished()
                return
            }
            attached[transfer.easy] = transfer
            curl_multi_add_handle(multi, transfer.easy)
        case .resume(let transfer):
            guard attached[transfer.easy] != nil else { return }
            transfer.unpauseIfWanted()
        case .remove(let transfer):
            detach(transfer.easy)
        case .shutdown:
            break
        }
    }

    /// Reports every transfer libcurl has finished, after taking it out of the multi handle.
    private func finishCompletedTransfers() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let result = ccurl_message_result(message)
            guard let transfer = detach(easy) else { continue }
            transfer.complete(with: result)
        }
    }

    @discardableResult
    private func detach(_ easy: UnsafeMutableRawPointer) -> CurlTransfer? {
        guard let transfer = attached.removeValue(forKey: easy) else { return nil }
        curl_multi_remove_handle(multi, easy)
        transfer.finished()
        return transfer
    }
}
