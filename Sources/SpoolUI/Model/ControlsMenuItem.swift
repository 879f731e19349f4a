/// One row of a menu: what it says, whether it is the current choice, and what choosing it
/// asks for.
public struct ControlsMenuItem: Sendable, Equatable {
    /// The row's text.
    public let title: String
    /// Whether it is the current choice (drawn with a check mark).
    public let isSelected: Bool
    /// What choosing it asks for.
    public let action: PlayerControlsAction

    /// The rows of `menu` for `playback`: the speeds; Off then each subtitle option; each
    /// audio option; each audio output device; Auto then each quality.
    public static func items(
        of menu: ControlsMenuKind, playback: PlaybackSnapshot, speeds: [PlaybackSpeed]
    ) -> [ControlsMenuItem] {
        switch menu {
        case .speed:
            return speeds.map { speed in
                ControlsMenuItem(
                    title: speed.localizedName, isSelected: abs(speed.rate - playback.rate) < 0.001,
                    action: .setRate(speed.rate))
            }
        case .subtitles:
            let off = ControlsMenuItem(
                title: "Off", isSelected: playback.selectedSubtitleIndex == nil, action: .selectSubtitle(index: nil))
            return [off]
                + playback.subtitleOptions.enumerated().map { index, name in
                    ControlsMenuItem(
                        title: name, isSelected: playback.selectedSubtitleIndex == index,
                        action: .selectSubtitle(index: index))
                }
        case .audio:
            return playback.audioOptions.enumerated().map { index, name in
                ControlsMenuItem(
                    title: name, isSelected: playback.selectedAudioIndex == index, action: .selectAudio(index: index))
            }
        case .audioOutput:
            return playback.audioOutputs.enumerated().map { index, name in
                ControlsMenuItem(
                    title: name, isSelected: playback.selectedAudioOutputIndex == index,
                    action: .selectAudioOutput(index: index))
            }
        case .quality:
            let auto = ControlsMenuItem(
                title: "Auto", isSelected: playback.selectedQualityIndex == nil, action: .selectQuality(index: nil))
            return [auto]
                + playback.qualityOptions.enumerated().map { index, name in
                    ControlsMenuItem(
                        title: name, isSelected: playback.selectedQualityIndex == index,
                        action: .selectQuality(index: index))
                }
        }
    }
}
