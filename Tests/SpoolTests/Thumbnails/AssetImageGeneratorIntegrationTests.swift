import Foundation
import Spool
import SpoolTestSupport
import Testing

/// `AssetImageGenerator` on files against the `ffmpeg` CLI's frames.
@Suite("AssetImageGenerator (integration)", .timeLimit(.minutes(3)))
struct AssetImageGeneratorIntegrationTests {
    /// H.264 at 25 fps with B-frames and a keyframe every 12 frames (0, 0.48, 0.96, 1.44 s), 2 s.
    static func clip() async throws -> URL { try await TestMedia.url(for: .h264ShortGOPMP4) }

    static func exactGenerator(_ url: URL) -> AssetImageGenerator {
        let generator = AssetImageGenerator(asset: URLAsset(url: url))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        return generator
    }

    @Test(
        "zero tolerance gives ffmpeg -ss T's frame, pixel for pixel: start, between frames, mid-GOP, last frame",
        arguments: [
            (0.0, 0.0), (0.03, 0.04), (0.47, 0.48), (0.49, 0.52), (0.7, 0.72), (1.0, 1.0), (1.5, 1.52), (1.96, 1.96),
        ])
    func exactFrameEqualsFFmpeg(seconds: Double, expectedFrameTime: Double) async throws {
        let url = try await Self.clip()
        let image = try await Self.exactGenerator(url).image(at: ThumbnailReference.time(seconds))
        #expect(image.width == 320 && image.height == 240)
        #expect(abs(image.actualTime.seconds - expectedFrameTime) < 1e-6, "actual time \(image.actualTime.seconds)")
        let reference = try await ThumbnailReference.frame(url, at: seconds)
        #expect(reference.count == 320 * 240 * 3)
        let samePixels = ThumbnailReference.rgb(image) == reference
        #expect(samePixels, "the frame at \(seconds) s differs from ffmpeg's")
    }

    @Test("MPEG-TS (starting at 1.4 s): times count from the start; the exact frame even where the seek overshoots")
    func transportStreamExactFrame() async throws {
        let url = try await TestMedia.url(for: .h264AACTransportStream)
        for seconds in [0.0, 0.7, 1.3, 1.98] {
            let image = try await Self.exactGenerator(url).image(at: ThumbnailReference.time(seconds))
            #expect(image.actualTime >= ThumbnailReference.time(seconds))
            #expect(image.actualTime.seconds - seconds < 0.041, "actual \(image.actualTime.seconds) for \(seconds)")
            let reference = try await ThumbnailReference.frameDecodingAll(url, at: seconds, width: 320, height: 240)
            let samePixels = ThumbnailReference.rgb(image) == reference
            #expect(samePixels, "the frame at \(seconds) s differs from ffmpeg's")
        }
    }

    @Test("maximumSize fits inside keeping the aspect; pixels equal ffmpeg's scale=W:H:flags=bicubic")
    func scaledFrameEqualsFFmpeg() async throws {
        let url = try await Self.clip()
        let generator = Self.exactGenerator(url)
        generator.maximumSize = PixelSize(width: 160, height: 100)
        let image = try await generator.image(at: ThumbnailReference.time(0.7))
        #expect(image.width == 133 && image.height == 100)
        let reference = try await ThumbnailReference.frame(url, at: 0.7, scaledTo: (133, 100))
        let samePixels = ThumbnailReference.rgb(image) == reference
        #expect(samePixels)
    }

