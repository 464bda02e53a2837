import Parlance

/// Splits a command line into options and positionals against a command's `OptionSpec`s.
///
/// Accepts `--name value`, `--name=value`, `-x value`, flags, and `--` to end options. Unknown
/// options are errors with a "did you mean" from the edit distance.
enum ArgumentParser {
    static let help = OptionSpec("--help", short: "h", .flag, help: "show this help")

    static func parse(_ args: [String], specs: [OptionSpec]) throws -> ParsedArguments {
        let all = specs + [help]
        var parsed = ParsedArguments()
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if optionsEnded || !arg.hasPrefix("-") || arg == "-" || isNegativeNumber(arg) {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" {
                optionsEnded = true
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            let spec: OptionSpec?
            if name.hasPrefix("--") {
                spec = all.first { $0.name == name }
            } else {
                spec = name.count == 2 ? all.first { $0.short == name.last } : nil
            }
            guard let s = spec else {
                let names = all.map(\.name)
                let suggestion = closest(to: name, in: names)
                throw CLIError("unknown option '\(name)'",
                               hint: suggestion.map { "did you mean '\($0)'?" } ?? "see '--help' for the options")
            }
            switch s.kind {
            case .flag:
                if inline != nil { throw CLIError("option '\(s.name)' takes no value") }
                parsed.flags.insert(s.name)
            case .value, .repeatedValue:
                let v: String
                if let inl = inline {
                    v = inl
                } else {
                    guard i < args.count else { throw CLIError("option '\(s.name)' needs a \(s.valueName)") }
                    v = args[i]
                    i += 1
                }
                if s.kind == .value, parsed.values[s.name] != nil {
                    throw CLIError("option '\(s.name)' given twice", hint: "give it once")
                }
                parsed.values[s.name, default: []].append(v)
            }
        }
        return parsed
    }

    static func isNegativeNumber(_ s: String) -> Bool { s.count > 1 && s.dropFirst().allSatisfy(\.isNumber) }

    /// The candidate nearest to `word` by edit distance, if it is near enough to be a typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        NearestName.closest(to: word, in: candidates)
    }
}
