import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// Two qualities (`step` and 2 × `step` bits per second) published twice, under "a/" and "b/", with PATHWAY-ID "a"/"b"
/// (or as plain redundant entries); segment bytes name pathway, quality and number ("a:v1/2").
private func makeRedundantLadder(segments: Int, pathwayIDs: Bool = true, step: Int = 300_000) -> InMemoryFetcher {
    let fetcher = InMemoryFetcher()
    var master = "#EXTM3U\n"
    for pathway in ["a", "b"] {
        for quality in 0..<2 {
            let pathwayAttribute = pathwayIDs ? ",PATHWAY-ID=\"\(pathway)\"" : ""
            master +=
                "#EXT-X-STREAM-INF:BANDWIDTH=\((quality + 1) * step),RESOLUTION=\(320 * (quality + 1))x180"
                + "\(pathwayAttribute)\n\(pathway)/v\(quality).m3u8\n"
            var media = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n"
            for index in 0..<segments {
                media += "#EXTINF:2.0,\ns\(quality)_\(index).ts\n"
                fetcher.set(
                    "/hls/\(pathway)/s\(quality)_\(index).ts", data: Data("\(pathway):v\(quality)/\(index)".utf8))
            }
            media += "#EXT-X-ENDLIST\n"
            fetcher.set("/hls/\(pathway)/v\(quality).m3u8", media)
        }
    }
    fetcher.set("/hls/master.m3u8", master)
    return fetcher
}

private func variants(_ master: String) throws -> [Variant] {
    let playlist = try Playlist.parse(master, url: URL(string: "http://h/master.m3u8")!)
    guard case .multivariant(let multivariant) = playlist else {
        Issue.record("not a multivariant playlist")
        return []
    }
    return multivariant.variants
}

private func notFound(_ path: String) -> ResourceFetchError {
    .failed(.notFound(URL(string: "http://127.0.0.1\(path)")!))
}

@Suite("HLS redundant streams and pathways")
struct RedundantStreamTests {
    @Test("variants equal but for URI and PATHWAY-ID are copies of one quality; pathways keep their IDs")
    func groupsByAttributes() throws {
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x180,PATHWAY-ID="a"
            a/v0.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360,PATHWAY-ID="a"
            a/v1.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x180,PATHWAY-ID="b"
            b/v0.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360,PATHWAY-ID="b"
            b/v1.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360,CODECS="hvc1.1.6.L93.B0",PATHWAY-ID="a"
            a/hevc.m3u8
            """
        let redundancy = RedundantVariants(try variants(master))
        #expect(redundancy.groups == [[0, 2], [1, 3], [4]])
        #expect(redundancy.pathways == ["a", "b"])
        #expect(redundancy.representative(of: 3) == 1)
        #expect(redundancy.hasRedundancy)
    }

    @Test("plain redundant entries (no PATHWAY-ID) form pathways by position: '.', '..'")
    func plainRedundantEntries() throws {
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=300000
            a/v0.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000
            a/v1.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=300000
            b/v0.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000
            b/v1.m3u8
            """
        let redundancy = RedundantVariants(try variants(master))
        #expect(redundancy.groups == [[0, 2], [1, 3]])
        #expect(redundancy.pathway(of: 0) == ".")
        #expect(redundancy.pathway(of: 3) == "..")
        #expect(!RedundantVariants(try variants("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nx.m3u8\n")).hasRedundancy)
    }

