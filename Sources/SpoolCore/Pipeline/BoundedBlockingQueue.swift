/// A FIFO between two pipeline threads, bounded by the total *cost* of its elements (media
/// duration for packet queues, a count for frame queues) rather than only by their number, so
/// memory follows the forward-buffer duration whatever the bitrate or media length.
///
/// `push` blocks while the queue is over budget; `pop` blocks while it is empty. `close()` ends
/// the queue for both sides (`push` returns `false`, `pop` drains what is left, then `nil`);
/// `flush()` discards the contents (seeks) and bumps `generation`, so a consumer can tell
/// elements queued before a flush from those after. An element whose cost alone exceeds the
/// budget is still accepted when the queue is empty — otherwise it could never pass.
///
/// Blocking calls are for pipeline threads only, never the Swift cooperative pool.
package final class BoundedBlockingQueue<Element: Sendable>: Sendable {
    private struct State: Sendable {
        /// Taken slots are set to `nil` at once, so a consumed element (a decoded frame: megabytes)
        /// is released when it is taken, not when the array is next compacted.
        var items: [(element: Element?, cost: Int64)] = []
        var head = 0
        var totalCost: Int64 = 0
        var closed = false
        var endOfStream = false
        var generation = 0
        /// Producers blocked in `push` on a full queue, and the highest cost any of them waits
        /// for the queue to fall below (`resumeBelow`): a take wakes them only once it does.
        var blockedProducers = 0
        var producersResumeBelow: Int64 = 0

        /// Whether a take that left `totalCost` where it is should wake blocked producers.
        var takeWakesProducer: Bool { blockedProducers > 0 && totalCost < producersResumeBelow }

        /// Removes and returns the oldest element, compacting the storage now and then.
        mutating func take() -> Element? {
            guard head < items.count else { return nil }
            let element = items[head].element
            totalCost -= items[head].cost
            items[head].element = nil
            head += 1
            if head > 64, head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return element
        }
    }

    private let lock: ConditionLock<State>
    /// The budget: `push` waits while `totalCost` is at or above it.
    package let capacity: Int64

    /// A queue whose elements may cost up to `capacity` in total.
    package init(capacity: Int64) {
        self.capacity = max(capacity, 1)
        self.lock = ConditionLock(State())
    }

    /// Appends `element`, blocking while the queue is full. Returns `false` (dropping the
    /// element) when the queue is closed, or when `generation` moved past `expectedGeneration`
    /// while waiting — the element belongs to a flushed stretch of media.
    ///
    /// `overCapacity` accepts the element however full the queue is: for a consumer that will
    /// not take anything until something else happens (a paused audio thread, while the video
    /// of a seek still has to reach its landing frame), the producer must not wait on it.
    ///
    /// `resumeBelow` (at most `capacity`): once this push found the queue full, it waits until
    /// the queue's cost falls below that, not merely below `capacity`, so a producer refills in
    /// bursts instead of being woken for every element taken (a packet's 21 ms of audio). Only
    /// for a queue whose consumer never waits on this producer while the queue holds anything:
    /// the producer blocked here must not be what another queue's consumer waits for.
    @discardableResult
    package func push(
        _ element: Element, cost: Int64, expectedGeneration: Int? = nil, overCapacity: Bool = false,
        resumeBelow: Int64? = nil
    ) -> Bool {
        let resumeBelow = min(resumeBelow ?? capacity, capacity)
        // Whether this push found the queue full (it then waits for `resumeBelow`); every pass
        // after that follows a wait it was counted in `blockedProducers` for.
        var waited = false
        let accepted =
            lock.wait(timeout: nil) { state -> Bool? in
                if waited {
                    state.blockedProducers -= 1
                    if state.blockedProducers == 0 { state.producersResumeBelow = 0 }
                }
                if state.closed { return false }
                if let expectedGeneration, state.generation != expectedGeneration { return false }
                let count = state.items.count - state.head
                let hasRoom = state.totalCost < (waited ? resumeBelow : capacity)
                guard count == 0 || hasRoom || overCapacity else {
                    waited = true
                    state.blockedProducers += 1
                    state.producersResumeBelow = max(state.producersResumeBelow, resumeBelow)
                    return nil
                }
                state.items.append((element, cost))
                state.totalCost += cost
                state.endOfStream = false
                return true
            } ?? false
        if accepted { lock.update { _ in } }  // wake a waiting consumer
        return accepted
    }

    /// Removes the oldest element, blocking while the queue is empty. Returns `nil` once the
    /// queue is closed and empty, or when end of stream was marked and everything was taken.
    package func pop() -> (element: Element, generation: Int)? {
        var wakesProducer = false
        let result = lock.wait(timeout: nil) { state -> (Element, Int)?? in
            if let element = state.take() {
                wakesProducer = state.takeWakesProducer
                return .some((element, state.generation))
            }
            if state.closed || state.endOfStream { return .some(nil) }
            return nil
        }
        if wakesProducer { lock.update { _ in } }  // wake a producer waiting for room
        guard let result, let value = result else { return nil }
        return (value.0, value.1)
    }

    /// What a timed `pop` found.
    package enum TimedPop {
        /// An element, with the generation it was queued in.
        case element(Element, generation: Int)
        /// The queue is closed and empty, or its end of stream was reached.
        case ended
        /// Nothing arrived within the timeout.
        case timedOut
    }

    /// Like `pop()`, but gives up after `timeout` of real time.
    package func pop(timeout: Duration) -> TimedPop {
        var wakesProducer = false
        let result = lock.wait(timeout: timeout) { state -> TimedPop? in
            if let element = state.take() {
                wakesProducer = state.takeWakesProducer
                return .element(element, generation: state.generation)
            }
            if state.closed || state.endOfStream { return .ended }
            return nil
        }
        guard let result else { return .timedOut }
        if wakesProducer { lock.update { _ in } }  // wake a producer waiting for room
        return result
    }

    /// Removes the oldest element if there is one, without blocking.
    package func tryPop() -> (element: Element, generation: Int)? {
        let value = lock.update { state -> (Element, Int)? in
            guard let element = state.take() else { return nil }
            return (element, state.generation)
        }
        return value.map { ($0.0, $0.1) }
    }

    /// Marks that no more elements will come for now: a blocked or later `pop` on an empty
    /// queue returns `nil` instead of waiting. A later `push` clears the mark.
    package func markEndOfStream() {
        lock.update { $0.endOfStream = true }
    }

    /// Discards every element and starts a new generation; wakes blocked producers.
    /// Returns the new generation.
    @discardableResult
    package func flush() -> Int {
        lock.update { state in
            state.items.removeAll(keepingCapacity: true)
            state.head = 0
            state.totalCost = 0
            state.endOfStream = false
            state.generation += 1
            return state.generation
        }
    }

    /// Discards the elements `isStale` picks, keeping the others in order, and starts a new
    /// generation like `flush()`; wakes blocked producers. For a seek made while the producer
    /// runs on: what it already queued for the seek must survive the discard of what came
    /// before (a keyframe dropped there leaves the decoder nothing to start from).
    /// Returns the new generation.
    @discardableResult
    package func discard(where isStale: (Element) -> Bool) -> Int {
        lock.update { state in
            var kept: [(element: Element?, cost: Int64)] = []
            var cost: Int64 = 0
            for slot in state.items[state.head...] {
                guard let element = slot.element, !isStale(element) else { continue }
                kept.append(slot)
                cost += slot.cost
            }
            state.items = kept
            state.head = 0
            state.totalCost = cost
            state.endOfStream = false
            state.generation += 1
            return state.generation
        }
    }

    /// Sums `measure` over the elements held now, under the queue's lock (keep it cheap).
    package func sum(_ measure: (Element) -> Int) -> Int {
        lock.withLock { state in
            state.items[state.head...].reduce(0) { total, slot in total + (slot.element.map(measure) ?? 0) }
        }
    }

    /// Ends the queue: producers get `false`, consumers drain then get `nil`. Idempotent.
    package func close() {
        lock.update { $0.closed = true }
    }

    /// The generation elements pushed now belong to.
    package var generation: Int { lock.withLock { $0.generation } }

    /// The summed cost of queued elements (for buffer-level reporting).
    package var totalCost: Int64 { lock.withLock { $0.totalCost } }

    /// The number of queued elements.
    package var count: Int { lock.withLock { $0.items.count - $0.head } }

    /// Blocks until a producer or consumer is blocked on this queue, or `timeout` passed
    /// (for tests that must act on a call known to be blocked).
    package func waitForBlockedThread(timeout: Duration) -> Bool {
        lock.waitForBlockedThread(timeout: timeout)
    }

    /// Whether `close()` was called.
    package var isClosed: Bool { lock.withLock { $0.closed } }
}
