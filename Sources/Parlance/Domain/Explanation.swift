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
        var interpreter = Interpreter(pack: c, catalog: catalog, utterance: utterance)
        // An app heard by sound was read with the lists that hear it: show those readings.
        let lists = try c.listsReadingAmounts(in: utterance)
        let heard = result.interpretations.first?.app?.source == "soundalike" ? try c.listsHearingNames(in: utterance, base: lists) : nil
        let matches = c.matcher.all(utterance, lists: heard ?? lists, bestSlot: nil, limit: 24)
        let interpreted = interpreter.interpretAll(matches)
        let candidates = zip(matches, interpreted).map { m, i -> Explanation.Candidate in
            // The app's slot says which of its names was heard (`split`, `otherKana`, …).
            let heardAs = i?.app?.range != nil ? i?.app?.source.map { " (\($0))" } ?? "" : ""
            return Explanation.Candidate(
                intent: m.intent, template: m.template.text,
                slots: Dictionary(uniqueKeysWithValues: m.slots.map { name, s in
                    (name, "\(s.text)\(s.isWildcard ? " (wildcard)" : "") → \(s.value)" + (name == "app" ? heardAs : ""))
                }),
                rank: m.rank.description, interpretation: i,
                dropped: i == nil ? "a slot's text is not a value of its type (e.g. no currency amount)" : nil)
        }
        return Explanation(utterance: utterance, locale: locale, pack: c.locale,
                           analysis: c.analyzer.analyze(utterance, latin: true), candidates: Array(candidates), result: result)
    }
}
