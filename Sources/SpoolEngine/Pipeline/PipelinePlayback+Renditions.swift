import Foundation
import SpoolCore
import SpoolHLS
import SpoolMedia

/// Alternate renditions and subtitles: the demux thread opens the chosen audio rendition next
/// to the variant, a subtitle thread delivers cues, and `select` switches either while playing.
extension PipelinePlayback {
    /// What the subtitle thread will read.
    enum SubtitlePlan {
        case none
        /// A sidecar file's cues, on the item's timeline.
        case sidecar([LegibleCue])
        /// An HLS presentation's subtitle renditions, placed with this timeline.
        case renditions(SubtitleTimeline)
        /// The subtitle tracks of the item's own file, and the closed captions of its video.
        case embedded
    }

    /// Resolves the item's selection against `presentation` and, when it has alternate audio,
    /// wraps `main` so audio comes from the chosen rendition's own stream.
    func withRenditions(_ main: HLSPacketSource, presentation: HLSPresentation) throws(PacketSourceFailure)
        -> any PacketSource
    {
        choices.resolve(in: presentation)
        running.withLock {
            $0.subtitleTimeline = SubtitleTimeline(playlistToMedia: main.offset, reference: main.startTime)
        }
        continuation.yield(.mediaSelection(choices.selection))
        // Without an audio output, an audio rendition would be fetched for nothing.
        guard sharedAudio != nil, !presentation.renditions(for: .audible).isEmpty else { return main }
        let opener = renditionOpener(for: presentation)
        let choice = choices.audio
        let playhead = playheadReader
        var audio: RenditionAudio?
        if let url = choice.rendition?.uri {
            audio = try opener.openAudio(url, at: nil, playhead: playhead)
        }
        return RenditionPacketSource(
            main: main, audioStream: audio, audioVersion: choice.version, choices: choices, opener: opener,
            playhead: playhead)
    }

    /// The subtitle plan for the item: its sidecar file (parsed now, so a bad file fails the
    /// item before it plays, naming the file), else its subtitle renditions. `nil` when the
    /// item failed.
    func prepareSubtitles(mediaStart: MediaTime) -> SubtitlePlan? {
        let plan: SubtitlePlan
        if let url = externalSubtitleURL {
            do throws(PlaybackError) {
                let offset = mediaStart.isNumeric ? mediaStart : .zero
                plan = .sidecar(try SidecarCueFeed.load(url).map { LegibleCue($0, offset: offset) })
            } catch {
                fail(error)
                return nil
            }
        } else if choices.hasLegibleGroup, let timeline = running.withLock({ $0.subtitleTimeline }) {
            plan = .renditions(timeline)
        } else if !asset.isHLS, trackChoices.hasLegibleGroup {
            plan = .embedded
        } else {
            return SubtitlePlan.none
        }
        // Set before any worker starts, so no stream can end the item ahead of its cues.
        if configuration.isUntimed { control.update { $0.endWaitsForSubtitles = true } }
        return plan
    }

