/// spool.conf as written: `name=value` lines (the command line's long option names without
/// `--`; a flag may stand alone), `#` comment lines, and `[profile]` sections that apply only
/// when `--profile` names them. Parsing never fails: a line it cannot read is a `Problem` with
/// its line number, and the rest of the file still counts.
struct ConfigFile: Equatable {
    /// One `name=value` (or bare `name`) line.
    struct Setting: Equatable {
        /// 1-based, for messages.
        let line: Int
        /// The option's long name, without `--`.
        let name: String
        /// nil for a bare name (a flag).
        let value: String?
    }

    /// A line that was skipped, and why.
    struct Problem: Equatable {
        /// 1-based.
        let line: Int
        /// What is wrong with it.
        let reason: String
    }

    /// The settings outside any section (or in `[default]`), which always apply, in order.
    var general: [Setting] = []
    /// Each profile's settings, in order; a section named twice collects both.
    var profiles: [String: [Setting]] = [:]
    /// The lines that were skipped, in order.
    var problems: [Problem] = []

    /// Reads `text`.
    static func parse(_ text: String) -> ConfigFile {
        var file = ConfigFile()
        var profile: String?
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        // Every line counts, empty ones too, so line numbers match an editor's. "\r\n" is one
        // Character in Swift, so it is a separator of its own.
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else {
                    file.problems.append(Problem(line: number, reason: "expected [profile-name]"))
                    continue
                }
                let name = line.dropFirst().dropLast().trimmingWhitespace()
                profile = name == "default" ? nil : String(name)
                if let profile, file.profiles[profile] == nil { file.profiles[profile] = [] }
                continue
            }
            switch setting(line, number: number) {
            case .success(let setting):
                if let profile {
                    file.profiles[profile, default: []].append(setting)
                } else {
                    file.general.append(setting)
                }
            case .failure(let problem):
                file.problems.append(problem)
            }
        }
        return file
    }

    /// The settings that apply with `profile` chosen (or none): the general ones, then the
    /// profile's, so the profile's win. nil when there is no such profile.
    func settings(profile: String?) -> [Setting]? {
        guard let profile else { return general }
        return profiles[profile].map { general + $0 }
    }

    /// `name = value`, `name="value"`, `--name=value` or a bare `name`.
    private static func setting(_ line: Substring, number: Int) -> Result<Setting, Problem> {
        let equals = line.firstIndex(of: "=")
        var name = (equals.map { line[..<$0] } ?? line).trimmingWhitespace()
        if name.hasPrefix("--") { name = name.dropFirst(2) }
        let isName =
            name.first?.isLetter == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        guard isName else {
            return .failure(Problem(line: number, reason: "expected option=value, found '\(line)'"))
        }
        var value = equals.map { line[line.index(after: $0)...].trimmingWhitespace() }
        if let quoted = value, quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" {
            value = quoted.dropFirst().dropLast()
        }
        return .success(Setting(line: number, name: String(name), value: value.map(String.init)))
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs and carriage returns (CRLF files).
    fileprivate func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

extension ConfigFile.Problem: Error {}
