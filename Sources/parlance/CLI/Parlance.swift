import Parlance

/// The root command: dispatches to subcommands and renders help and errors in one place.
public enum Parlance {
    /// Every subcommand, in the order `--help` lists them.
    nonisolated(unsafe) public static var commands: [any Command.Type] = [
        MatchCommand.self,
        ExplainCommand.self,
        TestCommand.self,
        LintCommand.self,
        BatchCommand.self,
        LocalesCommand.self,
        AppsCommand.self,
        NormalizeCommand.self,
    ]

    public static let exitCodeHelp = """
        EXIT CODES:
          0   success
          1   the command ran and found problems (failed tests, lint errors)
          64  usage error: unknown command or option, missing or bad value
          65  an input file is malformed (the message names file, line and column)
          66  an input file or folder does not exist or cannot be read
          70  internal error
        """

    public static func rootHelp() -> String {
        let width = commands.map { $0.name.count }.max() ?? 8
        var s = """
            OVERVIEW: Parlance understands short commands addressed to apps, per locale.

            USAGE: parlance <command> [options]

            COMMANDS:

            """
        for c in commands {
            s += "  " + c.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + c.abstract + "\n"
        }
        s += "\n  See 'parlance <command> --help' for a command's options.\n\n" + exitCodeHelp
        return s
    }

    public static func help(for c: any Command.Type) -> String {
        var s = "OVERVIEW: \(c.abstract)\n\nUSAGE: parlance \(c.name)"
        if !c.options.isEmpty { s += " [options]" }
        if !c.arguments.isEmpty { s += " \(c.arguments)" }
        s += "\n"
        if !c.discussion.isEmpty { s += "\n" + c.discussion + "\n" }
        let opts = c.options + [ArgumentParser.help]
        let shown = opts.map { o -> (String, String) in
            var left = (o.short.map { "-\($0), " } ?? "") + o.name
            if o.kind != .flag { left += " <\(o.valueName)>" }
            if o.kind == .repeatedValue { left += " ..." }
            return (left, o.help)
        }
        let width = shown.map(\.0.count).max() ?? 10
        s += "\nOPTIONS:\n"
        for (l, h) in shown { s += "  " + l.padding(toLength: width + 2, withPad: " ", startingAt: 0) + h + "\n" }
        return s
    }

    /// Runs the CLI on `args` (without the program name) and returns the exit code.
    public static func main(_ args: [String], console: Console = Console()) -> ExitCode {
        guard let first = args.first else {
            console.err(rootHelp())
            return .usage
        }
        if first == "--help" || first == "-h" || first == "help" {
            if args.count > 1, let c = commands.first(where: { $0.name == args[1] }) {
                console.out(help(for: c))
            } else {
                console.out(rootHelp())
            }
            return .success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let e = CLIError("unknown command '\(first)'",
                             hint: ArgumentParser.closest(to: first, in: commands.map { $0.name }).map { "did you mean '\($0)'?" }
                                ?? "see 'parlance --help' for the commands")
            console.err(e.description)
            return e.code
        }
        do {
            let parsed = try ArgumentParser.parse(Array(args.dropFirst()), specs: command.options)
            if parsed.flag("--help") {
                console.out(help(for: command))
                return .success
            }
            let c = try command.init(parsed)
            try c.validate()
            return try c.run(console)
        } catch let e as CLIError {
            console.err(e.description)
            return e.code
        } catch {
            // Loader errors render themselves like a compiler (`file:line:col: error: …`).
            let text = "\(error)"
            console.err(text.contains(": error: ") ? text : "error: \(text)")
            return exitCode(for: error)
        }
    }

    /// Maps library errors to exit codes; commands may register more specific mappings.
    nonisolated(unsafe) public static var errorCodes: [(any Error) -> ExitCode?] = [
        { error in
            guard case .unreadable = error as? PropertyListError else { return nil }
            return .noInput
        },
        { error in
            guard case .noApps = error as? AppBundleError else { return nil }
            return .noInput
        },
    ]

    static func exitCode(for error: any Error) -> ExitCode {
        for f in errorCodes { if let c = f(error) { return c } }
        return .dataError
    }
}
