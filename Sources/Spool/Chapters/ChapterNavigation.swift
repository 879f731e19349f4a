/// Previous/next chapter as mpv does it (`add chapter ±1`, PgDn/PgUp; mpv's `mp_property_chapter`):
/// one rule for the terminal's keys, the window's, the IPC and the on-screen controls.
///
/// - The current chapter is the last one starting at or before the playhead; before the
///   first chapter there is none (mpv's chapter -1).
/// - Going back more than `seekBackThreshold` seconds into a chapter (mpv's
///   `--chapter-seek-threshold`, 5 s) goes to that chapter's own start; otherwise to the one
///   before it, and from the first chapter (or before it) to the start of the item.
/// - Going forward past the last chapter leaves the item (mpv plays the next entry).
/// - With fewer than two chapters nothing happens, as in mpv.
public enum ChapterNavigation {
    /// mpv's default `--chapter-seek-threshold`, in seconds.
    public static let seekBackThreshold: Double = 5

    /// Where a chapter step lands.
    public enum Destination: Sendable, Hashable {
        /// The start of the chapter at this index.
        case chapter(Int)
        /// The start of the item (a step back from the first chapter).
        case itemStart
        /// Past the last chapter: the end of the item.
        case itemEnd
    }

    /// The index of the chapter playing at `time` (seconds), given the chapters' starts in
    /// order; `nil` before the first chapter or when there are none.
    ///
    /// `landedOn` is the chapter the last chapter step went to (mpv's `last_chapter_seek`):
    /// the current chapter is never before it, so a playhead reported a hair before the start
    /// it landed on (an audio frame's rounding) still counts as that chapter.
    public static func currentIndex(at time: Double, starts: [Double], landedOn: Int? = nil) -> Int? {
        let playing = starts.lastIndex { $0 <= time }
        guard let landedOn, starts.indices.contains(landedOn) else { return playing }
        return max(playing ?? -1, landedOn)
    }

    /// Where stepping `step` chapters (negative: back) from `time` lands; `nil` when there are
    /// fewer than two chapters or `step` is 0. `landedOn` as in `currentIndex`.
    public static func destination(
        stepping step: Int, from time: Double, starts: [Double], landedOn: Int? = nil,
        threshold: Double = seekBackThreshold
    ) -> Destination? {
        guard starts.count >= 2, step != 0 else { return nil }
        let current = currentIndex(at: time, starts: starts, landedOn: landedOn) ?? -1
        var step = step
        if step < 0, current >= 0, threshold >= 0, time - starts[current] > threshold { step += 1 }
        let target = max(current + step, -1)
        if target >= starts.count { return .itemEnd }
        return target < 0 ? .itemStart : .chapter(target)
    }

    /// Where setting the chapter to `index` lands (mpv's `set chapter N`): `-1` is the item's
    /// start; `nil` for an index outside `-1..<count`.
    public static func destination(settingIndex index: Int, count: Int) -> Destination? {
        guard (-1..<count).contains(index) else { return nil }
        return index < 0 ? .itemStart : .chapter(index)
    }
}

extension Array where Element == TimedMetadataGroup {
    /// The chapters' starts in seconds, for `ChapterNavigation`.
    public var chapterStarts: [Double] { map(\.timeRange.start.seconds) }
}
