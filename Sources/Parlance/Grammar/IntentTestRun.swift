import Foundation

/// The outcome of running intent test cases against a matcher: pass rates at three levels,
/// the failures with what was expected and what matched, and the time per sentence.
public struct IntentTestReport: Sendable, Codable {
    public struct Failure: Sendable, Codable {
        public var sentence: String
        public var source: String
        public var verdict: String
        public var expectedIntent: String
        public var expectedSlots: [String: JSONValue]
        public var expectedSlotCombination: String?
        public var actualIntent: String?
        public var actualSlots: [String: JSONValue]?
        public var actualSlotCombination: String?
        public var template: String?
        /// Time of the match, fastest of the rounds.
        public var microseconds: Double?
    }

    public var file: String
    public var total = 0
    /// The intent is right.
    public var intentPassed = 0
    /// Intent and slots are right.
    public var slotsPassed = 0
    /// Intent, slots and slot combination are right (strict).
    public var passed = 0
    public var meanMicroseconds = 0.0
    public var medianMicroseconds = 0.0
    public var p99Microseconds = 0.0
    public var failures: [Failure] = []
    /// The cases that passed, when asked for (a JUnit report lists every case).
    public var passes: [Pass]?

    public struct Pass: Sendable, Codable {
        public var sentence: String
        public var source: String
        public var microseconds: Double
    }

    public var passRate: Double { total == 0 ? 1 : Double(passed) / Double(total) }

    /// Runs every case: its lists are compiled first, then only the match is timed.
    ///
    /// - Parameter rounds: how many times each sentence is matched for timing (the verdict is
    ///   taken from the first).
    ///   - keepingPasses: whether to list the cases that pass as well (`passes`).
    public static func run(_ cases: [IntentTestCase], matcher: TemplateMatcher, file: String,
                           rounds: Int = 1, keepingPasses: Bool = false) throws -> IntentTestReport {
        var r = IntentTestReport(file: file)
        if keepingPasses { r.passes = [] }
        var times: [Double] = []
        times.reserveCapacity(cases.count)
        for c in cases {
            let lists = try matcher.lists(HomeAssistantIntents.lists(for: c.vocab))
            var best: TemplateMatch?
            var elapsed = UInt64.max
            for _ in 0..<max(rounds, 1) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let m = matcher.best(c.sentence, lists: lists, context: c.context, bestSlot: "name")
                elapsed = min(elapsed, DispatchTime.now().uptimeNanoseconds - t0)
                if best == nil { best = m }
            }
            times.append(Double(elapsed) / 1000)
            r.total += 1
            let v = c.verdict(best)
            if v > .wrongIntent { r.intentPassed += 1 }
            if v > .wrongSlots { r.slotsPassed += 1 }
            if v == .passed {
                r.passed += 1
                r.passes?.append(Pass(sentence: c.sentence, source: c.source, microseconds: Double(elapsed) / 1000))
                continue
            }
            r.failures.append(Failure(
                sentence: c.sentence, source: c.source, verdict: "\(v)", expectedIntent: c.intent,
                expectedSlots: c.slots, expectedSlotCombination: c.slotCombination, actualIntent: best?.intent,
                actualSlots: best.map { $0.slots.mapValues(\.value) },
                actualSlotCombination: best?.metadata?["slot_combination"]?.string, template: best?.template.text,
                microseconds: Double(elapsed) / 1000))
        }
        let t = TimeSummary(times)
        (r.meanMicroseconds, r.medianMicroseconds, r.p99Microseconds) = (t.mean, t.median, t.p99)
        return r
    }
}
