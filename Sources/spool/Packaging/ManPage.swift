import Foundation

/// spool(1) in roff (man(7) macros), made from the help texts (`spool man`): the commands of
/// `spool --help` and every option of each command's `--help`, with their descriptions.
enum ManPage {
    /// The page for `table`; `version` goes into the footer.
    static func render(_ table: CommandTable, version: String) -> String {
        var page = [
            ".TH SPOOL 1 \"\" \"spool \(escape(version))\" \"User Commands\"",
            ".SH NAME",
            "spool \\- play media files, streams and playlists",
            ".SH SYNOPSIS",
        ]
        for command in table.commands {
            page += [".B spool \(escape(command.name))"] + (command.synopsis.isEmpty ? [] : [escape(command.synopsis)])
            page += [".br"]
        }
        for option in table.globalOptions where !table.commands.contains(where: { $0.synopsis.contains(option.name) }) {
            page += [".B spool \(escape(option.name))", ".br"]
        }
        page += [".SH DESCRIPTION"]
        page += [
            escape(
                "spool plays local files, HTTP and HLS streams, directories and M3U/PLS playlists"
                    + " (`-` for standard input) in a window or headless, and publishes itself over MPRIS."),
            ".SH COMMANDS",
        ]
        for command in table.commands {
            page += [".TP", "\\fB\(escape(command.name))\\fR \(escape(command.synopsis))", escape(command.summary)]
        }
        for option in table.globalOptions where !table.commands.contains(where: { $0.synopsis.contains(option.name) }) {
            page += [".TP", "\\fB\(escape(option.name))\\fR", escape(option.summary)]
        }
        for command in table.commands {
            guard let help = command.help, !help.options.isEmpty else { continue }
            page += [".SH \"\(escape(command.name.uppercased())) OPTIONS\""]
            if !help.prose.isEmpty { page += [escape(help.prose.joined(separator: " "))] }
            for option in help.options {
                var heading = "\\fB\(escape(option.name))\\fR"
                if let argument = option.argument { heading += " \\fI\(escape(argument))\\fR" }
                for alias in option.aliases { heading += ", \\fB\(escape(alias))\\fR" }
                page += [".TP", heading, escape(option.summary)]
            }
        }
        page += [
            ".SH FILES",
            ".TP",
            "\\fI$XDG_CONFIG_HOME/spool/spool.conf\\fR (\\fI~/.config/spool/spool.conf\\fR)",
            escape("defaults for spool play: name=value lines, # comments, [profile] sections."),
            ".TP",
            "\\fI$XDG_STATE_HOME/spool\\fR",
            escape("where spool play keeps resume positions."),
            ".SH SEE ALSO",
            ".BR ffmpeg (1),",
            ".BR mpv (1)",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    /// Text as roff shows it literally: backslashes and dashes escaped, non-ASCII characters as
    /// escapes (a C locale renders ASCII only), a leading `.` or `'` (a request) neutralised.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .replacingOccurrences(of: "…", with: "...").replacingOccurrences(of: "—", with: "\\(em")
        // Other non-ASCII characters as groff's named Unicode escapes, which every device knows.
        escaped = escaped.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\[u%04X]", $0.value) }
            .joined()
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