    @Test("a failed copy moves every quality to the other pathway, until the exclusion ends; then it stays")
    func pathwayExclusion() throws {
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=300000,PATHWAY-ID="a"
            a/v0.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000,PATHWAY-ID="a"
            a/v1.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=300000,PATHWAY-ID="b"
            b/v0.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000,PATHWAY-ID="b"
            b/v1.m3u8
            """
        var redundancy = RedundantVariants(try variants(master))
        var copy = redundancy.copy(of: 1, at: .zero)
        #expect(copy == 1)
        var hasCopy = redundancy.recordFailure(of: 1, at: .seconds(1), excludingFor: .seconds(60))
        #expect(hasCopy)
        #expect(redundancy.currentPathway == "b")
        #expect(redundancy.isPathwayExcluded("a", at: .seconds(2)))
        // The other quality moves too, though its copy on "a" never failed.
        copy = redundancy.copy(of: 0, at: .seconds(2))
        #expect(copy == 2)
        copy = redundancy.copy(of: 1, at: .seconds(2))
        #expect(copy == 3)
        // After the exclusion "a" is usable again, but "b" works: no switching back.
        #expect(!redundancy.isPathwayExcluded("a", at: .seconds(61)))
        copy = redundancy.copy(of: 1, at: .seconds(61))
        #expect(copy == 3)
        // b fails later, when a is usable again: back to a; both failing leaves no copy (the caller
        // then fails the quality over).
        hasCopy = redundancy.recordFailure(of: 3, at: .seconds(62), excludingFor: .seconds(60))
        #expect(hasCopy)
        copy = redundancy.copy(of: 1, at: .seconds(63))
        #expect(copy == 1)
        hasCopy = redundancy.recordFailure(of: 1, at: .seconds(63), excludingFor: .seconds(60))
        #expect(!hasCopy)
        copy = redundancy.copy(of: 1, at: .seconds(64))
        #expect(copy == nil)
    }

    @Test("a 404 on pathway a's segment: the same quality continues from pathway b at the same position")
    func failoverToRedundantCopy() async throws {
        for pathwayIDs in [true, false] {
            let fetcher = makeRedundantLadder(segments: 5, pathwayIDs: pathwayIDs)
            fetcher.fail("/hls/a/s1_2.ts", with: notFound("/hls/a/s1_2.ts"))
            var configuration = HLSStreamConfiguration()
            configuration.retry = RetryingFetch(attempts: 1)
            let (segments, ending) = try await drain(fetcher, configuration: configuration, startVariant: 1)
            #expect(segments == ["a:v1/0", "a:v1/1", "b:v1/2", "b:v1/3", "b:v1/4"], "PATHWAY-ID: \(pathwayIDs)")
            #expect(ending == "end")
        }
    }

    @Test("a pinned quality follows its copy to the other pathway instead of failing")
    func pinnedFollowsCopy() async throws {
        // 2 Mb/s is above the default estimate: a failover from the failed pin would pick 1 Mb/s.
        let fetcher = makeRedundantLadder(segments: 4, step: 1_000_000)
        fetcher.fail("/hls/a/s1_1.ts", with: notFound("/hls/a/s1_1.ts"))
        var configuration = HLSStreamConfiguration()
        configuration.retry = RetryingFetch(attempts: 1)
        configuration.pinnedVariant = 1
        let (segments, ending) = try await drain(fetcher, configuration: configuration, startVariant: 1)
        #expect(segments == ["a:v1/0", "b:v1/1", "b:v1/2", "b:v1/3"])
        #expect(ending == "end")
    }

    @Test("a failing media playlist on pathway a: the quality is loaded from pathway b")
    func playlistFailureMovesPathway() async throws {
        let fetcher = makeRedundantLadder(segments: 3)
        // The start variant (a's 600k) loads; a's 300k playlist is gone when ABR steps down to it.
        fetcher.fail("/hls/a/s1_1.ts", with: notFound("/hls/a/s1_1.ts"))
        fetcher.fail("/hls/b/s1_1.ts", with: notFound("/hls/b/s1_1.ts"))
        fetcher.fail("/hls/a/v0.m3u8", with: notFound("/hls/a/v0.m3u8"))
        var configuration = HLSStreamConfiguration()
        configuration.retry = RetryingFetch(attempts: 1)
        let (segments, ending) = try await drain(fetcher, configuration: configuration, startVariant: 1)
        // Both copies of 600k fail at segment 1: only then does the quality drop to 300k, from b.
        #expect(segments == ["a:v1/0", "b:v0/1", "b:v0/2"])
        #expect(ending == "end")
        #expect(fetcher.log.contains("/hls/b/s1_1.ts"))
    }

    @Test("start-up tries the start variant's redundant copy before any other quality")
    func startOrderPrefersCopies() throws {
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=300000,PATHWAY-ID="a"
            a/v0.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000,PATHWAY-ID="a"
            a/v1.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=300000,PATHWAY-ID="b"
            b/v0.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=600000,PATHWAY-ID="b"
            b/v1.m3u8
            """
        let order = StartVariantOrder.order(try variants(master))
        #expect(order == [1, 3, 0, 2])
    }
}
