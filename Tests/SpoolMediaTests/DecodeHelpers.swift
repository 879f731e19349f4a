import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport

/// Collects what a `FrameMD5Writer` hands its sink, from whichever thread it writes.
final class TextCollector: Sendable {
    private let data = Locked(Data())

    /// The sink to give the writer.
    var sink: @Sendable (Data) -> Void { { chunk in self.data.withLock { $0.append(chunk) } } }

    /// Everything written so far, as UTF-8 text.
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}

/// The video feed loop an engine's decode thread runs, for tests: packets of the decoder's
/// stream go in, frames come out to `body` until it returns `false` or the stream ends.
/// Like `ffmpeg`, it skips packets the decoder rejects, and a read error ends the input
/// like the end of the stream does (the frames the decoder holds still come out) and is
/// rethrown after them. Blocking: call it on a dedicated thread only.
func forEachVideoFrame(
    _ demuxer: Demuxer, _ decoder: VideoDecoder, _ body: (DecodedVideoFrame) throws -> Bool
) throws {
    /// Receives until the decoder wants input (`true`) or the loop must end (`false`).
    func drain() throws -> Bool {
        while true {
            switch try decoder.receiveFrame() {
            case .frame(let frame): if try !body(frame) { return false }
            case .needsInput: return true
            case .endOfStream: return false
            }
        }
    }
    var readError: FFmpegError?
    while true {
        let packet: DemuxedPacket?
        do {
            packet = try demuxer.readPacket()
        } catch {
            readError = error
            break
        }
        guard let packet else { break }
        guard packet.streamIndex == decoder.stream.index else { continue }
        var input = DecoderInput.full
        while input == .full {
            do {
                input = try decoder.send(packet)
            } catch {
                // A packet the decoder rejects (a cut one, say) is skipped, as ffmpeg does.
                input = .accepted
            }
            guard try drain() else { return }
        }
    }
    while try decoder.sendEndOfStream() == .full {
        guard try drain() else { return }
    }
    _ = try drain()
    if let readError { throw readError }
}

/// Opens a demuxer on a local file.
func openDemuxer(_ url: URL, canceller: Demuxer.Canceller = .init()) throws -> Demuxer {
    try Demuxer(source: FileByteSource(url: url), canceller: canceller)
}

/// What `FrameMD5Writer` writes for every frame of `url`'s video, decoded with `threadCount`.
func frameMD5(of url: URL, threadCount: Int) async throws -> String {
    try await runOnDedicatedThread { () throws -> String in
        let demuxer = try openDemuxer(url)
        guard let stream = demuxer.video else { throw ToolError(description: "\(url.path) has no video") }
        let collector = TextCollector()
        let writer = try FrameMD5Writer(stream: stream, containerStartTime: demuxer.startTime, sink: collector.sink)
        let decoder = try VideoDecoder(stream: stream, threadCount: threadCount)
        try forEachVideoFrame(demuxer, decoder) { frame in
            try writer.present(frame)
            return true
        }
        writer.stop()
        return collector.text
    }
}

/// What `ffmpeg <inputOptions> -i url -map 0:v:0 <outputOptions> -f framemd5 -` writes.
func ffmpegFrameMD5(of url: URL, inputOptions: [String] = [], outputOptions: [String] = []) async throws -> String {
    let ffmpeg = try ToolRunner.find("ffmpeg")
    let arguments =
        ["-nostdin", "-hide_banner", "-loglevel", "error"] + inputOptions + ["-i", url.path, "-map", "0:v:0"]
        + outputOptions + ["-f", "framemd5", "-"]
    let result = try await ToolRunner.run(ffmpeg, arguments)
    guard result.status == 0 else { throw ToolError(description: "ffmpeg failed: \(result.errorText)") }
    return result.outputText
}

/// The hash column of framemd5 text, one entry per frame line.
func hashColumn(_ text: String) -> [String] {
    text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
        $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
