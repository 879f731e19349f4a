import SpoolCore

extension ItemPlaybackEvent {
    /// The event with its times moved from the stream's timestamps onto the item's timeline,
    /// which starts at `origin` (`PipelineControlState.timelineOrigin`): what `Player`
    /// reports runs from 0 to the duration for every container.
    func onItemTimeline(from origin: MediaTime) -> ItemPlaybackEvent {
        guard origin != .zero else { return self }
        switch self {
        case .ready(var info):
            info.seekableTimeRanges = info.seekableTimeRanges.map { $0.shifted(by: -origin) }
            return .ready(info)
        case .buffer(var status):
            status.loadedTimeRanges = status.loadedTimeRanges.map { $0.shifted(by: -origin) }
            return .buffer(status)
        case .cue(var cue):
            cue.start = cue.start - origin
            cue.end = cue.end - origin
            return .cue(cue)
        default:
            return self
        }
    }
}

extension TimeRange {
    /// The same length, `offset` later.
    func shifted(by offset: MediaTime) -> TimeRange {
        TimeRange(start: start + offset, duration: duration)
    }
}
