import Foundation

/// Starts an `HTTPByteSource`'s requests and runs its timers: the stall watch of each
/// request and the backoff before a retry, both on the injected clock.
///
/// A value made wherever a request may start — the source's calls and the transport's event
/// callbacks (`HTTPTransferDelegate`). Every method is called with the state's lock held;
/// the timers take the lock themselves when they wake, and act only while their request is
/// still the current one.
struct HTTPTransferDriver: Sendable {
    let state: ConditionLock<HTTPTransferState>
    let session: any HTTPTransportSession
    let events: any HTTPTransferEvents
    let url: URL
    let options: HTTPByteSource.Options
    let timeline: ClockTimeline

    /// Starts the transfer for `purpose`, with a stall watch. A transport's `start` never
    /// waits for this source's lock (its events arrive on its own thread).
    func start(_ purpose: HTTPRequestPurpose, in transfer: inout HTTPTransferState) {
        let request = HTTPTransferRequest(url: url, headers: options.headers, rangeStart: purpose.offset)
        let task = session.start(request, events: events)
        transfer.begin(task, for: purpose, at: timeline.now)
        transfer.stallWatch = watchForStall(of: transfer.attempt)
    }

    /// Resumes a transfer paused in place when the buffer has drained enough, with a new
    /// stall watch (the old one stopped at the pause).
    func resumeIfDrained(in transfer: inout HTTPTransferState) {
        guard let task = transfer.resumePausedTransfer(at: timeline.now) else { return }
        transfer.stallWatch?.cancel()
        transfer.stallWatch = watchForStall(of: transfer.attempt)
        task.resume()
    }

    /// Schedules the retry the state decided on, if any.
    func scheduleRetryIfDecided(in transfer: inout HTTPTransferState) {
        guard let delay = transfer.takePendingRetryDelay() else { return }
        let attempt = transfer.attempt
        let deadline = timeline.now + delay
        let network = transfer.network
        transfer.retryTimer = Task { [self] in
            do { try await timeline.sleep(until: deadline) } catch { return }
            // Offline, the request would only fail again: it goes out when the path returns.
            await network?.waitUntilReachable(url)
            guard !Task.isCancelled else { return }
            state.update { transfer in
                guard transfer.attempt == attempt, case .retrying(let purpose) = transfer.phase else { return }
                start(purpose, in: &transfer)
            }
        }
    }

    /// A task that fails request `attempt` once no byte arrived for the stall timeout.
    private func watchForStall(of attempt: Int) -> Task<Void, Never> {
        let first = timeline.now + options.loadErrorPolicy.stallTimeout
        return Task { [self] in
            var deadline = first
            while true {
                do { try await timeline.sleep(until: deadline) } catch { return }
                let now = options.now()
                let (check, stale) = state.update { transfer in
                    let outcome = transfer.checkStall(of: attempt, at: timeline.now, now: now)
                    if outcome.0 == .stalled { scheduleRetryIfDecided(in: &transfer) }
                    return outcome
                }
                stale?.cancel()
                guard case .wait(let next) = check else { return }
                deadline = next
            }
        }
    }
}
