import Foundation
import SpoolCast
import Testing

@Suite("SSDP datagrams: what gmediarender sends is read, hostile ones are rejected")
struct SSDPMessageTests {
    static func announcement(_ data: Data, source: String = CastFixtures.source) throws -> SSDPAnnouncement? {
        try SSDPAnnouncement.read(SSDPMessage.parse(data), source: source)
    }

    static func problem(_ data: Data, source: String = CastFixtures.source) -> SSDPParseError? {
        do throws(SSDPParseError) {
            _ = try SSDPAnnouncement.read(SSDPMessage.parse(data), source: source)
            return nil
        } catch {
            return error
        }
    }

    @Test func searchResponseIsAnAliveWithItsLocationAndMaxAge() throws {
        let read = try Self.announcement(CastFixtures.searchResponse())
        #expect(read == .alive(udn: "uuid:1234abcd", location: CastFixtures.location, maxAge: .seconds(1800)))
    }

    @Test func notifyAliveAndByebye() throws {
        #expect(
            try Self.announcement(CastFixtures.notify("ssdp:alive", maxAge: 30))
                == .alive(udn: "uuid:1234abcd", location: CastFixtures.location, maxAge: .seconds(30)))
        #expect(try Self.announcement(CastFixtures.notify("ssdp:byebye")) == .byebye(udn: "uuid:1234abcd"))
    }

    @Test func bareLineFeedsAndHeaderCaseAreAccepted() throws {
        let text =
            "http/1.1 200 OK\nst: urn:schemas-upnp-org:device:MediaRenderer:2\nusn: uuid:x\n"
            + "Cache-Control: no-cache, max-age = 60\nLocation: http://10.78.1.1/d.xml\n\n"
        #expect(
            try Self.announcement(Data(text.utf8))
                == .alive(udn: "uuid:x", location: URL(string: "http://10.78.1.1/d.xml")!, maxAge: .seconds(60)))
    }

    @Test func otherDevicesSearchesAndUpdatesAreNotAboutRenderers() throws {
        #expect(try Self.announcement(CastFixtures.searchResponse(st: "upnp:rootdevice")) == nil)
        #expect(
            try Self.announcement(CastFixtures.searchResponse(st: "urn:schemas-upnp-org:device:MediaServer:1")) == nil)
        #expect(
            try Self.announcement(CastFixtures.searchResponse(st: "urn:schemas-upnp-org:device:MediaRenderer:0")) == nil
        )
        #expect(try Self.announcement(SSDPSearch.datagram()) == nil)
        #expect(try Self.announcement(CastFixtures.notify("ssdp:update")) == nil)
    }

    @Test func ourSearchIsAWellFormedMSearch() throws {
        let message = try SSDPMessage.parse(SSDPSearch.datagram(maxWait: 9))
        #expect(message.kind == .search)
        #expect(message.header("st") == "urn:schemas-upnp-org:device:MediaRenderer:1")
        #expect(message.header("MX") == "5")
        #expect(message.header("MAN") == "\"ssdp:discover\"")
    }

    @Test func oversizedDatagramsLinesAndHeaderCountsAreRejected() {
        let padding = String(repeating: "a", count: 9_000)
        #expect(Self.problem(CastFixtures.searchResponse(extra: ["X-Pad: \(padding)"])) == .tooLarge(limit: 8_192))
        let long = String(repeating: "b", count: 1_100)
        #expect(Self.problem(CastFixtures.searchResponse(extra: ["X-Long: \(long)"])) == .lineTooLong(limit: 1_024))
        let many = (0..<40).map { "X-H\($0): v" }
        #expect(Self.problem(CastFixtures.searchResponse(extra: many)) == .tooManyHeaders(limit: 32))
    }

    @Test func bytesThatAreNotTextAreRejected() {
        #expect(Self.problem(Data([0x48, 0x54, 0xFF, 0xFE, 0x0D, 0x0A])) == .notText)
        #expect(Self.problem(CastFixtures.searchResponse(extra: ["X-Nul: a\u{0}b"])) == .notText)
        #expect(Self.problem(CastFixtures.searchResponse(extra: ["X-Bell: \u{7}"])) == .notText)
    }

    @Test func malformedStartLinesAndHeadersAreRejected() {
        #expect(Self.problem(Data()) == .unknownStartLine(""))
        #expect(Self.problem(Data("GET / HTTP/1.1\r\n\r\n".utf8)) == .unknownStartLine("GET / HTTP/1.1"))
        #expect(
            Self.problem(Data("HTTP/1.1 404 Not Found\r\n\r\n".utf8)) == .unknownStartLine("HTTP/1.1 404 Not Found"))
        #expect(
            Self.problem(CastFixtures.searchResponse(extra: ["no colon here"])) == .malformedHeader("no colon here"))
        #expect(Self.problem(CastFixtures.searchResponse(extra: ["Bad Name: x"])) == .malformedHeader("Bad Name: x"))
    }

    @Test func fieldsTheAnnouncementNeedsMustBeThereOnceAndValid() {
        #expect(Self.problem(CastFixtures.searchResponse(extra: ["USN: uuid:other"])) == .duplicateHeader("USN"))
        #expect(
            Self.problem(CastFixtures.searchResponse(extra: ["location: http://10.78.1.1/x"]))
                == .duplicateHeader("LOCATION"))
        #expect(Self.problem(CastFixtures.searchResponse(location: "")) == .missingHeader("LOCATION"))
        #expect(Self.problem(CastFixtures.searchResponse(usn: "1234::x")) == .invalidUSN("1234::x"))
        #expect(Self.problem(CastFixtures.searchResponse(usn: "uuid:")) == .invalidUSN("uuid:"))
        for maxAge in ["max-age=0", "max-age=86401", "max-age=abc", "no-cache", "max-age=-5"] {
            #expect(Self.problem(CastFixtures.searchResponse(maxAge: maxAge)) == .invalidMaxAge(maxAge))
        }
        for location in ["https://10.78.1.1/d.xml", "file:///etc/passwd", "/description.xml", "http://u:p@10.78.1.1/"] {
            #expect(Self.problem(CastFixtures.searchResponse(location: location)) == .invalidLocation(location))
        }
    }

    @Test func aLocationOnAnotherHostIsNeverFollowed() {
        let elsewhere = "http://169.254.169.254/latest/meta-data/"
        #expect(
            Self.problem(CastFixtures.searchResponse(location: elsewhere))
                == .locationElsewhere(location: elsewhere, source: CastFixtures.source))
        #expect(
            Self.problem(CastFixtures.searchResponse(), source: "10.78.1.9")
                == .locationElsewhere(location: CastFixtures.location.absoluteString, source: "10.78.1.9"))
    }

    @Test func errorsReadAsOneShortLine() {
        let hostile = String(repeating: "\u{1B}[31m", count: 50)
        let text = SSDPParseError.unknownStartLine(hostile).description
        #expect(!text.contains("\u{1B}"))
        #expect(text.count < 140)
        #expect(
            SSDPParseError.locationElsewhere(location: "http://a/", source: "b").description
                == "LOCATION \"http://a/\" is not on b, the host that sent it")
    }
}
