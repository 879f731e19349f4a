import Foundation
import SpoolTestSupport
import Testing

/// `$XDG_CONFIG_HOME/spool/spool.conf` read by the real program: general settings, a profile
/// chosen with `--profile`, bad lines reported as `PATH:LINE: reason` and skipped, the command
/// line winning. `speed=` is what the tests observe: into a WAV it shortens the audio.
@Suite("spool play: spool.conf (integration)", .timeLimit(.minutes(3)))
struct PlayConfigIntegrationTests {
    static let conf = """
        # the test's defaults
        speed=1.5
        no-such-option=1
        [double]
        speed=2
        volume=loud
        """

    /// A config home holding `spool/spool.conf` with `text`; returns the home and the file's path.
    static func configHome(_ text: String) throws -> (home: String, file: String) {
        let home = URL(fileURLWithPath: try PlayTool.scratchPath("config"), isDirectory: true)
        let file = home.appendingPathComponent("spool/spool.conf")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return (home.path, file.path)
    }

    /// Plays the 4 s tone into a WAV with `arguments`; the seconds of audio written and the run.
    static func play(_ arguments: [String], configHome: String) async throws -> (seconds: Double, ToolOutput) {
        let wavPath = try PlayTool.scratchPath("config.wav")
        let tone = try await TestMedia.url(for: .aacTone4s).path
        let output = try await PlayTool.spool(
            ["play", "--ao=wav:\(wavPath)", "--no-video"] + arguments + [tone],
            environment: ["XDG_CONFIG_HOME": configHome])
        let wav = try WAVFile(path: wavPath)
        return (Double(wav.frameCount) / Double(wav.sampleRate), output)
    }

    @Test("--profile applies its section over the general settings; bad lines are reported and skipped")
    func profile() async throws {
        let (home, file) = try Self.configHome(Self.conf)
        let (seconds, output) = try await Self.play(["--profile", "double"], configHome: home)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(abs(seconds - 2) < 0.1, "\(seconds) s of audio: speed=2 from [double] was not applied")
        #expect(
            PlayTool.lines(output.errorText) == [
                "\(file):3: unknown option 'no-such-option'", "\(file):6: --volume: 'loud' is not a number",
            ])
    }

    @Test("without --profile only the general settings apply")
    func general() async throws {
        let (home, _) = try Self.configHome(Self.conf)
        let (seconds, output) = try await Self.play([], configHome: home)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(abs(seconds - 4 / 1.5) < 0.1, "\(seconds) s of audio: speed=1.5 was not applied")
        #expect(PlayTool.lines(output.errorText).count == 1)
    }

    @Test("the command line wins over the profile; --no-config skips the file")
    func commandLineWins() async throws {
        let (home, _) = try Self.configHome(Self.conf)
        let (cli, output) = try await Self.play(["--profile=double", "--speed=1"], configHome: home)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(abs(cli - 4) < 0.1, "\(cli) s of audio: --speed=1 lost to the file")
        let (skipped, quiet) = try await Self.play(["--no-config"], configHome: home)
        #expect(abs(skipped - 4) < 0.1, "\(skipped) s of audio: --no-config still read the file")
        #expect(quiet.errorText.isEmpty, "stderr: \(quiet.errorText)")
    }

    @Test("a --profile the file lacks is a usage error naming the file")
    func missingProfile() async throws {
        let (home, file) = try Self.configHome(Self.conf)
        let output = try await PlayTool.spool(
            ["play", "--profile", "slow", "--ao", "null", "x.mp4"], environment: ["XDG_CONFIG_HOME": home])
        #expect(output.status == 2)
        #expect(
            PlayTool.lines(output.errorText).first
                == "spool: play: --profile: \(file) has no [slow] section (it has: double)")
    }
}
