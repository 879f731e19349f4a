public import SpoolCore

extension Demuxer {
    /// Moves to the last keyframe at or before `time` (on this demuxer's timeline), so
    /// decoding from there reaches `time` exactly: an accurate seek is this plus
    /// discarding decoded frames earlier than `time`. A `time` before the first keyframe
    /// lands on the first keyframe. Decoders must be flushed after it. Throws
    /// `.notSeekable` for a one-way source, `.exit` once cancelled.
    ///
    /// A container without an index (MPEG-TS) is sought by a binary search on its
    /// timestamps, which finds a byte position, not a keyframe: the first video keyframe read
    /// from there could lie after `time` (a keyframe seek to 1.54 s showed 2.02 s, an exact
    /// one showed no frame at its target, and near the end none at all). So the packets up
    /// to the first video keyframe are read, and while that keyframe lies after `time` (or
    /// the stream ends before one) the seek goes back further, a second more each time, down
    /// to the start. The packets read at the position kept are returned by `readPacket()`
    /// before it reads on. With an index the first keyframe read is the right one: no
    /// second seek.
    ///
    /// Returns the presentation time of the video keyframe reading resumes at, when it is
    /// known (a seek lands there); `nil` without video or when no keyframe was read.
    @discardableResult
    public func seek(to time: MediaTime) throws(FFmpegError) -> MediaTime? {
        try seekContainer(to: time)
        guard let video else { return nil }
        let start = startTime.isNumeric ? startTime : MediaTime.zero
        var attempt = time
        var step = MediaTime(value: 1, timescale: 1)
        for _ in 0..<Self.keyframeSeekAttempts {
            let probe = try readToFirstKeyframe(ofStream: video.index)
            let landed: Bool
            switch probe.keyframe {
            case .at(let keyframe): landed = keyframe <= time
            case .unknown: landed = true
            case .none: landed = false
            }
            if landed || attempt <= start {
                // Gone back past the target: a later keyframe may still come before it.
                replay =
                    attempt < time
                    ? try laterKeyframe(ofStream: video.index, upTo: time, after: probe.packets) : probe.packets
                let keyframe = replay.first { $0.streamIndex == video.index && $0.isKeyframe }?.presentationTime
                return keyframe.flatMap { $0.isNumeric ? $0 : nil }
            }
            attempt = max(attempt - step, start)
            step = step + step
            try seekContainer(to: attempt)
        }
        return nil
    }

    /// How many positions a seek tries before it keeps the last one (the steps double, so
    /// this reaches back over four minutes).
    static let keyframeSeekAttempts = 9

    /// What the packets read after a seek showed of the video's first keyframe.
    enum KeyframeProbe {
        /// The first keyframe read starts here.
        case at(MediaTime)
        /// The stream ended first.
        case none
        /// Not known: no time on the keyframe, too many packets before one, or a damaged read.
        case unknown
    }

    /// After a seek that went back past `time` and found a keyframe at or before it: reads on
    /// while the video has not passed `time`, and starts the packets to replay at the last
    /// keyframe at or before it, so a keyframe seek lands on the keyframe nearest its target
    /// (not one a step earlier) and an exact one decodes no more than it must. Packets read
    /// before that keyframe are dropped, except audio that plays after it.
    private func laterKeyframe(ofStream index: Int, upTo time: MediaTime, after read: [DemuxedPacket])
        throws(FFmpegError) -> [DemuxedPacket]
    {
        var packets = read
        while packets.count < Self.keyframeProbeLimit {
            guard case .packet(let packet) = try readWhileSeeking() else { return packets }
            packets.append(packet)
            guard packet.streamIndex == index else { continue }
            let key = packet.decodeTime.isNumeric ? packet.decodeTime : packet.presentationTime
            // Decoded after `time`: every later keyframe is shown after it too.
            if key.isNumeric, key > time { return packets }
            guard packet.isKeyframe, packet.presentationTime.isNumeric, packet.presentationTime <= time else {
                continue
            }
            let keyframe = packet.presentationTime
            let last = packets.count - 1
            packets = packets.enumerated().filter { offset, earlier in
                offset == last
                    || (earlier.streamIndex != index && earlier.presentationTime.isNumeric
                        && earlier.presentationTime >= keyframe)
            }.map(\.element)
        }
        return packets
    }

    /// How many packets a seek reads looking for a keyframe before it stops looking.
    static let keyframeProbeLimit = 5_000

    /// Reads from the current position up to and including the first keyframe of stream
    /// `index`, and returns what it read.
    private func readToFirstKeyframe(ofStream index: Int) throws(FFmpegError) -> (
        packets: [DemuxedPacket], keyframe: KeyframeProbe
    ) {
        var packets: [DemuxedPacket] = []
        while packets.count < Self.keyframeProbeLimit {
            let packet: DemuxedPacket
            switch try readWhileSeeking() {
            case .packet(let read): packet = read
            case .damaged: return (packets, .unknown)
            case .end: return (packets, .none)
            }
            packets.append(packet)
            guard packet.streamIndex == index, packet.isKeyframe else { continue }
            let time = packet.presentationTime.isNumeric ? packet.presentationTime : packet.decodeTime
            return (packets, time.isNumeric ? .at(time) : .unknown)
        }
        return (packets, .unknown)
    }

    /// What one read while seeking gave.
    private enum SeekRead {
        case packet(DemuxedPacket)
        /// The stream ended.
        case end
        /// A damaged packet: met again (and skipped) when reading on, so the seek keeps what it
        /// has.
        case damaged
    }

    /// Reads one packet for a seek: cancellation (`.exit`) is thrown, any other error is
    /// `.damaged`.
    private func readWhileSeeking() throws(FFmpegError) -> SeekRead {
        do {
            return try readPacket().map(SeekRead.packet) ?? .end
        } catch {
            if error == .exit { throw error }
            return .damaged
        }
    }
}
