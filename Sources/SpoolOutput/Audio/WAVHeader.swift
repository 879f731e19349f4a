internal import SpoolCore

/// The 58-byte header of a WAV file of 32-bit IEEE float samples.
///
/// Layout: `RIFF` chunk, `fmt ` chunk of 18 bytes (WAVEFORMATEX with `wFormatTag` 3 =
/// WAVE_FORMAT_IEEE_FLOAT and `cbSize` 0), a `fact` chunk with the frame count (required
/// for non-PCM formats), then the `data` chunk's header; the samples follow. All fields are
/// little-endian. The sizes are only known at the end, so the file is written with zero
/// sizes first and the header is rewritten in place (`WAVFileOutput`).
struct WAVHeader: Equatable {
    /// The header's size: where the samples begin.
    static let byteCount = 58
    /// The largest data size the 32-bit RIFF size fields can describe.
    static let maximumDataByteCount = Int(UInt32.max) - (byteCount - 8)

    /// The samples' layout.
    let format: AudioFormat
    /// Frames in the data chunk.
    let frameCount: Int

    /// Bytes per frame.
    var blockAlign: Int { format.channelCount * 4 }

    /// Bytes in the data chunk.
    var dataByteCount: Int { frameCount * blockAlign }

    /// The header bytes. Sizes beyond the 32-bit fields are clamped (the writer refuses to
    /// grow a file that far).
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount)
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(clamping: value).littleEndian) { bytes += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(clamping: value).littleEndian) { bytes += $0 } }

        append("RIFF")
        append32(Self.byteCount - 8 + dataByteCount)
        append("WAVE")
        append("fmt ")
        append32(18)
        append16(3)  // WAVE_FORMAT_IEEE_FLOAT
        append16(format.channelCount)
        append32(format.sampleRate)
        append32(format.sampleRate * blockAlign)  // bytes per second
        append16(blockAlign)
        append16(32)  // bits per sample
        append16(0)  // cbSize: no extension
        append("fact")
        append32(4)
        append32(frameCount)  // frames ("samples per channel")
        append("data")
        append32(dataByteCount)
        return bytes
    }
}
