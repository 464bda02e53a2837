import Foundation
import ParlanceText

/// Runs a locale pack's phrase tests against a matcher and says, for each sentence, whether it
/// gave what the test expects and, if not, what it gave instead.
public struct PackTestRun: Sendable {
    public struct Outcome: Sendable, Codable {
        public var sentence: String
        public var file: String
        public var line: Int
        public var passed: Bool
        /// The right intent and app, accepted (parameters aside); for a sentence that must not be
        /// accepted, the same as `passed`.
        public var routed: Bool
        /// What differs from the expectation; empty when passed.
        public var problems: [String]
        public var microseconds: Double
    }

    public var locale: LocaleID
    public var outcomes: [Outcome]
    public var passed: Int { outcomes.filter(\.passed).count }
    public var routed: Int { outcomes.filter(\.routed).count }
    public var total: Int { outcomes.count }

    /// Runs every test of the pack serving `locale`, or `tests` when given (phrase tests written
    /// apart from any pack, such as an evaluation set).
    public static func run(_ matcher: Matcher, locale: LocaleID, tests: [PhraseTest]? = nil) throws -> PackTestRun {
        guard let pack = matcher.pack(for: locale) else {
            throw Matcher.MatchError.noLocalePack(locale, available: matcher.locales)
        }
        let profile = try TextAnalyzer.shared(for: locale).profile
        // The pack is compiled on first use: not a cost of the first sentence.
        _ = try matcher.match("", locale: locale, top: 1)
        var outcomes: [Outcome] = []
        for test in tests ?? pack.tests {
            for sentence in test.sentences {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let result = try matcher.match(sentence, locale: locale, top: 1)
                let us = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1000
                let best = result.interpretations.first
                let problems = check(best, against: test, profile: profile)
                outcomes.append(Outcome(sentence: sentence, file: test.file, line: test.line, passed: problems.isEmpty,
                                        routed: test.intent == nil ? problems.isEmpty : routes(best, as: test),
                                        problems: problems, microseconds: us))
            }
        }
        return PackTestRun(locale: locale, outcomes: outcomes)
    }

    /// Whether the best reading has the test's intent and app and is accepted.
    static func routes(_ reading: Interpretation?, as test: PhraseTest) -> Bool {
        guard let r = reading, let intent = test.intent else { return false }
        return r.accepted && r.intent == intent && (test.app == nil || r.app?.bundleIdentifier == test.app)
    }

    /// What differs between the best reading and the test's expectation.
    static func check(_ reading: Interpretation?, against test: PhraseTest, profile: TextProfile) -> [String] {
        guard let intent = test.intent else {
            if let r = reading, r.accepted { return ["expected no accepted reading, got \(r.intent) (score \(r.score))"] }
            return []
        }
        guard let r = reading else { return ["expected \(intent), got no reading"] }
        var problems: [String] = []
        if r.intent != intent { problems.append("expected intent \(intent), got \(r.intent)") }
        if let app = test.app, r.app?.bundleIdentifier != app {
            problems.append("expected app \(app), got \(r.app?.bundleIdentifier ?? (r.appCandidates.map { "one of " + $0.map(\.bundleIdentifier).joined(separator: ", ") } ?? "none"))")
        }
        if !r.accepted { problems.append("not accepted (score \(r.score), \(r.resolution.rawValue))") }
        for (name, expected) in test.slots.sorted(by: { $0.key < $1.key }) {
            guard let p = r.parameters[name], let v = p.value else {
                problems.append("expected \(name) = \(expected), got none")
                continue
            }
            if !matches(v, expected, profile: profile) {
                problems.append("expected \(name) = \(expected), got \(render(v))")
            }
        }
        return problems
    }

    /// Whether a value is what a test wrote: people by name, currency as `20 EUR`, vocabulary by
    /// identifier or phrase, numbers by value, text by match key.
    static func matches(_ v: ParameterValue, _ expected: JSONValue, profile: TextProfile) -> Bool {
        func same(_ a: String, _ b: String) -> Bool { profile.key(a) == profile.key(b) }
        switch v {
        case .persons(let people):
            let names = expected.array?.compactMap(\.string) ?? [expected.string ?? ""]
            return people.count == names.count
                && zip(people, names).allSatisfy { p, n in same(p.name, n) || p.identifier == n || p.relationship == n }
        case .texts(let items):
            let expectedItems = expected.array?.compactMap(\.string) ?? [expected.string ?? ""]
            return items.count == expectedItems.count && zip(items, expectedItems).allSatisfy { same($0, $1) }
        case .currency(let amount, let code):
            let parts = (expected.string ?? "").split(separator: " ")
            guard parts.count == 2, let a = Double(parts[0]) else { return false }
            return abs(a - amount) < 1e-9 && parts[1] == code
        case .number(let d):
            if let e = expected.number { return abs(e - d) < 1e-9 }
            return Double(expected.string ?? "") == d
        case .vocabulary(let id, let phrase):
            guard let e = expected.string else { return false }
            return e == id || same(e, phrase)
        case .text(let s), .enumCase(let s):
            if let e = expected.string { return same(e, s) }
            if let e = expected.number { return Double(s) == e }
            return false
        case .boolean(let b):
            return expected.bool == b
        }
    }

    static func render(_ v: ParameterValue) -> String {
        switch v {
        case .persons(let p): return p.map(\.name).joined(separator: ", ")
        case .texts(let t): return t.joined(separator: ", ")
        case .currency(let a, let c): return "\(a) \(c)"
        case .number(let d): return String(d)
        case .vocabulary(let id, let phrase): return "\(id) (\(phrase))"
        case .text(let s), .enumCase(let s): return s
        case .boolean(let b): return String(b)
        }
    }
}
