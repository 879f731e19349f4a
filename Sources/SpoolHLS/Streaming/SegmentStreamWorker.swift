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
        while true {
            // Before the first frame, nothing ahead: a segment only when none is queued.
            let started = stream.configuration.hasStarted()
            let forward = started ? stream.configuration.effectiveForwardBuffer.timeInterval : 0
            let consumer = stream.consumerBuffered().timeInterval
            let command = stream.state.wait(timeout: .milliseconds(100)) { state -> Command? in
                if state.cancelled { return .stop }
                if let target = state.seekTarget {
                    state.seekTarget = nil
                    return .seek(target)
                }
                if state.ended || state.failure != nil { return nil }
                // Before playback, every segment handed over is still ahead (the consumer
                // measures only what it demuxed).
                let buffered = state.queuedSeconds + (started ? consumer : max(consumer, state.handedBeforeStart))
                // Always keep one segment queued, so a run boundary never waits for the network.
                guard state.queue.isEmpty || buffered < forward else { return nil }
                return .fetch(generation: state.generation, pinned: state.pinnedVariant, bufferedSeconds: buffered)
            }
            switch command {
            case nil:
                continue
            case .stop:
                return
            case .seek(let target):
                session.position(at: target)
            case .fetch(let generation, let pinned, let buffered):
                let outcome = session.fetchNext(generation: generation, pinned: pinned, bufferedSeconds: buffered)
                stream.state.update { state in
                    guard state.generation == generation, !state.cancelled else { return }
                    state.statistics = session.statistics
                    switch outcome {
                    case .segment(let segment):
                        state.queue.append(segment)
                        state.queuedSeconds += segment.duration.seconds
                    case .end:
                        state.ended = true
                    case .failed(let error):
                        state.failure = error
                    case .retryLater, .cancelled:
                        break
                    }
                    state.seekableWindow = session.liveWindow
                }
            }
        }
    }
}
