import Foundation
import SpoolCast
import SpoolTestSupport
import Testing

/// The discovery on virtual time: datagrams handed in, descriptions from a fake, expiry at
/// exact instants of a manual clock.
@Suite("Renderer discovery: renderers come, stay for their max-age and go, on virtual time")
struct RendererDiscoveryTests {
    struct Harness {
        let clock = ManualClock()
        let channel = FakeSSDPChannel()
        let fetcher = FakeDescriptionFetcher([CastFixtures.location: CastFixtures.description()])
        let discovery: RendererDiscovery
        var events: AsyncStream<RendererDiscovery.Event>.Iterator

        init() async throws {
            discovery = RendererDiscovery(clock: clock, channel: channel, fetcher: fetcher)
            events = discovery.events().makeAsyncIterator()
            #expect(await events.next(isolation: #isolation) == .renderers([]))
            try discovery.start()
        }

        /// The names listed by the next change of the list (ignored inputs are skipped).
        mutating func nextList() async -> [String]? {
            while let event = await events.next(isolation: #isolation) {
                if case .renderers(let list) = event { return list.map(\.name) }
            }
            return nil
        }

        mutating func nextIgnored() async -> String? {
            while let event = await events.next(isolation: #isolation) {
                if case .ignored(let text) = event { return text }
            }
            return nil
        }

        func at(_ seconds: Duration) -> ManualClock.Instant { ManualClock.Instant(offset: seconds) }
    }

