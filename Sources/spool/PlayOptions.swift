import Foundation
import Spool

/// The flags of `spool play`, parsed and validated (`PlayOptions+Parsing.swift`), from
/// spool.conf and the command line. Every invalid flag is a usage error with a message naming
/// it; nothing is silently ignored.
struct PlayOptions: Equatable {
    enum VideoChoice: Equatable {
        case automatic, sdl, null, none
        case frameMD5(path: String)
    }

    enum AudioChoice: Equatable {
        case automatic, null, none
        case pulse(sink: String?)
        case wav(path: String)
    }

    enum LoopCount: Equatable {
        case times(Int)
        case forever
    }

    /// The inputs as given, in order: positional arguments and `--playlist` files.
    var sources: [InputSource] = []
    /// What to play, in order: `sources` expanded (playlists and directories become their
    /// entries); `PlayCommand` fills it in before the session starts.
    var inputs: [String] = []
    var video: VideoChoice = .automatic
    var audio: AudioChoice = .automatic
    /// The PulseAudio sink `--audio-device` named: checked against the server's sinks first.
    var audioDevice: String?
    var isUntimed = false
    var startSeconds: Double?
    var frameLimit: Int?
    var decoderThreads = 0
    var speed: Float = 1
    var volumePercent: Float = 100
    var isMuted = false
    var loop: LoopCount = .times(1)
    /// The A-B loop's points in seconds (`--ab-loop-a`, `--ab-loop-b`); nil: `no`, not set.
    var abLoopA: Double?
    var abLoopB: Double?
    /// How many times the A-B loop jumps back (`--ab-loop-count`; `inf` by default, as mpv).
    var abLoopCount: ABLoopMachine.Count = .infinite
    /// Seconds the audio is heard after its video (`--audio-delay`, mpv's; negative: before).
    var audioDelay: Double = 0
    /// Seconds subtitles are shown after their stated times (`--sub-delay`, mpv's).
    var subtitleDelay: Double = 0
    /// `--af`, `--vf`, `--deinterlace` and `--audio-normalize`.
    var filters = FilterSettings()
    /// Relative seeks from the keys of at most this many seconds are exact (`--hr-seek`:
    /// `default` 10, so ±5 s is exact and ±60 s a keyframe seek; `yes` every one, `no` none).
    var exactSeekLimit: Double = 10
    /// `--replaygain=no|track|album`, `--replaygain-preamp=DB`, `--replaygain-clip` (mpv's).
    var replayGain: ReplayGain.Mode = .off
    var replayGainPreamp: Double = 0
    var replayGainClips = false
    var eventsPath: String?
    var printsStatistics = false
    var publishesMPRIS = true
    /// The window's size (`--geometry WxH`); `nil` sizes it to the first frame.
    var windowSize: PixelSize?
    /// Whether spool.conf and input.conf are read (`--no-config` turns both off).
    var readsConfiguration = true
    /// Show the video inside another application's X11 window (`--wid ID`, as mpv).
    var parentWindow: UInt?
    /// Start in full screen (`--fs`).
    var startsFullScreen = false
    /// Load the first item and stay paused on its first frame until the user (a key, the
    /// window, MPRIS, the IPC) plays it, as mpv's `--pause`.
    var startsPaused = false
    /// Stay on the last item when it ends or fails (paused, Replay/Retry in the window) until
    /// the user quits, as mpv's `--keep-open`.
    var keepsOpen = false
    /// Gapless (the default) prerolls the next item of the queue or loop while the current
    /// one plays, so audio joins sample-exact on the one open device (as mpv's
    /// `--gapless-audio=yes`: the device keeps its first format); `--no-gapless` opens each
    /// item after the previous one ended.
    var isGapless = true
    /// Keep the on-screen controls shown while playing (`--osc-always`; mpv's
    /// `osc-visibility=always`): for benchmarks, kiosks that want them up.
    var controlsAlwaysShown = false
    /// Draw the on-screen controls over the video in the window (`--no-osc`: the video and its
    /// subtitles only).
    var showsControls = true
    /// Start each input where the last run left it, and record where this one leaves it.
    var resumes = true
    var mprisName = "spool"
    var writesNowPlayingArtwork = false
    /// HLS: the highest variant BANDWIDTH to choose (0 = no cap).
    var maxBitrate: Double = 0
    /// HLS: the largest variant resolution to choose.
    var maxResolution: PixelSize?
    /// The forward buffer in seconds (0 = automatic).
    var bufferSeconds: Double = 0
    /// HLS: a pinned variant index; `nil` = adaptive.
    var variant: Int?
    /// The audio track's or HLS rendition's language (`--audio-lang`); `nil` = automatic.
    var audioLanguage: String?
    /// The subtitle track's or HLS rendition's language (`--sub-lang`); `[]` = off, `nil` = automatic.
    var subtitleLanguages: [String]?
    /// A sidecar subtitle file (`--sub`) for every input.
    var subtitlePath: String?
    /// HLS: choose no variant larger than the window (`--no-viewport-cap` turns it off).
    var limitsResolutionToViewport = true
    /// `--strict`: a file whose media stops before its container says (a truncated file) is a
    /// failure (exit 1) instead of a warning after playing what is there.
    var failsOnEarlyEnd = false
    /// HLS: play the interstitials (EXT-X-DATERANGE CLASS="com.apple.hls.interstitial").
    var playsInterstitials = true
    /// mpv's `--idle`: with nothing (left) to play, wait for `loadfile` over the IPC instead of exiting.
    var idles = false
    /// mpv's `--input-ipc-server`: serve mpv's JSON IPC on this UNIX socket.
    var ipcServerPath: String?

