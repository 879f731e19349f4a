/// Where an item's pipeline is in its life. It changes only through
/// `PipelineControlState.advance(_:)`, under the control lock, along the table below; the
/// threads' other flags (`videoEnded`, `isStalled`, …) describe the current generation within
/// a phase, never the phase itself.
///
/// ```
/// probing ──probed──▶ opening ──opened──▶ running ──ended──▶ ended
///    │                  │   └──ended──────────────────────────▲ │
///    │                  │                  ▲                    │
///    │                  │                  └──generationBegan───┘
///    └──────────────────┴──── stop (from any phase) ──▶ stopped (final)
/// ```
/// A seek (`generationBegan`) before the item is open leaves it probing or opening: the
/// demuxer performs it once it opens.
enum PipelinePhase: Equatable, Sendable {
    /// `start(at:)`: the asset loads (probe, tracks, playability).
    case probing
    /// The demux thread opens the source, the decoders and the outputs.
    case opening
    /// The threads play the current generation.
    case running
    /// The current generation's end (or its failure) was reported, once; a seek plays again.
    case ended
    /// `stop()`: every thread returns, and nothing more is reported.
    case stopped
}

/// What moves a pipeline from one phase to another.
enum PipelineLifecycleEvent: Equatable, Sendable {
    /// The asset loaded and is playable: the demux thread starts.
    case probed
    /// The source and outputs are open; `.ready` is reported.
    case opened
    /// A seek (or a release's re-read) started a new generation.
    case generationBegan
    /// Every stream of the current generation reached its end, or it failed.
    case ended
    /// The player let the item go.
    case stop
}

extension PipelinePhase {
    /// The phase after `event`, or `nil` when the event does not apply in this phase (an end
    /// already reported, anything after a stop): the caller then does nothing.
    func after(_ event: PipelineLifecycleEvent) -> PipelinePhase? {
        switch (self, event) {
        case (.stopped, _): nil
        case (_, .stop): .stopped
        case (.probing, .probed): .opening
        case (.opening, .opened): .running
        case (.probing, .generationBegan), (.opening, .generationBegan): self
        case (.running, .generationBegan), (.ended, .generationBegan): .running
        case (.opening, .ended), (.running, .ended): .ended
        case (.probing, _), (.opening, _), (.running, _), (.ended, _): nil
        }
    }
}