    @Test("the PNG (FFmpeg's encoder) holds exactly the image's pixels")
    func pngRoundTrip() async throws {
        let url = try await Self.clip()
        let image = try await Self.exactGenerator(url).image(at: ThumbnailReference.time(1.0))
        let path = try PlayTool.scratchPath("frame.png")
        try image.pngData().write(to: URL(fileURLWithPath: path))
        let decoded = try await ThumbnailReference.pixels(ofPNG: path)
        let same = decoded == ThumbnailReference.rgb(image)
        #expect(same)
        #expect(image.rgba.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test("infinite tolerance gives the keyframe at or before the time, decoded alone")
    func keyframeTolerance() async throws {
        let url = try await Self.clip()
        let generator = AssetImageGenerator(asset: URLAsset(url: url))
        let image = try await generator.image(at: ThumbnailReference.time(0.9))
        #expect(abs(image.actualTime.seconds - 0.48) < 1e-6, "actual time \(image.actualTime.seconds)")
        let same = ThumbnailReference.rgb(image) == (try await ThumbnailReference.frame(url, at: 0.48))
        #expect(same)
        // A tolerance of 0.1 s does not reach back to 0.48: the first frame from 0.8 s.
        generator.requestedTimeToleranceBefore = MediaTime(seconds: 0.1, preferredTimescale: 1000)
        let near = try await generator.image(at: ThumbnailReference.time(0.9))
        #expect(abs(near.actualTime.seconds - 0.8) < 1e-6, "actual time \(near.actualTime.seconds)")
    }

    @Test("between the last frame and the end (where ffmpeg writes nothing) the last frame")
    func afterTheLastFrame() async throws {
        let url = try await Self.clip()
        let image = try await Self.exactGenerator(url).image(at: ThumbnailReference.time(1.99))
        #expect(abs(image.actualTime.seconds - 1.96) < 1e-6, "actual time \(image.actualTime.seconds)")
        let samePixels = ThumbnailReference.rgb(image) == (try await ThumbnailReference.frame(url, at: 1.96))
        #expect(samePixels)
    }

    @Test("clear errors: a time past the end, an input without video, a missing file")
    func errors() async throws {
        let url = try await Self.clip()
        do {
            _ = try await Self.exactGenerator(url).image(at: ThumbnailReference.time(5))
            Issue.record("a time past the end gave an image")
        } catch {
            guard case .timeOutOfRange = error else { throw error }
            #expect(error.description.contains("outside the media"))
        }
        let audio = try await TestMedia.url(for: .flacStereo)
        await #expect(throws: ImageGenerationError.noVideo(audio)) {
            _ = try await AssetImageGenerator(asset: URLAsset(url: audio)).image(at: .zero)
        }
        let missing = URL(fileURLWithPath: try PlayTool.scratchPath("missing.mp4"))
        do {
            _ = try await AssetImageGenerator(asset: URLAsset(url: missing)).image(at: .zero)
            Issue.record("a missing file gave an image")
        } catch {
            guard case .cannotOpen(let message) = error else { throw error }
            #expect(message.contains("not found"))
        }
    }

    @Test("a batch answers in order, one result per time, failures in place")
    func batchInOrder() async throws {
        let url = try await Self.clip()
        let times = [1.5, 0.0, 9.0, 0.49].map(ThumbnailReference.time)
        var results: [ImageGenerationResult] = []
        for await result in Self.exactGenerator(url).images(for: times) { results.append(result) }
        #expect(results.map(\.requestedTime) == times)
        let actual = results.map { try? $0.result.get().actualTime.seconds }
        #expect(actual.count == 4)
        #expect(abs((actual[0] ?? -1) - 1.52) < 1e-6 && actual[1] == 0 && actual[2] == nil)
        #expect(abs((actual[3] ?? -1) - 0.52) < 1e-6)
    }

    @Test("cancelAllImageGeneration ends a long batch promptly with .cancelled")
    func cancelAll() async throws {
        let url = try await TestMedia.url(for: .lowResolution1Minute)
        let generator = Self.exactGenerator(url)
        let times = (0..<200).map { ThumbnailReference.time(Double($0) * 0.29) }
        var results: [ImageGenerationResult] = []
        for await result in generator.images(for: times) {
            results.append(result)
            if results.count == 2 { generator.cancelAllImageGeneration() }
        }
        #expect(results.count == times.count)
        let cancelled = results.dropFirst(3).filter {
            if case .failure(.cancelled) = $0.result { true } else { false }
        }
        #expect(cancelled.count == times.count - 3, "every later request is cancelled")
    }

    @Test("cancelling the awaiting task cancels the request")
    func taskCancellation() async throws {
        let url = try await TestMedia.url(for: .lowResolution1Minute)
        let generator = Self.exactGenerator(url)
        let task = Task { try await generator.image(at: ThumbnailReference.time(59)) }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("a cancelled task gave an image")
            return
        }
        #expect(error as? ImageGenerationError == .cancelled)
        // The generator still works afterwards (a new source is opened).
        let image = try await generator.image(at: ThumbnailReference.time(1))
        #expect(image.width == 160)
    }
}
