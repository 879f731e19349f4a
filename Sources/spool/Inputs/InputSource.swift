/// One input as the command line gave it: a positional argument, whose kind is found out from
/// what it names, or `--playlist FILE`, which is read as a playlist whatever its name.
enum InputSource: Equatable {
    case argument(String)
    case playlist(String)
}
