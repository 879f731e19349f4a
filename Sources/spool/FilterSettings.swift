import Spool

/// The filter options (`--af`, `--vf`, `--deinterlace`, `--audio-normalize`, and the IPC's
/// `af`/`vf`) as the chains the player runs, and their check against libavfilter.
struct FilterSettings: Equatable, Sendable {
    /// mpv's `--deinterlace`.
    enum Deinterlace: String, Equatable, Sendable, CaseIterable {
        /// Every frame through bwdif.
        case yes
        /// Frames the decoder flags interlaced through bwdif; progressive ones untouched.
        case auto
        /// No deinterlacer.
        case no

        /// `auto`, `yes` or `no` (mpv's spellings).
        static func parse(_ text: String, for flag: String) throws(PlayOptions.UsageError) -> Deinterlace {
            guard let value = Deinterlace(rawValue: text) else {
                throw PlayOptions.UsageError(description: "\(flag): '\(text)' is not auto, yes or no")
            }
            return value
        }

        /// The filter it stands for. One frame per frame (`send_frame`), not one per field:
        /// the stream's frame rate, and every count and time derived from it (`--frames`,
        /// frame steps, the framemd5 listing), stay as they are (decision 0066).
        var graph: String? {
            switch self {
            case .yes: "bwdif=mode=send_frame"
            case .auto: "bwdif=mode=send_frame:deint=interlaced"
            case .no: nil
            }
        }
    }

    /// The user's audio filters (`--af`, the IPC's `af`), in order.
    var audio: [FilterEntry] = []
    /// The user's video filters (`--vf`, the IPC's `vf`), in order, after the deinterlacer.
    var video: [FilterEntry] = []
    /// `--deinterlace` (default no).
    var deinterlace = Deinterlace.no
    /// `--audio-normalize`: the loudness preset after the user's audio filters.
    var normalizesAudio = false

    /// `--audio-normalize`'s preset: EBU R128 loudness at -16 LUFS, the level of streaming
    /// services, with true peaks at most -1.5 dBTP.
    static let normalizeGraph = "loudnorm=I=-16:TP=-1.5:LRA=11"

    /// The audio chain the player runs: the `af` entries, then `--audio-normalize`; `nil` for none.
    var audioChain: String? {
        let graphs = audio.map(\.graph) + (normalizesAudio ? [Self.normalizeGraph] : [])
        return graphs.isEmpty ? nil : graphs.joined(separator: ",")
    }

    /// The video chain the player runs: the deinterlacer, then the `vf` entries; `nil` for none.
    var videoChain: String? {
        let graphs = [deinterlace.graph].compactMap { $0 } + video.map(\.graph)
        return graphs.isEmpty ? nil : graphs.joined(separator: ",")
    }

    /// Asks libavfilter for each entry, then each whole chain: the error names the first entry
    /// it refuses (and why), so nothing runs with filters that cannot. `audioName` and
    /// `videoName` prefix the messages (`--af`, or the IPC's `af`).
    func check(audioName: String = "--af", videoName: String = "--vf") throws(PlayOptions.UsageError) {
        for entry in audio {
            if let problem = MediaFilterCheck.problem(inAudioChain: entry.graph) {
                throw PlayOptions.UsageError(description: "\(audioName): '\(entry.text)': \(problem)")
            }
        }
        for entry in video {
            if let problem = MediaFilterCheck.problem(inVideoChain: entry.graph) {
                throw PlayOptions.UsageError(description: "\(videoName): '\(entry.text)': \(problem)")
            }
        }
        if let chain = audioChain, let problem = MediaFilterCheck.problem(inAudioChain: chain) {
            throw PlayOptions.UsageError(description: "\(audioName): the chain '\(chain)': \(problem)")
        }
        if let chain = videoChain, let problem = MediaFilterCheck.problem(inVideoChain: chain) {
            throw PlayOptions.UsageError(description: "\(videoName): the chain '\(chain)': \(problem)")
        }
    }
}

extension PlayOptions {
    /// The audio chain the player starts with (`FilterSettings.audioChain`).
    var audioFilterChain: String? { filters.audioChain }
    /// The video chain the player starts with (`FilterSettings.videoChain`).
    var videoFilterChain: String? { filters.videoChain }

    /// `FilterSettings.check()`: a usage error naming the entry libavfilter refuses.
    func checkFilters() throws(UsageError) { try filters.check() }
}
