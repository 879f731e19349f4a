import SpoolCore
import SpoolOutput
import SpoolTestSupport
import Testing

/// The null output: takes every format, counts, reports each frame, refuses after stop.
struct VideoOutputNullTests {
    @Test func countsAndReportsEveryFrame() throws {
        let seen = Locked<[PixelFormat]>([])
        let output = NullVideoOutput { frame in seen.withLock { $0.append(frame.pixelFormat) } }
        #expect(output.name == "null")
        #expect(output.acceptedPixelFormats == nil, "every format, so the engine never converts for it")

        try output.present(SyntheticVideoFrame.nv12(width: 2, height: 2, color: .red))
        try output.present(
            SyntheticVideoFrame(
                width: 1, height: 1, pixelFormat: .init(rawValue: "gray"), planes: [[0]], bytesPerRow: [1]))

        #expect(output.framesPresented == 2)
        #expect(seen.withLock { $0 } == [.nv12, PixelFormat(rawValue: "gray")])
    }

    @Test func refusesFramesAfterStop() throws {
        let output = NullVideoOutput()
        try output.present(SyntheticVideoFrame.packed(width: 1, height: 1, color: .red))
        output.stop()
        output.stop()
        #expect(throws: VideoOutputError.stopped) {
            try output.present(SyntheticVideoFrame.packed(width: 1, height: 1, color: .red))
        }
        #expect(output.framesPresented == 1)
    }
}
