/// One problem a rule found: where, how bad, what is wrong and, when there is one, the fix.
///
/// The site is a file with a line and column when the problem sits on a line of a text file
/// (`ru.lproj/InfoPlist.strings:3:1`), a file and key path inside a property list
/// (`AppIntentVocabulary.plist` at `ParameterVocabularies[0].ParameterNames[0]`), or a folder.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var site: ErrorSite
    public var suggestion: String?

    public init(ruleID: String, severity: Severity, message: String, site: ErrorSite, suggestion: String? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.site = site
        self.suggestion = suggestion
    }

    /// File, then line and column, then rule: the order compilers list diagnostics in.
    static func inReadingOrder(_ a: Finding, _ b: Finding) -> Bool {
        (a.site.file, a.site.line ?? 0, a.site.column ?? 0, a.site.keyPath ?? "", a.ruleID, a.message)
            < (b.site.file, b.site.line ?? 0, b.site.column ?? 0, b.site.keyPath ?? "", b.ruleID, b.message)
    }
}

/// How many findings of each severity a run produced.
public struct FindingCounts: Sendable, Hashable, Codable {
    public var errors = 0, warnings = 0, infos = 0

    public init(_ findings: [Finding]) {
        for f in findings {
            switch f.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
    }

    /// `1 error, 3 warnings`, or `no problems`.
    public var summary: String {
        let parts = [(errors, "error"), (warnings, "warning"), (infos, "info")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 || $0.1 == "info" ? "" : "s")" }
        return parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
    }
}
