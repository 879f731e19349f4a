import Foundation
import Spool

let usage = """
    usage: spool <command> [options]

    commands:
      --help       show this help
      --version    show Spool's version and the versions of the linked libraries
    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil, "--help", "-h", "help":
    print(usage)
case "--version", "version":
    print("spool \(SpoolInfo.version)")
    for line in SpoolInfo.libraryVersions { print("  \(line)") }
default:
    FileHandle.standardError.write(Data("spool: unknown command '\(arguments[0])'\n\(usage)\n".utf8))
    exit(2)
}
