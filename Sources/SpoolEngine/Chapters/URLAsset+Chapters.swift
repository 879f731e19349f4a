import SpoolMedia

extension AssetProperty where Value == [TimedMetadataGroup] {
    /// The asset's chapters in start order, like `AVAsset.loadChapterMetadataGroups`: one
    /// group per chapter, its time range the chapter's and a `.title` item when it is titled.
    /// Matroska chapters and MP4 chapter lists (a QuickTime chapter track or Nero `chpl`);
    /// empty for an asset with none, and for HLS.
    public static var chapterMetadataGroups: AssetProperty<[TimedMetadataGroup]> { .init("chapterMetadataGroups") }
}

extension TimedMetadataGroup {
    /// The group for one probed chapter.
    init(_ chapter: MediaChapter) {
        self.init(
            timeRange: TimeRange(start: chapter.start, end: chapter.end),
            items: chapter.title.map { [MetadataItem(commonKey: .title, stringValue: $0)] } ?? [])
    }
}
