import SpoolCore
import SpoolOutput

extension PictureInPictureController {
    /// Stops Picture-in-Picture. `restoring`: the delegate restores the interface first (the
    /// main window comes back unless it answers `false`); otherwise (the close button) the main
    /// window comes back without asking.
    func stop(restoring: Bool) async {
        guard phase == .active else { return }
        phase = .stopping
        report(.willStop)
        var showsMainWindow = true
        if restoring {
            switch await askDelegateToRestore() {
            case .some(let restored): showsMainWindow = restored
            case .none:
                log(
                    "the Picture in Picture restore handler did not call its completion handler within "
                        + "\(restoreTimeout); restoring the main window anyway")
                report(.restoreTimedOut)
            }
        }
        do throws(VideoOutputError) {
            try await output.stopPictureInPicture(showingMainWindow: showsMainWindow)
        } catch {
            // The output is stopped or its window system is gone: there is no floating window left.
            log("closing the Picture in Picture window failed: \(error)")
        }
        phase = .inactive
        isPictureInPictureActive = false
        report(.didStop)
    }

    /// The delegate's answer, or `nil` when it did not call its completion handler within
    /// `restoreTimeout` (measured on the player's clock). Without a delegate: restored.
    private func askDelegateToRestore() async -> Bool? {
        guard let delegate else { return true }
        let answer = RestoreAnswer()
        let clock = player.configuration.clock
        let timeout = restoreTimeout
        let timer = Task {
            try? await clock.sleep(for: timeout)
            answer.deliver(nil)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            answer.wait(with: continuation)
            delegate.pictureInPictureController(
                self,
                restoreUserInterfaceForPictureInPictureStopWithCompletionHandler: { restored in
                    answer.deliver(restored)
                })
        }
    }
}

/// The first of: the restore handler's answer, or the timeout (`nil`). Later ones are ignored,
/// so a handler that answers after the timeout, or twice, changes nothing.
private final class RestoreAnswer: Sendable {
    private enum State {
        case pending(CheckedContinuation<Bool?, Never>?)
        case answered(Bool?)
        case finished
    }
    private let state = Locked(State.pending(nil))

    func wait(with continuation: CheckedContinuation<Bool?, Never>) {
        let early = state.withLock { state -> Bool?? in
            if case .answered(let answer) = state {
                state = .finished
                return .some(answer)
            }
            state = .pending(continuation)
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func deliver(_ answer: Bool?) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool?, Never>? in
            guard case .pending(let continuation) = state else { return nil }
            state = continuation == nil ? .answered(answer) : .finished
            return continuation
        }
        waiter?.resume(returning: answer)
    }
}
