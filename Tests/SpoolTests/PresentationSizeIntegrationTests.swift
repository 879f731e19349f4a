import Foundation
import Spool
import SpoolTestSupport
import Testing

/// `PlayerItem.presentationSize` on the real engine reports the picture as shown (turned by
/// the display matrix, non-square pixels stretched), like AVPlayerItem's — for clips the
/// ffmpeg CLI made.
@MainActor
@Suite("PlayerItem.presentationSize (integration)", .serialized, .timeLimit(.minutes(3)))
struct PresentationSizeIntegrationTests {
    /// The size `url`'s item reports once ready.
    private func presentationSize(of url: URL) async throws -> (width: Int, height: Int) {
        let player = Player(configuration: EngineConfigurations.timed(video: NullVideoOutput(), audio: false))
        defer { player.replaceCurrentItem(with: nil) }
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: url)
        player.replaceCurrentItem(with: item)
        #expect(await events.wait(until: { $0.contains(.readyToPlay(itemID: item.id)) }))
        return item.presentationSize
    }

    @Test(
        "each rotation and mirror of a 320x180 clip",
        arguments: [
            (OrientedTestClips.Variant.upright, 320, 180), (.rotate90, 180, 320), (.rotate180, 320, 180),
            (.rotate270, 180, 320), (.mirrored, 320, 180), (.transposed, 180, 320),
        ])
    func rotations(variant: OrientedTestClips.Variant, width: Int, height: Int) async throws {
        let size = try await presentationSize(of: try await OrientedTestClips.url(variant))
        #expect(size.width == width && size.height == height, "\(variant): \(size)")
    }

    @Test("480x360 with 4:3 pixels is presented at 640x360; turned as well, at 360x640")
    func anamorphic() async throws {
        let plain = try await presentationSize(of: try await OrientedTestClips.anamorphic())
        #expect(plain.width == 640 && plain.height == 360)
        let turned = try await presentationSize(of: try await OrientedTestClips.anamorphic(rotated: true))
        #expect(turned.width == 360 && turned.height == 640)
    }

    @Test("without a video output the item still reports its video track's size: rotated 320x240 is 240x320")
    func withoutVideoOutput() async throws {
        // Audio only, so the item plays (nothing to play without either output).
        let player = Player(configuration: EngineConfigurations.timed(video: nil, audio: true))
        defer { player.replaceCurrentItem(with: nil) }
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: try await TestMedia.url(for: .h264RotatedMP4))
        player.replaceCurrentItem(with: item)
        #expect(await events.wait(until: { $0.contains(.readyToPlay(itemID: item.id)) }))
        #expect(item.presentationSize.width == 240 && item.presentationSize.height == 320, "\(item.presentationSize)")
    }
}
