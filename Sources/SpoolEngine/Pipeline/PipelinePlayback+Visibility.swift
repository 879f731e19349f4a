import SpoolCore

extension PipelinePlayback {
    /// Follows whether the video output shows video, into `PipelineControlState.isVideoShown`
    /// (the video decode thread idles while it does not). Returns what unregisters, or `nil`
    /// when the output cannot tell (it is then always taken as shown).
    func observeVideoVisibility() -> (@Sendable () -> Void)? {
        guard let output = configuration.videoOutput as? any VisibilityReportingVideoOutput else { return nil }
        let control = control
        // Both read the output's newest state inside the control's lock (the output publishes its
        // state before it calls observers), so whichever runs last writes the newest value.
        let token = output.addShowingVideoObserver { _ in control.update { $0.isVideoShown = output.isShowingVideo } }
        control.update { $0.isVideoShown = output.isShowingVideo }
        return { output.removeShowingVideoObserver(token) }
    }
}