    struct UsageError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        spool play [options] URL|PATH|DIR|PLAYLIST...     (several inputs play as a queue)
          Every option is --name VALUE or --name=VALUE; a flag also takes =yes or =no.
          A directory plays its media files in natural order (2 before 10); a local .m3u/.m3u8
          (not HLS) or .pls playlist plays its entries; - reads the media from standard input
          (a pipe plays front to back: MP4 needs its index first, or use MPEG-TS). Defaults come from
          $XDG_CONFIG_HOME/spool/spool.conf (~/.config/spool/spool.conf): name=value lines,
          # comments, [profile] sections; the command line wins.
          --playlist FILE               play the entries of the M3U or PLS playlist FILE (- for stdin)
          --profile NAME                also apply spool.conf's [NAME] section
          --no-config                   do not read spool.conf or input.conf (key bindings: KEY command, as mpv)
          --help, -h                    show this help
          --vo sdl|null|framemd5:FILE   video output (default: a window when $DISPLAY is set, else none);
                                        the window turns and mirrors the picture as the file's display
                                        matrix says and applies its pixel aspect ratio; framemd5 hashes
                                        the frames as decoded, unturned (ffmpeg -noautorotate -f framemd5)
          --ao pulse[:SINK]|wav:FILE|null
                                        audio output (default: PulseAudio when a server answers, else null);
                                        wav:FILE is written as fast as it decodes, not in real time
          --audio-device NAME           play on PulseAudio sink NAME (`spool devices` lists them)
          --no-video, --no-audio        ignore the video / audio track
          --untimed                     present every frame as fast as possible
          --start SEC                   start at SEC seconds (instead of where the last run left off)
          --no-resume                   start at 0 and do not record the position (resume is on by default)
          --frames N                    stop after N video frames are presented
          --decoder-threads N           video decoder threads (0 = automatic)
          --speed X                     playback rate, 0.5 to 4 (pitch preserved)
          --volume 0-100, --mute        audio volume
          --loop N|inf                  play each input N times (or forever)
          --ab-loop-a SEC|no            A-B loop start (the l key marks A, then B, then clears both)
          --ab-loop-b SEC|no            A-B loop end: reaching it seeks exactly back to A
          --ab-loop-count N|inf         jump back from B to A N times, then play on (default inf)
          --audio-delay SEC             hear the audio SEC later than its video (negative: earlier)
          --sub-delay SEC               show subtitles SEC later than their times (negative: earlier)
          --af FILTERS                  audio filters, mpv's syntax: comma-separated libavfilter filters
                                        (loudnorm=I=-16, lavfi-volume=0.5) or lavfi=[GRAPH]; @LABEL: names one
          --vf FILTERS                  video filters (hflip, lavfi=[crop=640:360]), run before pixel conversion
          --deinterlace auto|yes|no     bwdif (one frame per frame): always (yes), or on frames flagged
                                        interlaced (auto); default no
          --audio-normalize             normalize loudness (loudnorm=I=-16:TP=-1.5:LRA=11, after --af)
          --hr-seek default|yes|no      exact key seeks: up to 10 s (the arrows' ±5 s, a wheel notch;
                                        ±60 s go to a keyframe), all (yes) or none (no); default default
          --replaygain no|track|album   scale by the file's ReplayGain tag (the other one when it is missing);
                                        kept below clipping by the tagged peak; default no
          --replaygain-preamp DB        decibels added to the ReplayGain (-60 to 60; default 0)
          --replaygain-clip             let the ReplayGain clip (no cap by the peak)
          --events FILE                 write one JSON object per event (JSON Lines)
          --stats                       print one JSON object of playback statistics on exit
          --geometry WxH                the window's size (default: the video's, within 80 % of the screen)
          --fs                          start in full screen
          --wid ID                      show the video inside the X11 window ID (decimal or 0x hex), following its size
          --keep-open                   stay on the last item when it ends or fails, until quit
          --pause                       start paused (on the first frame) until played
          --strict                      a truncated file fails (exit 1) instead of playing what is there with a warning
          --no-gapless                  open each queued item after the previous one ended (default: preroll it, gapless)
          --osc-always                  keep the on-screen controls shown while playing (no auto-hide)
          --no-osc                      no on-screen controls in the window (subtitles still show)
          --no-mpris                    do not publish the player on the D-Bus session bus (MPRIS)
          --mpris-name NAME             the MPRIS player name (default spool: org.mpris.MediaPlayer2.spool)
          --max-bitrate BPS             HLS: choose no variant above BPS bits per second
          --max-resolution WxH          HLS: choose no variant larger than WxH
          --no-viewport-cap             HLS: choose variants larger than the window too
          --buffer SEC                  forward buffer in seconds (0 = automatic)
          --variant N|auto              HLS: play variant N of the multivariant playlist (default auto)
          --audio-lang LANG             play the audio track or HLS rendition in LANG (en, fra, pt-BR…)
          --sub-lang LANG|CC1|off       show the subtitle track or HLS rendition in LANG, the video's
                                        closed captions (CC1), or none
          --sub FILE                    subtitles from a WebVTT (.vtt) or SubRip (.srt) file
          --no-interstitials            HLS: play the primary content only, without its interstitials
          --now-playing                 also publish the cover art (written to a cache file) over MPRIS
          --input-ipc-server PATH       serve mpv's JSON IPC on the UNIX socket PATH (mode 0600): loadfile, seek,
                                        get/set/observe_property, playlist-next/prev, cycle, quit and events
          --idle                        with no inputs, or once the queue ends, wait for loadfile instead of exiting
        """

    /// A language tag as `--audio-lang`/`--sub-lang` take it: letters, digits, `-` and `_`.
    static func language(_ text: String, for flag: String) throws(UsageError) -> String {
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        guard !text.isEmpty, text.count <= 35, allowed, text.first?.isLetter == true else {
            throw UsageError(description: "\(flag): '\(text)' is not a language tag (such as en, fr or pt-BR)")
        }
        return text
    }

    static func parseVideo(_ text: String) throws(UsageError) -> VideoChoice {
        switch text {
        case "sdl": return .sdl
        case "null": return .null
        case _ where text.hasPrefix("framemd5:") && text.count > "framemd5:".count:
            return .frameMD5(path: String(text.dropFirst("framemd5:".count)))
        default: throw UsageError(description: "--vo: unknown output '\(text)' (sdl, null, framemd5:FILE)")
        }
    }

    static func parseAudio(_ text: String) throws(UsageError) -> AudioChoice {
        switch text {
        case "pulse": return .pulse(sink: nil)
        case "null": return .null
        case _ where text.hasPrefix("pulse:") && text.count > "pulse:".count:
            return .pulse(sink: String(text.dropFirst("pulse:".count)))
        case _ where text.hasPrefix("wav:") && text.count > "wav:".count:
            return .wav(path: String(text.dropFirst("wav:".count)))
        default: throw UsageError(description: "--ao: unknown output '\(text)' (pulse[:SINK], wav:FILE, null)")
        }
    }
}
