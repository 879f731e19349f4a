import Spool

/// The filter options (`--af`, `--vf`, `--deinterlace`, `--audio-normalize`) as the chains
/// the player runs, and their check against libavfilter before anything plays.
extension PlayOptions {
    /// mpv's `--deinterlace`.
    enum Deinterlace: String, Equatable, CaseIterable {
        /// Every frame through bwdif.
        case yes
        /// Frames the decoder flags interlaced through bwdif; progressive ones untouched.
        case auto
        /// No deinterlacer.
        case no

        /// `auto`, `yes` or `no` (mpv's spellings; `true`/`false` are not mpv's).
        static func parse(_ text: String, for flag: String) throws(UsageError) -> Deinterlace {
            guard let value = Deinterlace(rawValue: text) else {
                throw UsageError(description: "\(flag): '\(text)' is not auto, yes or no")
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

    /// `--audio-normalize`'s preset: EBU R128 loudness at -16 LUFS, the level of streaming
    /// services, with true peaks at most -1.5 dBTP.
    static let normalizeGraph = "loudnorm=I=-16:TP=-1.5:LRA=11"

    /// The audio chain the player runs: `--af`, then `--audio-normalize`; `nil` for none.
    var audioFilterChain: String? {
        let graphs = audioFilters.map(\.graph) + (normalizesAudio ? [Self.normalizeGraph] : [])
        return graphs.isEmpty ? nil : graphs.joined(separator: ",")
    }

    /// The video chain the player runs: the deinterlacer, then `--vf`; `nil` for none.
    var videoFilterChain: String? {
        let graphs = [deinterlace.graph].compactMap { $0 } + videoFilters.map(\.graph)
        return graphs.isEmpty ? nil : graphs.joined(separator: ",")
    }

    /// Asks libavfilter for each entry, then the whole chain: a usage error names the first
    /// entry it refuses (and why), so nothing starts with filters that cannot run.
    func checkFilters() throws(UsageError) {
        for entry in audioFilters {
            if let problem = MediaFilterCheck.problem(inAudioChain: entry.graph) {
                throw UsageError(description: "--af: '\(entry.text)': \(problem)")
            }
        }
        for entry in videoFilters {
            if let problem = MediaFilterCheck.problem(inVideoChain: entry.graph) {
                throw UsageError(description: "--vf: '\(entry.text)': \(problem)")
            }
        }
        if let chain = audioFilterChain, let problem = MediaFilterCheck.problem(inAudioChain: chain) {
            throw UsageError(description: "--af: the chain '\(chain)': \(problem)")
        }
        if let chain = videoFilterChain, let problem = MediaFilterCheck.problem(inVideoChain: chain) {
            throw UsageError(description: "--vf: the chain '\(chain)': \(problem)")
        }
    }
}
