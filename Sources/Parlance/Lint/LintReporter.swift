import Foundation

/// Renders findings in one output format. Every format gets the same findings and the
/// descriptions of the rules that ran.
public protocol LintReporter {
    /// `text`, `json`, `sarif`.
    static var identifier: String { get }
    static func report(_ findings: [Finding], rules: [RuleDescription]) throws -> String
}

/// Like a compiler: `file:line:column: warning: message [rule_id]`, a suggestion line, a summary.
public enum TextLintReporter: LintReporter {
    public static let identifier = "text"

    public static func report(_ findings: [Finding], rules: [RuleDescription]) -> String {
        var s = ""
        for f in findings {
            s += "\(f.site): \(f.severity.rawValue): \(f.message)"
            if let k = f.site.keyPath { s += " (at \(k))" }
            s += " [\(f.ruleID)]\n"
            if let suggestion = f.suggestion { s += "  suggestion: \(suggestion)\n" }
        }
        return s + FindingCounts(findings).summary
    }
}

/// `{"findings": [...], "summary": {"errors": 1, ...}}`, keys sorted.
public enum JSONLintReporter: LintReporter {
    public static let identifier = "json"

    struct Report: Encodable {
        struct Item: Encodable {
            var rule: String
            var severity: Severity
            var message: String
            var file: String
            var line: Int?
            var column: Int?
            var keyPath: String?
            var suggestion: String?
        }
        var findings: [Item]
        var summary: FindingCounts
    }

    public static func report(_ findings: [Finding], rules: [RuleDescription]) throws -> String {
        try LintJSON.encode(Report(findings: findings.map {
            .init(rule: $0.ruleID, severity: $0.severity, message: $0.message, file: $0.site.file, line: $0.site.line,
                  column: $0.site.column, keyPath: $0.site.keyPath, suggestion: $0.suggestion)
        }, summary: FindingCounts(findings)))
    }
}

/// SARIF 2.1.0, the format code-scanning services read.
public enum SARIFLintReporter: LintReporter {
    public static let identifier = "sarif"

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "parlance"
        var rules: [Rule]
    }
    struct Message: Encodable { var text: String }
    struct Rule: Encodable {
        struct Configuration: Encodable { var level: String }
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var defaultConfiguration: Configuration
    }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        var locations: [Location]
        var properties: [String: String]?
    }
    struct Location: Encodable {
        struct Physical: Encodable {
            struct Artifact: Encodable { var uri: String }
            struct Region: Encodable { var startLine: Int; var startColumn: Int? }
            var artifactLocation: Artifact
            var region: Region?
        }
        struct Logical: Encodable { var fullyQualifiedName: String; var kind = "member" }
        var physicalLocation: Physical
        var logicalLocations: [Logical]?
    }

    static func level(_ s: Severity) -> String { s == .info ? "note" : s.rawValue }

    public static func report(_ findings: [Finding], rules: [RuleDescription]) throws -> String {
        let index = Dictionary(rules.enumerated().map { ($1.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        let results = findings.map { f in
            Result(ruleId: f.ruleID, ruleIndex: index[f.ruleID], level: level(f.severity), message: Message(text: f.message),
                   locations: [Location(
                       physicalLocation: .init(
                           artifactLocation: .init(uri: f.site.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? f.site.file),
                           region: f.site.line.map { .init(startLine: $0, startColumn: f.site.column) }),
                       logicalLocations: f.site.keyPath.map { [.init(fullyQualifiedName: $0)] })],
                   properties: f.suggestion.map { ["suggestion": $0] })
        }
        let driverRules = rules.map {
            Rule(id: $0.identifier, name: $0.name, shortDescription: Message(text: $0.name), fullDescription: Message(text: $0.description),
                 defaultConfiguration: .init(level: level($0.severity)))
        }
        return try LintJSON.encode(Log(runs: [Run(tool: Tool(driver: Driver(rules: driverRules)), results: results)]))
    }
}

enum LintJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }
}

/// JUnit XML for CI dashboards: one test suite per rule that ran, one failing test case per
/// finding (its `type` is the severity), and a passing case for a rule with no findings.
public enum JUnitLintReporter: LintReporter {
    public static let identifier = "junit"

    public static func report(_ findings: [Finding], rules: [RuleDescription]) -> String {
        JUnitXML.document(name: "parlance lint", suites: rules.map { rule in
            let own = findings.filter { $0.ruleID == rule.identifier }
            guard !own.isEmpty else {
                return JUnitXML.Suite(name: rule.identifier, cases: [.init(name: "no findings", classname: rule.identifier, failure: nil)])
            }
            return JUnitXML.Suite(name: rule.identifier, cases: own.map { f in
                JUnitXML.Case(name: f.site.description + (f.site.keyPath.map { " (at \($0))" } ?? ""), classname: rule.identifier,
                              failure: (f.severity.rawValue, f.message, f.suggestion.map { "suggestion: \($0)" } ?? ""))
            })
        })
    }
}
