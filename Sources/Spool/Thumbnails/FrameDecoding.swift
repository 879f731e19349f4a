import SpoolCore
import SpoolMedia

/// The accurate-seek decode a thumbnail needs: from where the demuxer stands (a keyframe),
/// decode the video stream up to the first frame at or after a threshold, as
/// `ffmpeg -ss T -i IN -frames:v 1` chooses it (its trim keeps the first frame whose
/// timestamp is not before T rounded to the stream's ticks).
enum FrameDecoding {
    /// The first frame at or after `threshold` (on the demuxer's timeline, rounded to the
    /// stream's ticks; `nil` takes the first frame decoded), or the last frame of the stream
    /// when none is (a time between the last frame and the end). Frames shown before the
    /// threshold that nothing refers to are not decoded at all. `nil` when no frame could be
    /// decoded at all (the stream ends first, or holds no keyframe from here on).
    ///
    /// Also returns the time of the first frame decoded: later than `threshold`, the seek
    /// overshot (MPEG-TS seeks by bytes and may land on the keyframe after the target).
    static func decode(
        _ demuxer: Demuxer, _ decoder: VideoDecoder, threshold: MediaTime?, name: String
    ) throws(ImageGenerationError) -> (frame: DecodedVideoFrame, firstTime: MediaTime)? {
        var last: DecodedVideoFrame?
        var firstTime = MediaTime.invalid
        func accepts(_ frame: DecodedVideoFrame) -> Bool {
            if firstTime.isInvalid { firstTime = frame.presentationTime }
            guard let threshold else { return true }
            return frame.presentationTime.isNumeric && frame.presentationTime >= threshold
        }
        func drain() throws(ImageGenerationError) -> DecodedVideoFrame? {
            while true {
                let output: DecoderOutput<DecodedVideoFrame>
                do {
                    output = try decoder.receiveFrame()
                } catch {
                    if error.isSkippableDecodeError { continue }
                    throw .decodingFailed("\(name): cannot decode the video: \(error)")
                }
                guard case .frame(let frame) = output else { return nil }
                if accepts(frame) { return frame }
                last = frame
            }
        }
        while true {
            let packet: DemuxedPacket?
            do {
                packet = try demuxer.readPacket()
            } catch {
                if error == .exit { throw .cancelled }
                throw .decodingFailed(
                    "\(name): cannot read the media: \(demuxer.sourceError?.description ?? "\(error)")")
            }
            guard let packet else { break }
            guard packet.streamIndex == decoder.stream.index else { continue }
            if let threshold, packet.presentationTime.isNumeric {
                decoder.skipsNonReferenceFrames = packet.presentationTime < threshold
            }
            var offered = false
            while !offered {
                let input: DecoderInput
                do {
                    input = try decoder.send(packet)
                } catch {
                    // A damaged packet is skipped, as the ffmpeg CLI does.
                    guard error.isSkippableDecodeError else {
                        throw .decodingFailed("\(name): cannot decode the video: \(error)")
                    }
                    break
                }
                if input == .full {
                    if let frame = try drain() { return (frame, firstTime) }
                } else {
                    offered = true
                }
            }
            if let frame = try drain() { return (frame, firstTime) }
        }
        decoder.skipsNonReferenceFrames = false
        var ended = false
        while !ended {
            do {
                ended = try decoder.sendEndOfStream() != .full
            } catch {
                ended = true
            }
            if let frame = try drain() { return (frame, firstTime) }
        }
        return last.map { ($0, firstTime) }
    }
}