    @Test func searchesAtOnceAndOnceMoreASecondLater() async throws {
        let harness = try await Harness()
        try harness.discovery.start()  // A second start does nothing: two searches in all.
        var sent = harness.channel.sent.makeAsyncIterator()
        let first = try #require(await sent.next(isolation: #isolation))
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("M-SEARCH * HTTP/1.1\r\n"))
        await harness.clock.waitForSleeper(until: harness.at(.seconds(1)))
        harness.clock.advance(by: .milliseconds(999))
        harness.clock.advance(by: .milliseconds(1))
        #expect(await sent.next(isolation: #isolation) == first)
        harness.discovery.stop()
        #expect(await sent.next(isolation: #isolation) == nil)
    }

    @Test func aRendererLeavesExactlyWhenItsMaxAgeRunsOut() async throws {
        var harness = try await Harness()
        harness.channel.deliver(CastFixtures.notify("ssdp:alive", maxAge: 30))
        #expect(await harness.nextList() == ["Test TV"])
        #expect(harness.discovery.renderers.first?.avTransport.controlURL.path() == "/upnp/control/rendertransport1")
        await harness.clock.waitForSleeper(until: harness.at(.seconds(30)))
        harness.clock.advance(by: .milliseconds(29_999))
        #expect(harness.discovery.renderers.count == 1)
        harness.clock.advance(by: .milliseconds(1))
        #expect(await harness.nextList() == [])
        #expect(harness.discovery.renderers.isEmpty)
        harness.discovery.stop()
    }

    @Test func anAnnouncementRenewsTheMaxAgeFromItsOwnTime() async throws {
        var harness = try await Harness()
        harness.channel.deliver(CastFixtures.searchResponse(maxAge: "max-age=30"))
        #expect(await harness.nextList() == ["Test TV"])
        await harness.clock.waitForSleeper(until: harness.at(.seconds(30)))
        harness.clock.advance(by: .seconds(20))
        harness.channel.deliver(CastFixtures.notify("ssdp:alive", maxAge: 30))
        await harness.clock.waitForSleeper(until: harness.at(.seconds(50)))
        harness.clock.advance(by: .seconds(10))
        #expect(harness.discovery.renderers.count == 1)
        harness.clock.advance(by: .milliseconds(19_999))
        #expect(harness.discovery.renderers.count == 1)
        harness.clock.advance(by: .milliseconds(1))
        #expect(await harness.nextList() == [])
        // Read once: a renewal of a described renderer does not fetch again.
        #expect(harness.fetcher.fetches.withLock { $0 } == 1)
        harness.discovery.stop()
    }

    @Test func byebyeRemovesAtOnceAndARendererCanComeBack() async throws {
        var harness = try await Harness()
        harness.channel.deliver(CastFixtures.notify("ssdp:alive"))
        #expect(await harness.nextList() == ["Test TV"])
        harness.channel.deliver(CastFixtures.notify("ssdp:byebye"))
        #expect(await harness.nextList() == [])
        harness.clock.advance(by: .seconds(5))
        harness.channel.deliver(CastFixtures.notify("ssdp:alive"))
        #expect(await harness.nextList() == ["Test TV"])
        #expect(harness.fetcher.fetches.withLock { $0 } == 2)
        harness.discovery.stop()
    }

    @Test func aDescriptionThatCannotBeReadIsReportedAndTriedAgainOnTheNextAnnouncement() async throws {
        var harness = try await Harness()
        harness.fetcher.documents.withLock { $0 = [:] }
        harness.channel.deliver(CastFixtures.notify("ssdp:alive"))
        #expect(
            await harness.nextIgnored()
                == "ignored renderer uuid:1234abcd at http://10.78.1.1:49494/description.xml: "
                + "device description could not be read: Connection refused")
        #expect(harness.discovery.renderers.isEmpty)
        harness.fetcher.documents.withLock { $0 = [CastFixtures.location: CastFixtures.description()] }
        harness.channel.deliver(CastFixtures.searchResponse())
        #expect(await harness.nextList() == ["Test TV"])
        harness.discovery.stop()
    }

    @Test func aDescriptionOfAnotherDeviceIsNotListed() async throws {
        var harness = try await Harness()
        harness.fetcher.documents.withLock { $0 = [CastFixtures.location: CastFixtures.description(udn: "uuid:other")] }
        harness.channel.deliver(CastFixtures.notify("ssdp:alive"))
        #expect(
            await harness.nextIgnored()?.hasSuffix("the description has no MediaRenderer device \"uuid:1234abcd\"")
                == true)
        #expect(harness.discovery.renderers.isEmpty)
        harness.discovery.stop()
    }

    @Test func hostileDatagramsAreReportedWithTheirSenderAndChangeNothing() async throws {
        var harness = try await Harness()
        harness.channel.deliver(
            CastFixtures.searchResponse(location: "http://169.254.169.254/latest/"), from: "10.78.1.1")
        #expect(
            await harness.nextIgnored()
                == "ignored an SSDP message from 10.78.1.1: LOCATION \"http://169.254.169.254/latest/\" is not on "
                + "10.78.1.1, the host that sent it")
        harness.channel.deliver(Data(repeating: 0x41, count: 70_000), from: "10.78.1.7")
        #expect(
            await harness.nextIgnored() == "ignored an SSDP message from 10.78.1.7: SSDP message larger than 8192 bytes"
        )
        #expect(harness.fetcher.fetches.withLock { $0 } == 0)
        harness.discovery.stop()
    }

    @Test func aFloodOfInventedDevicesIsCappedAt64() async throws {
        var harness = try await Harness()
        for index in 0..<65 {
            harness.channel.deliver(CastFixtures.notify("ssdp:alive", udn: "uuid:flood-\(index)"))
        }
        // The flood's descriptions (all of uuid:1234abcd) are reported too, as they fail.
        var capped: String?
        while capped == nil, let text = await harness.nextIgnored() {
            if text.contains("already tracking") { capped = text }
        }
        #expect(capped == "ignored renderer uuid:flood-64: already tracking 64 devices")
        harness.discovery.stop()
    }

    @Test func stopEndsEveryStreamAndClosesTheChannel() async throws {
        var harness = try await Harness()
        harness.discovery.stop()
        #expect(await harness.events.next(isolation: #isolation) == nil)
        #expect(harness.channel.closed.withLock { $0 })
        var late = harness.discovery.events().makeAsyncIterator()
        #expect(await late.next(isolation: #isolation) == nil)
    }
}
