import SpoolCore

/// The audio and subtitle tracks a file item plays, shared by the main actor (which changes
/// them with `select`) and the demux and subtitle threads (which follow them). Each change
/// bumps a version, so a thread sees that it must switch.
final class FileTrackChoices: Sendable {
    /// One characteristic's choice and how often it changed.
    struct Choice: Sendable {
        var option: MediaSelectionOption?
        var version = 0
    }

    private struct State {
        var request: MediaSelectionRequest
        var groups: [MediaSelectionGroup] = []
        var audio = Choice()
        var subtitles = Choice()

        func group(_ characteristic: MediaCharacteristic) -> MediaSelectionGroup? {
            groups.first { $0.mediaCharacteristic == characteristic }
        }
    }

    private let state: Locked<State>

    init(request: MediaSelectionRequest) {
        state = Locked(State(request: request))
    }

    /// Resolves the request against the file's tracks (once probed).
    func resolve(tracks: [AssetTrack]) {
        state.withLock { state in
            state.groups = MediaSelectionGroup.groups(ofTracks: tracks)
            state.audio.option = state.request.fileOption(for: .audible, in: state.group(.audible))
            state.subtitles.option = state.request.fileOption(for: .legible, in: state.group(.legible))
        }
    }

    /// Records a new choice; returns whether the track to play changed.
    func choose(_ option: MediaSelectionOption?, for characteristic: MediaCharacteristic) -> Bool {
        state.withLock { state in
            state.request.explicit[characteristic] = .some(option)
            let chosen = state.request.fileOption(for: characteristic, in: state.group(characteristic))
            switch characteristic {
            case .audible:
                guard chosen != state.audio.option, chosen != nil else { return false }
                state.audio = Choice(option: chosen, version: state.audio.version + 1)
            case .legible:
                guard chosen != state.subtitles.option else { return false }
                state.subtitles = Choice(option: chosen, version: state.subtitles.version + 1)
            }
            return true
        }
    }

    /// The audio track chosen now.
    var audio: Choice { state.withLock { $0.audio } }
    /// The subtitle track chosen now (`option == nil`: off).
    var subtitles: Choice { state.withLock { $0.subtitles } }
    /// Whether the file has subtitle tracks to choose from.
    var hasLegibleGroup: Bool { state.withLock { $0.group(.legible) != nil } }

    /// The choices, for `PlayerItem.currentMediaSelection`.
    var selection: MediaSelection {
        state.withLock { MediaSelection(audible: $0.audio.option, legible: $0.subtitles.option) }
    }
}

extension MediaSelectionRequest {
    /// The track to play for `characteristic` in a file's `group`: the explicit choice when it
    /// is one of the group's options (none: subtitles off, automatic audio), else
    /// `FileTrackSelector`'s rule.
    func fileOption(for characteristic: MediaCharacteristic, in group: MediaSelectionGroup?) -> MediaSelectionOption? {
        guard let group else { return nil }
        if let choice = explicit[characteristic] {
            if let option = choice, group.options.contains(option) { return option }
            if choice == nil, characteristic == .legible { return nil }
        }
        let criteria = self.criteria[characteristic]?.preferredLanguages
        switch characteristic {
        case .audible:
            return FileTrackSelector.audio(
                from: group.options, criteria: criteria, environmentLanguages: environmentLanguages)
        case .legible:
            return FileTrackSelector.legible(
                from: group.options, criteria: criteria, environmentLanguages: environmentLanguages)
        }
    }
}
