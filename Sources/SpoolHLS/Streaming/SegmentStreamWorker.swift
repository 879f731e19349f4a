import Foundation
import SpoolCore

/// The download thread of an `HLSSegmentStream`: chooses, fetches, decrypts and queues
/// segments. Everything it owns is local to `run`, so only the stream's locked state is shared.
final class SegmentStreamWorker: Sendable {
    let stream: HLSSegmentStream

    init(stream: HLSSegmentStream) {
        self.stream = stream
    }

    private enum Command {
        case stop
        case seek(MediaTime)
        case fetch(generation: Int, pinned: Int?, bufferedSeconds: Double)
    }

    /// Runs until cancelled. Blocks: only on the stream's own thread.
    func run(startingAt start: MediaTime?) {
        var session = SegmentFetchSession(stream: stream)
        session.position(at: start)
        // Live, at the edge: nothing to fetch before the playlist's reload is due. Until then
        // the thread sleeps (a seek or cancel still wakes it at once).
        var notBefore: Duration?
        while true {
            let command = nextCommand(notBefore: notBefore)
            stream.state.withLock { $0.statistics.downloadLoopWakeUps += 1 }
            switch command {
            case nil:
                if let deadline = notBefore, stream.clock.now() >= deadline { notBefore = nil }
                continue
            case .stop:
                return
            case .seek(let target):
                notBefore = nil
                session.position(at: target)
            case .fetch(let generation, let pinned, let buffered):
                notBefore = nil
                let outcome = session.fetchNext(generation: generation, pinned: pinned, bufferedSeconds: buffered)
                if case .notListedUntil(let deadline) = outcome { notBefore = deadline }
                stream.state.update { state in
                    guard state.generation == generation, !state.cancelled else { return }
                    var statistics = session.statistics
                    statistics.downloadLoopWakeUps = state.statistics.downloadLoopWakeUps
                    state.statistics = statistics
                    switch outcome {
                    case .segment(let segment):
                        state.queue.append(segment)
                        state.level.queued(seconds: segment.duration.seconds)
                    case .end:
                        state.ended = true
                    case .failed(let error):
                        state.failure = error
                    case .retryLater, .notListedUntil, .cancelled:
                        break
                    }
                    state.seekableWindow = session.liveWindow
                }
            }
        }
    }

    /// Waits for the next thing to do: a stop, a seek, or room in the buffer (and, when
    /// `notBefore` is set, that time reached on the stream's clock). `nil` when the wait
    /// ended with nothing to do: the consumer's level, which changes without notice, is
    /// looked at again every 100 ms; a pending deadline is waited for in one piece.
    private func nextCommand(notBefore: Duration?) -> Command? {
        // Before the first frame, nothing ahead: a segment only when none is queued.
        let started = stream.configuration.hasStarted()
        let forward = started ? stream.configuration.effectiveForwardBuffer.timeInterval : 0
        let consumer = stream.consumerBuffered()
        let clock = stream.clock
        let deadline = notBefore ?? clock.now() + .milliseconds(100)
        return stream.state.wait(until: deadline, on: clock) { state -> Command? in
            if state.cancelled { return .stop }
            if let target = state.seekTarget {
                state.seekTarget = nil
                return .seek(target)
            }
            if state.ended || state.failure != nil { return nil }
            if let notBefore, clock.now() < notBefore { return nil }
            let buffered = state.level.seconds(consumer: consumer, started: started, at: clock.now())
            // Always keep one segment queued, so a run boundary never waits for the network.
            guard state.queue.isEmpty || buffered < forward else { return nil }
            return .fetch(generation: state.generation, pinned: state.pinnedVariant, bufferedSeconds: buffered)
        }
    }
}
