import Foundation
import Spool
import SpoolTestSupport
import Testing

/// mpv's previous/next chapter rule (`mp_property_chapter`, `--chapter-seek-threshold=5`).
@Suite("Chapter navigation")
struct ChapterNavigationTests {
    let starts: [Double] = [0, 60, 130]

    @Test("the current chapter is the last one started; none before the first")
    func current() {
        #expect(ChapterNavigation.currentIndex(at: 0, starts: starts) == 0)
        #expect(ChapterNavigation.currentIndex(at: 59.999, starts: starts) == 0)
        #expect(ChapterNavigation.currentIndex(at: 60, starts: starts) == 1)
        #expect(ChapterNavigation.currentIndex(at: 500, starts: starts) == 2)
        #expect(ChapterNavigation.currentIndex(at: 1, starts: [2, 5]) == nil)
    }

    @Test("next goes to the following start; past the last, the item's end")
    func next() {
        #expect(ChapterNavigation.destination(stepping: 1, from: 10, starts: starts) == .chapter(1))
        #expect(ChapterNavigation.destination(stepping: 2, from: 10, starts: starts) == .chapter(2))
        #expect(ChapterNavigation.destination(stepping: 1, from: 130, starts: starts) == .itemEnd)
        #expect(ChapterNavigation.destination(stepping: 1, from: 1, starts: [2, 5]) == .chapter(0))
    }

    @Test("previous: more than 5 s in goes to this chapter's start, else the one before, else the item's start")
    func previous() {
        #expect(ChapterNavigation.destination(stepping: -1, from: 65, starts: starts) == .chapter(0))  // exactly 5 s in
        #expect(ChapterNavigation.destination(stepping: -1, from: 65.001, starts: starts) == .chapter(1))
        #expect(ChapterNavigation.destination(stepping: -1, from: 62, starts: starts) == .chapter(0))
        #expect(ChapterNavigation.destination(stepping: -1, from: 3, starts: starts) == .itemStart)
        #expect(ChapterNavigation.destination(stepping: -1, from: 20, starts: starts) == .chapter(0))
        #expect(ChapterNavigation.destination(stepping: -2, from: 200, starts: starts) == .chapter(1))
        #expect(ChapterNavigation.destination(stepping: -1, from: 1, starts: [2, 5]) == .itemStart)
        // A negative threshold turns the rule off, as in mpv.
        #expect(ChapterNavigation.destination(stepping: -1, from: 100, starts: starts, threshold: -1) == .chapter(0))
    }

    @Test("fewer than two chapters, or no step: nothing; set N is range-checked")
    func edges() {
        #expect(ChapterNavigation.destination(stepping: 1, from: 0, starts: [0]) == nil)
        #expect(ChapterNavigation.destination(stepping: -1, from: 10, starts: []) == nil)
        #expect(ChapterNavigation.destination(stepping: 0, from: 10, starts: starts) == nil)
        #expect(ChapterNavigation.destination(settingIndex: -1, count: 3) == .itemStart)
        #expect(ChapterNavigation.destination(settingIndex: 2, count: 3) == .chapter(2))
        #expect(ChapterNavigation.destination(settingIndex: 3, count: 3) == nil)
        #expect(ChapterNavigation.destination(settingIndex: -2, count: 3) == nil)
    }

    @Test("URLAsset loads a Matroska file's chapters as timed metadata groups with exact times and titles")
    func assetChapters() async throws {
        let asset = URLAsset(url: try await TestMedia.url(for: .chaptersMKV))
        let groups = try await asset.load(.chapterMetadataGroups)
        #expect(groups.map(\.title) == TestMedia.chapters.map(\.title))
        #expect(
            groups.map(\.timeRange.start)
                == TestMedia.chapters.map { MediaTime(value: Int64($0.startMilliseconds), timescale: 1000) })
        #expect(
            groups.map(\.timeRange.end)
                == TestMedia.chapters.map { MediaTime(value: Int64($0.endMilliseconds), timescale: 1000) })
        let plain = URLAsset(url: try await TestMedia.url(for: .h264AACMP4))
        #expect(try await plain.load(.chapterMetadataGroups).isEmpty)
    }
}

extension ChapterNavigationTests {
    @Test("the chapter last landed on counts as current though the playhead reads a hair before its start")
    func landed() {
        #expect(ChapterNavigation.currentIndex(at: 59.9995, starts: starts) == 0)
        #expect(ChapterNavigation.currentIndex(at: 59.9995, starts: starts, landedOn: 1) == 1)
        #expect(ChapterNavigation.currentIndex(at: 140, starts: starts, landedOn: 1) == 2)
        #expect(ChapterNavigation.destination(stepping: 1, from: 59.9995, starts: starts, landedOn: 1) == .chapter(2))
        #expect(ChapterNavigation.destination(stepping: -1, from: 59.9995, starts: starts, landedOn: 1) == .chapter(0))
        #expect(ChapterNavigation.currentIndex(at: 10, starts: starts, landedOn: 7) == 0)
    }
}
