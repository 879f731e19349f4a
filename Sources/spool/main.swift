import Foundation
import Spool

let usage = """
    usage: spool <command> [options]

    commands:
      probe [--json] URL|PATH
                   describe a media file or stream: format, duration, tracks, tags.
                   --json prints one JSON object: duration (seconds, null when live),
                   isLive, isPlayable, format, tracks (kind, codec, language, width,
                   height, frameRate, channels, sampleRate, bitRate; null when n/a;
                   index: the container's stream index, title, default, forced,
                   closedCaptions: video carrying CEA-608 captions, option "CC1"),
                   metadata (title, artist, album, artwork {mimeType, bytes}),
                   chapters (title, start, end in seconds; [] when none).
                   Exits 1 with one "spool: <message>" line if the input cannot be
                   read or has nothing playable.
      play [options] URL|PATH|DIR|PLAYLIST...
                   play files, streams, directories and M3U/PLS playlists as a queue;
                   `spool play --help` lists the options (also read from spool.conf).
      thumbnail [--at SEC|--every SEC] [--size WxH] [--fast] INPUT OUT.png|OUT-%03d.png
                   write PNG pictures of the video's frames; `spool thumbnail --help`.
      devices      list the PulseAudio sinks (NAME, description, the default marked) to
                   pass to `spool play --audio-device NAME`.
      renderers [--timeout SECONDS]
                   list the UPnP/DLNA renderers (TVs, Kodi, gmediarender) on the local
                   networks, one "NAME<TAB>UDN<TAB>DESCRIPTION-URL" line each.
      help [COMMAND], --help, -h
                   show this help, or COMMAND's (as `spool COMMAND --help` does)
      --version    show Spool's version and the versions of the linked libraries
    """

// Spool reports every failure itself; FFmpeg's own chatter would garble stderr.
LibraryLogging.setFFmpegLevel(.quiet)

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "help" where arguments.count > 1:
    switch arguments[1] {
    case "play": print(PlayOptions.usage)
    case "probe": print(ProbeCommand.usage)
    case "devices": print(AudioDevices.usage)
    case "renderers": print(RenderersCommand.usage)
    case "thumbnail": print(ThumbnailOptions.usage)
    default:
        StandardError.report("help: unknown command '\(arguments[1])'\n\(usage)")
        exit(2)
    }
case nil, "--help", "-h", "help":
    print(usage)
case "--version", "version":
    print("spool \(SpoolInfo.version)")
    for line in SpoolInfo.libraryVersions { print("  \(line)") }
case "probe":
    exit(await ProbeCommand.run(Array(arguments.dropFirst())))
case "thumbnail":
    exit(await ThumbnailCommand.run(Array(arguments.dropFirst())))
case "devices":
    exit(await AudioDevices.run(Array(arguments.dropFirst())))
case "renderers":
    exit(await RenderersCommand.run(Array(arguments.dropFirst())))
case "play":
    exit(await PlayCommand.run(Array(arguments.dropFirst())))
case "bench-subtitles":  // hidden: bench/subtitles.sh
    exit(SubtitleBenchmark.run(Array(arguments.dropFirst())))
case "man", "completions":
    // Hidden: what `make install` generates spool.1 and the completion scripts with.
    exit(PackagingCommand.run(arguments, mainUsage: usage))
default:
    FileHandle.standardError.write(Data("spool: unknown command '\(arguments[0])'\n\(usage)\n".utf8))
    exit(2)
}
