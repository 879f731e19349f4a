import Foundation
import SpoolCore
import SpoolMedia

/// Probes a local file the way the player does: through `ByteSources.make(for:)`.
func probeFile(_ url: URL) async throws(AssetLoadError) -> ProbeResult {
    let source: any ByteSource
    do {
        source = try ByteSources.make(for: url)
    } catch {
        throw AssetLoadError(error)
    }
    return try await MediaProbe(source: source).result()
}