    /// Starts the subtitle thread for `plan`; cues go out on the item timeline that starts at
    /// `origin`. Untimed, cues go out as soon as they are read and the item's end waits for
    /// the last of them. An HLS CLOSED-CAPTIONS rendition is read from `captionTap`.
    func startSubtitles(
        _ plan: SubtitlePlan, mediaStart: MediaTime, origin: MediaTime, events: PipelineEvents,
        captionTap: CaptionTap? = nil
    ) {
        let makeFeed: SubtitleLoop.MakeFeed
        let choice: (@Sendable () -> SubtitleLoop.SubtitleChoice)?
        switch plan {
        case .none:
            return
        case .sidecar(let cues):
            makeFeed = { _, _ in SidecarCueFeed(cues: cues) }
            choice = nil
        case .renditions(let timeline):
            guard let presentation = choices.presentation else { return }
            let opener = renditionOpener(for: presentation)
            let playhead = playheadReader
            let control = control
            makeFeed = { choice, time in
                if choice.option?.isClosedCaptions == true, let captionTap {
                    return try? ClosedCaptionTapFeed(tap: captionTap, generation: control.generation)
                }
                guard let url = choice.option?.playlistURL else { return nil }
                do throws(PacketSourceFailure) {
                    return try HLSSubtitleFeed(
                        url: url, timeline: timeline, at: time, opener: opener, playhead: playhead)
                } catch {
                    return nil
                }
            }
            choice = { [choices] in
                let current = choices.subtitles
                return .init(option: current.rendition.map(MediaSelectionOption.init), version: current.version)
            }
        case .embedded:
            let url = asset.url
            let cancels = cancels
            makeFeed = { choice, time in
                guard let option = choice.option, let index = option.trackID else { return nil }
                if option.isClosedCaptions {
                    return try? ClosedCaptionCueFeed(url: url, videoStreamIndex: index, at: time, cancels: cancels)
                }
                return try? EmbeddedCueFeed(url: url, streamIndex: index, at: time, cancels: cancels)
            }
            choice = { [trackChoices] in
                let current = trackChoices.subtitles
                return .init(option: current.option, version: current.version)
            }
        }
        var untimedDone: (@Sendable (Int) -> Void)?
        if configuration.isUntimed {
            untimedDone = { generation in events.subtitlesDone(generation: generation) }
        }
        let continuation = continuation
        let loop = SubtitleLoop(
            control: control, clock: clock, choice: choice, makeFeed: makeFeed,
            deliver: { cue in continuation.yield(ItemPlaybackEvent.cue(cue).onItemTimeline(from: origin)) },
            untimedDone: untimedDone)
        startThread("spool-subtitles") { loop.run(mediaStart: mediaStart) }
    }

    /// Switches a rendition while playing: a new audio rendition is opened by a seek to the
    /// current position (so audio and video stay in sync); the subtitle thread follows the
    /// new subtitle choice by itself.
    package func select(_ option: MediaSelectionOption?, for characteristic: MediaCharacteristic) {
        if !asset.isHLS {
            selectTrack(option, for: characteristic)
            return
        }
        guard choices.choose(option, for: characteristic) else { return }
        continuation.yield(.mediaSelection(choices.selection))
        if characteristic == .audible {
            let now = currentTime()
            seek(to: now, toleranceBefore: .zero, toleranceAfter: .zero, id: Self.renditionSwitchSeekID)
        } else {
            control.update { _ in }  // wakes an idle subtitle thread
        }
    }

    /// Switches a file's track while playing: the demux thread switches audio by itself
    /// (`PipelineControlState.pendingAudioSwitch`), the subtitle thread follows the new
    /// subtitle choice.
    private func selectTrack(_ option: MediaSelectionOption?, for characteristic: MediaCharacteristic) {
        guard trackChoices.choose(option, for: characteristic) else { return }
        continuation.yield(.mediaSelection(trackChoices.selection))
        let audio = trackChoices.audio
        control.update { state in
            if characteristic == .audible, let index = audio.option?.trackID {
                state.pendingAudioSwitch = AudioSwitchRequest(streamIndex: index, version: audio.version)
            }
        }
    }

    /// The seek ID of rendition switches: no Player seek has it, so its completion is ignored.
    static var renditionSwitchSeekID: Int { -1 }

    private var playheadReader: @Sendable () -> MediaTime {
        let clock = clock
        return { clock.mediaTimeNow }
    }

    private func renditionOpener(for presentation: HLSPresentation) -> HLSRenditionOpener {
        HLSRenditionOpener(
            configuration: hlsConfiguration, keyProvider: contentKeyProvider,
            importedDefinitions: presentation.multivariant?.definitions, cancels: cancels, itemName: itemName,
            engineClock: clock.host, makeFetcher: asset.makeResourceFetcher)
    }
}
