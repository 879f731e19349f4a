import Foundation
import SpoolCore
import SpoolMedia

/// The packet source of an HLS item whose audio comes from an alternate rendition: video (and
/// anything else) from the variant's stream, audio from the rendition's own segment stream,
/// merged in decoding-time order so the two packet queues fill evenly and stay in sync.
///
/// The variant's own audio, if it carries any, is dropped while a rendition plays. A new audio
/// choice is picked up at the next seek (`PipelinePlayback.select` makes one to the current
/// position): the new rendition's stream opens at the target and its stream change goes down
/// the audio queue. Variant switches happen inside `main` and never touch the audio stream.
/// Used on the demux thread only.
final class RenditionPacketSource: PacketSource {
    private let main: HLSPacketSource
    private var audioStream: RenditionAudio?
    private var audioVersion: Int
    private let choices: RenditionChoices
    private let opener: HLSRenditionOpener
    private let playhead: @Sendable () -> MediaTime
    private var pendingMain: DemuxedPacket?
    private var pendingAudio: DemuxedPacket?
    private var mainEnded = false
    private var audioEnded = false
    private var queued: [PacketSourceRead] = []
    private let audioBytes: AudioByteCount

    let video: MediaStreamInfo?
    let audio: MediaStreamInfo?
    let bytesTransferred: @Sendable () -> Int64

    /// Merges `main` with `audioStream` (the rendition `choices.audio` named at `audioVersion`).
    init(
        main: HLSPacketSource, audioStream: RenditionAudio?, audioVersion: Int, choices: RenditionChoices,
        opener: HLSRenditionOpener, playhead: @escaping @Sendable () -> MediaTime
    ) {
        self.main = main
        self.audioStream = audioStream
        self.audioVersion = audioVersion
        self.choices = choices
        self.opener = opener
        self.playhead = playhead
        video = main.video
        audio = audioStream?.source.audio ?? main.audio
        let mainBytes = main.bytesTransferred
        let audioBytes = AudioByteCount(current: audioStream?.source.bytesTransferred)
        self.audioBytes = audioBytes
        bytesTransferred = { mainBytes() + audioBytes.total }
    }

    deinit { audioStream?.close() }

    var startTime: MediaTime { main.startTime }
    var timelineOrigin: MediaTime { main.timelineOrigin }
    var duration: MediaTime { main.duration }
    var seekableTimeRanges: [TimeRange] { main.seekableTimeRanges }

    func read() throws(PacketSourceFailure) -> PacketSourceRead? {
        while true {
            if !queued.isEmpty { return queued.removeFirst() }
            if pendingMain == nil, !mainEnded {
                switch try main.read() {
                case nil: mainEnded = true
                case .packet(let packet):
                    if audioStream != nil, packet.kind == .audio { continue }
                    pendingMain = packet
                case .streamChange(let video, let audio):
                    return .streamChange(video: video, audio: audioStream == nil ? audio : nil)
                }
            }
            if pendingAudio == nil, !audioEnded, let audioStream {
                switch try audioStream.source.read() {
                case nil: audioEnded = true
                case .packet(let packet):
                    if packet.kind == .audio { pendingAudio = packet }
                    continue
                case .streamChange(_, let audio):
                    if let audio { return .streamChange(video: nil, audio: audio) }
                    continue
                }
            }
            switch (pendingMain, pendingAudio) {
            case (let video?, let audio?):
                if Self.order(of: audio) < Self.order(of: video) {
                    pendingAudio = nil
                    return .packet(audio)
                }
                pendingMain = nil
                return .packet(video)
            case (let video?, nil):
                if audioStream != nil, !audioEnded { continue }
                pendingMain = nil
                return .packet(video)
            case (nil, let audio?):
                if !mainEnded { continue }
                pendingAudio = nil
                return .packet(audio)
            case (nil, nil):
                if mainEnded, audioEnded || audioStream == nil { return nil }
            }
        }
    }

    func seek(to time: MediaTime, generation: Int) throws(PacketSourceFailure) -> MediaTime? {
        pendingMain = nil
        pendingAudio = nil
        mainEnded = false
        audioEnded = false
        queued.removeAll()
        let choice = choices.audio
        if choice.version != audioVersion {
            audioVersion = choice.version
            if let replacement = openReplacement(choice.rendition?.uri, at: time) {
                audioStream?.close()
                audioStream = replacement.stream
                audioBytes.replace(with: replacement.stream?.source.bytesTransferred)
                let keyframe = try main.seek(to: time, generation: generation)
                if let stream = replacement.stream {
                    queued.append(.streamChange(video: nil, audio: stream.source.audio))
                }
                return keyframe
            }
        }
        _ = try audioStream?.source.seek(to: time, generation: generation)
        return try main.seek(to: time, generation: generation)
    }

    /// The audio of a newly chosen rendition: its own stream (`stream`, opened at `time`), or
    /// the variant's audio (`stream == nil`).
    private struct Replacement {
        let stream: RenditionAudio?
    }

    /// The replacement for the rendition at `url`; `nil` when its stream cannot be opened, and
    /// playback goes on with the audio it has.
    private func openReplacement(_ url: URL?, at time: MediaTime) -> Replacement? {
        guard let url else { return Replacement(stream: nil) }
        do {
            return Replacement(stream: try opener.openAudio(url, at: time - main.offset, playhead: playhead))
        } catch {
            return nil
        }
    }

    /// Where a packet goes in the merged order: its decoding time, else its presentation
    /// time; untimed packets go first.
    private static func order(of packet: DemuxedPacket) -> Double {
        if packet.decodeTime.isNumeric { return packet.decodeTime.seconds }
        if packet.presentationTime.isNumeric { return packet.presentationTime.seconds }
        return -.infinity
    }
}

/// The bytes the audio renditions played so far fetched: the closed ones' and the current one's.
private final class AudioByteCount: Sendable {
    private let state: Locked<(closed: Int64, current: (@Sendable () -> Int64)?)>

    init(current: (@Sendable () -> Int64)?) {
        state = Locked((0, current))
    }

    func replace(with next: (@Sendable () -> Int64)?) {
        state.withLock { state in
            state.closed += state.current?() ?? 0
            state.current = next
        }
    }

    var total: Int64 { state.withLock { $0.closed + ($0.current?() ?? 0) } }
}
