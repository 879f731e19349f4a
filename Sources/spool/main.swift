import Foundation
import Spool

let usage = """
    usage: spool <command> [options]

    commands:
      probe [--json] URL|PATH
                   describe a media file or stream: format, duration, tracks, tags.
                   --json prints one JSON object: duration (seconds, null when live),
                   isLive, isPlayable, format, tracks (kind, codec, language, width,
                   height, frameRate, channels, sampleRate, bitRate; null when n/a),
                   metadata (title, artist, album, artwork {mimeType, bytes}).
                   Exits 1 with one "spool: <message>" line if the input cannot be
                   read or has nothing playable.
      play [options] URL|PATH...
                   play files or streams as a queue; `spool play --help` lists the options.
      devices      list the PulseAudio sinks (NAME, description, the default marked) to
                   pass to `spool play --audio-device NAME`.
      --help       show this help
      --version    show Spool's version and the versions of the linked libraries
    """

// Spool reports every failure itself; FFmpeg's own chatter would garble stderr.
LibraryLogging.setFFmpegLevel(.quiet)

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil, "--help", "-h", "help":
    print(usage)
case "--version", "version":
    print("spool \(SpoolInfo.version)")
    for line in SpoolInfo.libraryVersions { print("  \(line)") }
case "probe":
    exit(await ProbeCommand.run(Array(arguments.dropFirst())))
case "devices":
    exit(await AudioDevices.run())
case "play":
    exit(await PlayCommand.run(Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("spool: unknown command '\(arguments[0])'\n\(usage)\n".utf8))
    exit(2)
}
