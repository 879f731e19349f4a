import Foundation
import SpoolCore

/// Test audio: interleaved sines, a different amplitude per channel so a swapped or dropped
/// channel shows up in comparisons.
enum SineWave {
    /// `frameCount` frames of a `frequency` Hz sine in `format`, starting at phase 0;
    /// channel `c` has amplitude `0.5 / (c + 1)`.
    static func samples(frequency: Double, format: AudioFormat, frameCount: Int) -> [Float] {
        var samples: [Float] = []
        samples.reserveCapacity(frameCount * format.channelCount)
        for frame in 0..<frameCount {
            let value = sin(2 * Double.pi * frequency * Double(frame) / Double(format.sampleRate))
            for channel in 0..<format.channelCount {
                samples.append(Float(value * 0.5 / Double(channel + 1)))
            }
        }
        return samples
    }

    /// `samples` cut into buffers of the given frame counts, cycling through `chunkFrames`,
    /// each stamped with its media time.
    static func buffers(_ samples: [Float], format: AudioFormat, chunkFrames: [Int]) -> [PCMBuffer] {
        var buffers: [PCMBuffer] = []
        var frame = 0
        let totalFrames = samples.count / format.channelCount
        var chunkIndex = 0
        while frame < totalFrames {
            let count = min(chunkFrames[chunkIndex % chunkFrames.count], totalFrames - frame)
            let slice = samples[(frame * format.channelCount)..<((frame + count) * format.channelCount)]
            buffers.append(
                PCMBuffer(
                    format: format, samples: Array(slice),
                    presentationTime: MediaTime(value: Int64(frame), timescale: Int32(format.sampleRate))))
            frame += count
            chunkIndex += 1
        }
        return buffers
    }
}
