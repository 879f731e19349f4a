import Foundation
import Spool

/// `spool devices` and the check behind `--audio-device`: the PulseAudio sinks, as the
/// audio session's route picker lists them.
enum AudioDevices {
    /// A device named on the command line that the server does not have.
    struct UnknownDevice: Error, CustomStringConvertible {
        let name: String
        let available: [AudioOutputDevice]

        var description: String {
            let names = available.map(\.name).joined(separator: ", ")
            return "--audio-device: no PulseAudio sink named '\(name)' (available: \(names))"
        }
    }

    /// The server's sinks; asking blocks (up to the connect timeout), so not on the main actor.
    static func list() async throws -> [AudioOutputDevice] {
        try await Task.detached { () throws -> [AudioOutputDevice] in try PulseAudioOutput.availableDevices() }.value
    }

    /// Throws `UnknownDevice`, listing the sinks there are, unless the server has sink `name`.
    static func check(_ name: String) async throws {
        let devices = try await list()
        guard devices.contains(where: { $0.name == name }) else { throw UnknownDevice(name: name, available: devices) }
    }

    /// `spool devices`'s usage, for `--help` and usage errors.
    static let usage = """
        spool devices
          list the PulseAudio sinks, one "NAME<TAB>DESCRIPTION" line each, the default marked
          " (default)"; pass NAME to `spool play --audio-device NAME`.
          --help, -h                    show this help
        """

    /// `spool devices`: one line per sink, "NAME<TAB>DESCRIPTION", the default marked with
    /// " (default)". Exits 1 with a message when no server answers; 2 for any argument but help.
    static func run(_ arguments: [String]) async -> Int32 {
        if PlayArguments.asksForHelp(arguments) {
            print(usage)
            return 0
        }
        if let argument = arguments.first {
            StandardError.report("devices: unexpected argument '\(argument)'\nusage: \(usage)")
            return 2
        }
        do {
            for device in try await list() {
                print("\(device.name)\t\(device.description)\(device.isDefault ? " (default)" : "")")
            }
            return 0
        } catch {
            StandardError.report("\(error)")
            return 1
        }
    }
}
