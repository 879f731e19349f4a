import SpoolCore
import SpoolNetwork

extension RendererDiscovery {
    /// The product's discovery: SSDP on the machine's multicast interfaces, descriptions read
    /// with libcurl without following redirects (a description is read only from the host that
    /// announced it), expiry timed on `clock`.
    public static func onTheNetwork(clock: any Clock<Duration>) -> RendererDiscovery {
        RendererDiscovery(
            clock: clock, channel: MulticastSSDPChannel(),
            fetcher: HTTPDescriptionFetcher(transport: CurlHTTPTransport(maximumRedirects: 0)))
    }
}
