import Dispatch
import SpoolCore

/// A one-shot answer from the SDL thread to an async caller, with a deadline.
///
/// The caller suspends (it never blocks a thread) until the SDL thread delivers a value or
/// the deadline passes. A late delivery is refused, so the SDL thread learns that nobody
/// owns the result and can undo it (destroy a window nobody will use).
///
/// The deadline is a real-time safety net against a stuck X server, not playback timing,
/// so it uses Dispatch's wall timer rather than an injected clock (like `ConditionLock`).
final class SDLReply<Value: Sendable>: Sendable {
    private enum State {
        case pending(CheckedContinuation<Value?, Never>?)
        case delivered(Value)
        case finished
    }
    private let state = Locked(State.pending(nil))

    /// Hands `value` to the waiter. Returns `false` when the waiter already gave up.
    func deliver(_ value: Value) -> Bool {
        let (accepted, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Value?, Never>?) in
            guard case .pending(let continuation) = state else { return (false, nil) }
            state = continuation == nil ? .delivered(value) : .finished
            return (true, continuation)
        }
        waiter?.resume(returning: value)
        return accepted
    }

    /// The delivered value, or `nil` when `timeout` passed first.
    func value(timeout: Duration) async -> Value? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let ready: Value?? = state.withLock { state in
                switch state {
                case .delivered(let value):
                    state = .finished
                    return .some(value)
                case .finished:
                    return .some(nil)
                case .pending:
                    state = .pending(continuation)
                    return nil
                }
            }
            if let ready {
                continuation.resume(returning: ready)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.timeInterval) {
                self.giveUp()
            }
        }
    }

    private func giveUp() {
        let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            guard case .pending(let continuation) = state else { return nil }
            state = .finished
            return continuation
        }
        waiter?.resume(returning: nil)
    }
}
