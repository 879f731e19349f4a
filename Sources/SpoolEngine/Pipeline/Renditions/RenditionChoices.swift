import SpoolCore
import SpoolHLS

/// The renditions an HLS item plays, shared by the main actor (which changes them) and the
/// demux and subtitle threads (which follow them). Each change bumps a version, so a thread
/// sees that it must switch.
final class RenditionChoices: Sendable {
    struct Choice: Sendable {
        var rendition: Rendition?
        var version = 0
    }

    private struct State {
        var request: MediaSelectionRequest
        var presentation: HLSPresentation?
        var audio = Choice()
        var subtitles = Choice()
    }

    private let state: Locked<State>

    init(request: MediaSelectionRequest) {
        state = Locked(State(request: request))
    }

    /// Resolves the request against `presentation` (once it is loaded).
    func resolve(in presentation: HLSPresentation) {
        state.withLock { state in
            state.presentation = presentation
            state.audio.rendition = state.request.rendition(for: .audible, in: presentation)
            state.subtitles.rendition = state.request.rendition(for: .legible, in: presentation)
        }
    }

    /// Records a new choice; returns whether the rendition to play changed.
    func choose(_ option: MediaSelectionOption?, for characteristic: MediaCharacteristic) -> Bool {
        state.withLock { state in
            state.request.explicit[characteristic] = .some(option)
            guard let presentation = state.presentation else { return false }
            let rendition = state.request.rendition(for: characteristic, in: presentation)
            switch characteristic {
            case .audible:
                guard rendition != state.audio.rendition else { return false }
                state.audio = Choice(rendition: rendition, version: state.audio.version + 1)
            case .legible:
                guard rendition != state.subtitles.rendition else { return false }
                state.subtitles = Choice(rendition: rendition, version: state.subtitles.version + 1)
            }
            return true
        }
    }

    /// The audio rendition chosen now.
    var audio: Choice { state.withLock { $0.audio } }
    /// The subtitle rendition chosen now.
    var subtitles: Choice { state.withLock { $0.subtitles } }
    /// The presentation the choices were resolved in.
    var presentation: HLSPresentation? { state.withLock { $0.presentation } }
    /// Whether the presentation has subtitle renditions to choose from.
    var hasLegibleGroup: Bool {
        state.withLock { state in state.presentation.map { !$0.renditions(for: .legible).isEmpty } ?? false }
    }

    /// The choices as options, for `PlayerItem.currentMediaSelection`.
    var selection: MediaSelection {
        state.withLock { state in
            MediaSelection(
                audible: state.audio.rendition.map(MediaSelectionOption.init),
                legible: state.subtitles.rendition.map(MediaSelectionOption.init))
        }
    }
}
