internal import CCurl
import Foundation
import SpoolCore

/// The I/O thread and libcurl multi handle every `CurlTransfer` runs on.
///
/// Ownership: the multi handle is created once and lives for the process (like the thread),
/// and is used only on the loop's thread — except `curl_multi_wakeup`, which libcurl allows
/// from any thread. Other threads talk to the loop only through `submit`, which queues a
/// command and wakes the poll; the loop never holds the queue's lock while it calls libcurl
/// or a transfer's events, so events may take any lock of their own (the byte source's) and
/// callers may submit while holding it.
final class CurlMultiLoop: @unchecked Sendable {
    /// What another thread asks of the loop.
    enum Command {
        case add(CurlTransfer)
        case resume(CurlTransfer)
        case remove(CurlTransfer)
    }

    /// The process's loop, started on first use.
    static let shared = CurlMultiLoop()

    /// CURLM*; loop thread only (and `curl_multi_wakeup`).
    private let multi: UnsafeMutableRawPointer
    private let commands = ConditionLock<[Command]>([])
    /// Transfers in the multi handle, by easy handle; loop thread only. Holding them here is
    /// what keeps the pointer their callbacks receive valid.
    private var attached: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    private init() {
        curl_global_init(ccurl_global_default())
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed (out of memory)") }
        self.multi = multi
        let thread = Thread { [self] in run() }
        thread.name = "spool-curl"
        thread.start()
    }

    /// Queues `command` and wakes the loop. Safe from any thread, under any lock.
    func submit(_ command: Command) {
        commands.update { $0.append(command) }
        curl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            for command in commands.update({ pending in
                defer { pending = [] }
                return pending
            }) {
                apply(command)
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            finishCompletedTransfers()
            // libcurl shortens the wait to its own next timeout; a wake-up ends it at once.
            let idleWait: Int32 = attached.isEmpty ? 60_000 : 1_000
            curl_multi_poll(multi, nil, 0, idleWait, nil)
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
