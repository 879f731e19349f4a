import Foundation
import SpoolCore

/// The thread-safe half of an `AudioSession`: it meets the player's audio output on the
/// pipeline thread that makes it, and carries the output's events to the main actor.
///
/// The output is made lazily on a pipeline thread, while the session lives on the main actor,
/// so what the output needs at birth (the attributes, the chosen device) is kept here under a
/// lock, and what the output reports goes into a stream the session drains in order.
final class AudioSessionRouter: Sendable {
    /// What reaches the session from the output side.
    enum Signal: Sendable {
        /// The system's event.
        case event(AudioSessionEvent)
        /// An output was made and joined the session: playback has begun.
        case outputAttached
    }

    private struct State {
        var attributes = AudioSessionAttributes()
        var preferredDevice: String?
        var output: (any RoutableAudioOutput)?
    }

    private let state = Locked(State())
    /// Drained by the session on the main actor, in order.
    let signals: AsyncStream<Signal>
    private let continuation: AsyncStream<Signal>.Continuation

    init() {
        (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .unbounded)
    }

    deinit {
        continuation.finish()
    }

    /// Makes `output` part of the session, if it can be steered: it takes the session's
    /// attributes and chosen device, and its events flow to the session. Called on the thread
    /// that made the output, before the output starts; may block (choosing a device asks the
    /// server).
    func attach(_ output: any AudioOutput) {
        guard let routable = output as? any RoutableAudioOutput else { return }
        let (attributes, device) = state.withLock { state in
            state.output = routable
            return (state.attributes, state.preferredDevice)
        }
        routable.setSessionAttributes(attributes)
        let continuation = self.continuation
        routable.setSessionEventHandler { continuation.yield(.event($0)) }
        if let device { try? routable.route(toDevice: device) }
        continuation.yield(.outputAttached)
    }

    /// The output that joined last, if any.
    var output: (any RoutableAudioOutput)? { state.withLock { $0.output } }

    /// Records `attributes` and applies them to the output; returns whether there was one.
    func setAttributes(_ attributes: AudioSessionAttributes) -> Bool {
        let output = state.withLock { state in
            state.attributes = attributes
            return state.output
        }
        output?.setSessionAttributes(attributes)
        return output != nil
    }

    /// Records the device the next output opens on.
    func setPreferredDevice(_ name: String) {
        state.withLock { $0.preferredDevice = name }
    }
}
