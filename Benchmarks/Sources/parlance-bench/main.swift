// parlance-bench: measures Parlance's stages. Build in release mode:
//   swift run -c release parlance-bench [suite...] [--json]
// With no suite named, every suite runs.
import Foundation

let suites: [any BenchmarkSuite.Type] = [
    TextBenchmark.self,
    CatalogBenchmark.self,
    GrammarBenchmark.self,
    DomainBenchmark.self,
]

let args = Array(CommandLine.arguments.dropFirst())
let asJSON = args.contains("--json")
let named = args.filter { !$0.hasPrefix("--") }
if args.contains("--help") {
    print("USAGE: parlance-bench [suite...] [--json]\nSUITES: " + suites.map { $0.name }.joined(separator: ", "))
    exit(0)
}
var unknown = named.filter { n in !suites.contains { $0.name == n } }
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("error: unknown suite \(unknown.joined(separator: ", "))\n".utf8))
    exit(64)
}
var report = BenchmarkReport()
for s in suites where named.isEmpty || named.contains(s.name) {
    do { try s.run(into: &report) } catch {
        FileHandle.standardError.write(Data("error: \(s.name): \(error)\n".utf8))
        exit(1)
    }
}
print(asJSON ? report.json() : report.text())
