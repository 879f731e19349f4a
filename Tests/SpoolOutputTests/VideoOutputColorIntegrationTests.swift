import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests {
    /// Each accepted format reaches the screen as the colour it encodes: planes are handed to
    /// SDL with their strides (rows are padded, so ignoring `bytesPerRow` shows up), and YUV
    /// is converted with the right matrix.
    @Suite struct Colors {
        enum Format: String, CaseIterable, Sendable {
            case yuv420p, yuvj420p, nv12, rgba, bgra

            /// A 320x240 solid red frame in this format, rows padded by 32 bytes.
            var redFrame: SyntheticVideoFrame {
                switch self {
                case .yuv420p: .yuv420p(width: 320, height: 240, color: .red, rowPadding: 32)
                case .yuvj420p: .yuv420p(width: 320, height: 240, color: .fullRangeRed, fullRange: true, rowPadding: 32)
                case .nv12: .nv12(width: 320, height: 240, color: .red, rowPadding: 32)
                case .rgba: .packed(.rgba, width: 320, height: 240, color: .red, rowPadding: 32)
                case .bgra: .packed(.bgra, width: 320, height: 240, color: .red, rowPadding: 32)
                }
            }
        }

        @Test(arguments: Format.allCases)
        func solidRedIsShownRed(_ format: Format) async throws {
            let output = try await VideoTestWindow.open(.init(title: "red \(format.rawValue)"))
            defer { output.stop() }
            try output.present(format.redFrame)
            let snapshot = try await output.snapshotRGBA()

            #expect(snapshot.width == 320 && snapshot.height == 240, "the window takes the frame's size")
            VideoTestWindow.expectUniform(snapshot, is: .red)
        }

        /// yuvj420p's luma spans 0...255 and yuv420p's 16...235: the same Y shows differently,
        /// so a wrong matrix is visible on a light grey (200 full range; 214 limited range).
        @Test func fullAndLimitedRangeUseTheirOwnMatrices() async throws {
            let output = try await VideoTestWindow.open(.init(title: "range"))
            defer { output.stop() }
            let grey = SyntheticColor(red: 200, green: 200, blue: 200, y: 200, u: 128, v: 128)
            let limitedGrey = SyntheticColor(red: 214, green: 214, blue: 214, y: 200, u: 128, v: 128)

            try output.present(SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: grey, fullRange: true))
            VideoTestWindow.expectPixel(try await output.snapshotRGBA(), 160, 120, is: grey, tolerance: 6)
            try output.present(SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: grey))
            VideoTestWindow.expectPixel(try await output.snapshotRGBA(), 160, 120, is: limitedGrey, tolerance: 6)
        }
    }
}
