import Foundation
import Spool

/// `spool thumbnail`: writes PNG pictures of a video's frames (`AssetImageGenerator`, PNG by
/// FFmpeg's encoder), each file opened in place.
///
/// Exit status 0 when every picture was written; 1 with one `spool: <message>` line for an
/// input that cannot be read, has no video, or a time past its end; 2 for a usage error.
enum ThumbnailCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        if PlayArguments.asksForHelp(arguments) {
            print(ThumbnailOptions.usage)
            return 0
        }
        let options: ThumbnailOptions
        do {
            options = try ThumbnailOptions.parse(arguments)
        } catch {
            StandardError.report("thumbnail: \(error.description)\nusage: \(ThumbnailOptions.usage)")
            return 2
        }
        let asset = URLAsset(url: ProbeCommand.location(of: options.input))
        let duration: MediaTime
        do {
            duration = try await asset.load(.duration)
        } catch {
            StandardError.report("thumbnail: \(error)")
            return 1
        }
        let times: [Double]
        switch options.schedule {
        case .at(let seconds):
            if duration.isNumeric, seconds >= duration.seconds, seconds > 0 {
                StandardError.report(
                    "thumbnail: --at \(seconds) is past the end of \(asset.url.redactedForDisplay) "
                        + "(\(String(format: "%.3f", duration.seconds)) s)")
                return 1
            }
            times = [seconds]
        case .every(let step):
            guard duration.isNumeric else {
                StandardError.report("thumbnail: --every needs a stream with a duration, not a live one")
                return 1
            }
            times = stride(from: 0.0, to: max(duration.seconds, Double.ulpOfOne), by: step).map { $0 }
        }

        let generator = AssetImageGenerator(asset: asset)
        generator.maximumSize = options.maximumSize
        var filters = FilterSettings()
        filters.video = options.videoFilters
        generator.videoFilterChain = filters.videoChain
        if !options.isFast {
            generator.requestedTimeToleranceBefore = .zero
            generator.requestedTimeToleranceAfter = .zero
        }
        var number = 0
        for await answer in generator.images(for: times.map { MediaTime(seconds: $0, preferredTimescale: 1_000_000) }) {
            number += 1
            let path = options.output.name(for: number)
            do {
                let image = try answer.result.get()
                let png = try PNGWriter.write(image, to: path)
                StandardError.write(
                    "spool: thumbnail \(number)/\(times.count): \(String(format: "%.3f", image.actualTime.seconds)) s "
                        + "\(image.width)x\(image.height) → \(path) (\(png) bytes)\n")
            } catch {
                StandardError.report("thumbnail: \(error)")
                generator.cancelAllImageGeneration()
                return 1
            }
        }
        return 0
    }
}
