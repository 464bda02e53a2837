import Foundation
import Testing
@testable import parlance

/// Runs the CLI in-process and compares what it prints with a snapshot file in `Snapshots/`.
///
/// Snapshots are re-recorded on purpose only: `PARLANCE_RECORD_SNAPSHOTS=1 swift test`.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    struct Run {
        var code: ExitCode
        var output: String
        var errors: String
    }

    /// A command line that must fail with `message` on standard error and exit `code`.
    struct Bad: CustomStringConvertible, Sendable {
        let args: [String]
        let message: String
        let code: ExitCode
        var description: String { args.joined(separator: " ") }
    }

    static func run(_ args: [String]) -> Run {
        let console = Console.capturing()
        let code = Parlance.main(args, console: console)
        return Run(code: code, output: console.capturedOutput, errors: console.capturedErrors)
    }

    /// Checks `text` against `Snapshots/<name>`; records it when recording is on.
    static func expect(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["PARLANCE_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no snapshot \(name): record it with PARLANCE_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(text == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
    }
}
