import Foundation
import SpoolCast
import Testing

@Suite("Device descriptions: gmediarender's is read, hostile ones are rejected")
struct DeviceDescriptionTests {
    static func parse(_ data: Data, udn: String = CastFixtures.udn, limits: DeviceDescriptionLimits = .default)
        throws(DeviceDescriptionError) -> Renderer
    {
        try Renderer.parse(description: data, from: CastFixtures.location, udn: udn, limits: limits)
    }

    static func problem(_ data: Data, udn: String = CastFixtures.udn, limits: DeviceDescriptionLimits = .default)
        -> DeviceDescriptionError?
    {
        do {
            _ = try parse(data, udn: udn, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func gmediarendersDescriptionGivesNameServicesAndTheLargestIcon() throws {
        let renderer = try Self.parse(CastFixtures.description())
        #expect(renderer.name == "Test TV")
        #expect(renderer.udn == "uuid:1234abcd")
        #expect(renderer.descriptionURL == CastFixtures.location)
        #expect(renderer.modelName == "gmediarender")
        #expect(renderer.manufacturer == "Ivo Clarysse, Henner Zeller")
        #expect(renderer.iconURL?.absoluteString == "http://10.78.1.1:49494/upnp/grender-128x128.png")
        #expect(renderer.avTransport.serviceType == "urn:schemas-upnp-org:service:AVTransport:1")
        #expect(
            renderer.avTransport.controlURL.absoluteString == "http://10.78.1.1:49494/upnp/control/rendertransport1")
        #expect(renderer.avTransport.eventURL.absoluteString == "http://10.78.1.1:49494/upnp/event/rendertransport1")
        #expect(renderer.renderingControl.controlURL.path() == "/upnp/control/rendercontrol1")
        #expect(renderer.connectionManager.descriptionURL.path() == "/upnp/renderconnmgrSCPD.xml")
    }

    @Test func urlBaseOnTheSameHostIsHonoured() throws {
        let renderer = try Self.parse(
            CastFixtures.description(urlBase: "http://10.78.1.1:8080/base/", avTransportControl: "av"))
        #expect(renderer.avTransport.controlURL.absoluteString == "http://10.78.1.1:8080/base/av")
    }

    @Test func controlCharactersInTheNameBecomeSpaces() throws {
        let renderer = try Self.parse(CastFixtures.description(name: " Living&#9;room&#10;TV\u{85} "))
        #expect(renderer.name == "Living room TV")
    }

    @Test func anEmbeddedRendererIsFoundByItsUDN() throws {
        let embedded = String(decoding: CastFixtures.description(udn: "uuid:inner"), as: UTF8.self)
        let inner = embedded[embedded.range(of: "<device>")!.lowerBound..<embedded.range(of: "</device>")!.upperBound]
        let outer = """
            <root xmlns="urn:schemas-upnp-org:device-1-0"><device>
            <deviceType>urn:schemas-upnp-org:device:TV:1</deviceType><friendlyName>Outer</friendlyName>
            <UDN>uuid:outer</UDN><deviceList>\(inner)</deviceList></device></root>
            """
        #expect(try Self.parse(Data(outer.utf8), udn: "uuid:inner").udn == "uuid:inner")
        #expect(Self.problem(Data(outer.utf8), udn: "uuid:outer") == .noSuchRenderer(udn: "uuid:outer"))
        #expect(Self.problem(CastFixtures.description(), udn: "uuid:else") == .noSuchRenderer(udn: "uuid:else"))
    }

    @Test func externalEntitiesAndEntityExpansionAreNeverAccepted() {
        let xxe = """
            <?xml version="1.0"?><!DOCTYPE root [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <root><device><friendlyName>&x;</friendlyName></device></root>
            """
        #expect(Self.problem(Data(xxe.utf8)) == .documentTypeDeclaration)
        let laughs = "<!DOCTYPE r [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]><root>&b;</root>"
        #expect(Self.problem(Data(laughs.utf8)) == .documentTypeDeclaration)
        #expect(Self.problem(Data("<root>&b;</root>".utf8)) == .undefinedEntity("b"))
    }

    @Test func sizeDepthAndMalformedXMLAreRejected() {
        #expect(
            Self.problem(CastFixtures.description(), limits: DeviceDescriptionLimits(maxBytes: 1_000))
                == .tooLarge(limit: 1_000))
        let deep = String(repeating: "<a>", count: 20) + String(repeating: "</a>", count: 20)
        #expect(Self.problem(Data("<root>\(deep)</root>".utf8)) == .limitExceeded("elements nested deeper than 16"))
        #expect(Self.problem(Data([0x3C, 0xFF, 0x3E])) == .notUTF8)
        #expect(
            Self.problem(Data("<root><device></root>".utf8)).map { if case .xmlSyntax = $0 { true } else { false } }
                == true)
        #expect(Self.problem(Data("<html></html>".utf8)) == .notDeviceDescription("html"))
    }

    @Test func aRendererMustHaveANameAndAllThreeServices() {
        #expect(Self.problem(CastFixtures.description(name: " ")) == .missing("friendlyName"))
        #expect(
            Self.problem(CastFixtures.description(withoutRenderingControl: true)) == .missingService("RenderingControl")
        )
        #expect(Self.problem(CastFixtures.description(avTransportControl: "")) == .missing("AVTransport controlURL"))
    }

    @Test func urlsMustStayOnTheDevicesHost() {
        #expect(
            Self.problem(CastFixtures.description(avTransportControl: "http://10.0.0.9/control"))
                == .urlOutsideDevice(field: "AVTransport controlURL", value: "http://10.0.0.9/control"))
        #expect(
            Self.problem(CastFixtures.description(avTransportControl: "file:///etc/passwd"))
                == .urlOutsideDevice(field: "AVTransport controlURL", value: "file:///etc/passwd"))
        #expect(
            Self.problem(CastFixtures.description(urlBase: "http://evil.example/"))
                == .urlOutsideDevice(field: "URLBase", value: "http://evil.example/"))
    }

    @Test func anIconElsewhereIsDroppedNotFollowed() throws {
        let renderer = try Self.parse(CastFixtures.description(iconURL: "http://tracker.example/pixel.png"))
        #expect(renderer.iconURL?.absoluteString == "http://10.78.1.1:49494/upnp/grender-64x64.png")
    }
}
