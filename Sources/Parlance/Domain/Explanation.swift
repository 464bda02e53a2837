import ParlanceText

/// Why an utterance was read the way it was: the text layer's view, every template that matched
/// with its rank, and what each became (or why it was dropped).
public struct Explanation: Codable, Sendable {
    public struct Candidate: Codable, Sendable {
        public var intent: String
        public var template: String
        public var slots: [String: String]
        /// hassil's ranking figures (`TemplateMatch.Rank`).
        public var rank: String
        /// What the candidate became; nil when it was dropped.
        public var interpretation: Interpretation?
        public var dropped: String?
    }

    public var utterance: String
    public var locale: LocaleID
    /// The pack that served the locale.
    public var pack: LocaleID
    public var analysis: TextAnalysis
    public var candidates: [Candidate]
    public var result: MatchResult
}

extension Matcher {
    /// `match`, with the trace: tokens and keys, numbers and amounts, and every candidate.
    public func explain(_ utterance: String, locale: LocaleID, top: Int = 3) throws -> Explanation {
        let result = try match(utterance, locale: locale, top: top)
        let c = try compiledPack(for: locale)
        let interpreter = Interpreter(pack: c, catalog: catalog, utterance: utterance)
        let candidates = c.matcher.all(utterance, lists: c.lists, bestSlot: nil, limit: 24).map { m -> Explanation.Candidate in
            let i = interpreter.interpret(m)
            return Explanation.Candidate(
                intent: m.intent, template: m.template.text,
                slots: m.slots.mapValues { "\($0.text)\($0.isWildcard ? " (wildcard)" : "") → \($0.value)" },
                rank: m.rank.description, interpretation: i,
                dropped: i == nil ? "a slot's text is not a value of its type (e.g. no currency amount)" : nil)
        }
        return Explanation(utterance: utterance, locale: locale, pack: c.locale,
                           analysis: c.analyzer.analyze(utterance, latin: true), candidates: Array(candidates), result: result)
    }
}
