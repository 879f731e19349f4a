/// One chapter of an asset (a Matroska chapter, an MP4 QuickTime chapter-track sample or
/// Nero `chpl` entry), as the container states it.
///
/// A plain value holding no container state. Times are exact in the container's own time
/// base; `end` is never before `start` (a chapter with no stated end ends where the next
/// one starts, or at the asset's end).
public struct MediaChapter: Sendable, Hashable {
    /// The chapter's title; `nil` when the container gives none.
    public var title: String?
    /// Where the chapter begins.
    public var start: MediaTime
    /// Where the chapter ends.
    public var end: MediaTime

    /// A chapter from `start` to `end` titled `title`.
    public init(title: String?, start: MediaTime, end: MediaTime) {
        self.title = title
        self.start = start
        self.end = end
    }
}
