import Foundation

/// One line of a Home Assistant intent test file (`tests/<lang>.jsonl`): a sentence, the intent
/// and slots expected, the block's `slot_combination`, the caller's context and the vocabulary
/// (entities, areas, floors) the slot lists are built from.
public struct IntentTestCase: Sendable {
    public var sentence: String
    public var intent: String
    public var slots: [String: JSONValue]
    public var slotCombination: String?
    public var context: [String: JSONValue]
    public var vocab: JSONValue?
    /// Where the case came from: `file:line`.
    public var source: String

    /// Reads a JSON Lines test file; blank lines are skipped, a malformed line is an error naming it.
    public static func load(contentsOf url: URL) throws -> [IntentTestCase] {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw GrammarError("cannot read \(url.path): \(error.localizedDescription)")
        }
        var out: [IntentTestCase] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let loc = SourceLocation(file: url.lastPathComponent, line: i + 1, column: 1)
            guard let v = try? JSONValue.parse(Data(line.utf8)), let sentence = v["sentence"]?.string,
                  let intent = v["intent"]?.string else {
                throw GrammarError("not a test case (needs \"sentence\" and \"intent\")", location: loc,
                                   sourceLine: String(line.prefix(120)), caretColumn: 1)
            }
            out.append(IntentTestCase(sentence: sentence, intent: intent, slots: v["slots"]?.object ?? [:],
                                      slotCombination: v["slot_combination"]?.string,
                                      context: v["context"]?.object ?? [:], vocab: v["vocab"],
                                      source: "\(loc.file):\(loc.line)"))
        }
        return out
    }

    /// How far a match agrees with the case.
    public enum Verdict: Int, Sendable, Comparable, Codable {
        case noMatch, wrongIntent, wrongSlots, wrongSlotCombination, passed
        public static func < (a: Verdict, b: Verdict) -> Bool { a.rawValue < b.rawValue }
    }

    /// Judges `match` as the upstream test does: the intent; every matched slot expected with an
    /// equal value (a list on either side means "any of"), and no expected slot missing; then the
    /// matched block's `slot_combination`.
    public func verdict(_ match: TemplateMatch?) -> Verdict {
        guard let m = match else { return .noMatch }
        guard m.intent == intent else { return .wrongIntent }
        for (name, slot) in m.slots {
            guard let want = slots[name], !want.isNull else { return .wrongSlots }
            if !Self.agrees(want, slot.value) { return .wrongSlots }
        }
        for name in slots.keys where m.slots[name] == nil { return .wrongSlots }
        if let sc = slotCombination, m.metadata?["slot_combination"]?.string != sc { return .wrongSlotCombination }
        return .passed
    }

    static func agrees(_ want: JSONValue, _ got: JSONValue) -> Bool {
        switch (want, got) {
        case (.array(let w), .array(let g)): return w.allSatisfy { g.contains($0) }
        case (.array(let w), _): return w.contains(got)
        case (_, .array(let g)): return g.contains(want)
        default: return want == got
        }
    }
}
