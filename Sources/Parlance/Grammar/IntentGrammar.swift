/// One language's intents in hassil's model: sentence templates grouped in blocks per intent,
/// slot lists, expansion rules and skip words. Built by `GrammarLoader` from a merged
/// home-assistant-intents JSON file or from YAML locale packs; compiled by `TemplateMatcher`.
public struct IntentGrammar: Sendable {
    public var language: String
    /// In file order; the order decides between results that rank equal.
    public var intents: [Intent]
    public var lists: [String: SlotList]
    public var rules: [String: Template]
    public var skipWords: [String]
    /// hassil's `ignore_whitespace` setting (Chinese): spaces between CJK characters are ignored.
    public var ignoresWhitespace: Bool
    /// Slots start and end on word boundaries: no slot begins or ends between two letters of
    /// a word ("до Шереметье|во"). Not hassil's: its engine reads letters, not words. Locale packs
    /// of spaced scripts set it; Home Assistant grammars do not.
    public var wholeWords = false
    /// A wildcard's text is the utterance as said over the words it took, skip words in it and
    /// next to it included, but not those said at the very start before free text that begins
    /// the utterance (`settings: {wildcards_as_said: true}`; locale packs set it). hassil gives
    /// the text with skip words removed, as Home Assistant's grammars expect.
    public var wildcardsAsSaid = false

    public init(language: String, intents: [Intent] = [], lists: [String: SlotList] = [:],
                rules: [String: Template] = [:], skipWords: [String] = [], ignoresWhitespace: Bool = false) {
        self.language = language
        self.intents = intents
        self.lists = lists
        self.rules = rules
        self.skipWords = skipWords
        self.ignoresWhitespace = ignoresWhitespace
    }

    /// Every template in the grammar.
    public var templateCount: Int { intents.reduce(0) { $0 + $1.blocks.reduce(0) { $0 + $1.templates.count } } }
}

public struct Intent: Sendable {
    public var name: String
    public var blocks: [IntentBlock]
    public init(name: String, blocks: [IntentBlock]) {
        self.name = name
        self.blocks = blocks
    }
}

/// A block of templates sharing fixed slots, context conditions, metadata and a response.
public struct IntentBlock: Sendable {
    public var templates: [Template]
    /// Slots every match of the block gets (`domain: light`).
    public var slots: [String: JSONValue] = [:]
    public var response: String?
    /// Context the match needs; `{area: {slot: true}}` also copies the context value into a slot.
    public var requiresContext: [String: JSONValue] = [:]
    public var excludesContext: [String: JSONValue] = [:]
    /// Rules and lists visible only in this block (they override the grammar's).
    public var rules: [String: Template] = [:]
    public var lists: [String: SlotList] = [:]
    public var metadata: [String: JSONValue]?
    /// Folded words of which the utterance must contain at least one.
    public var requiredKeywords: Set<String>?

    public init(templates: [Template]) { self.templates = templates }
}

/// A slot list: literal values, a number range, or a wildcard.
public enum SlotList: Sendable {
    case values([SlotValue])
    case range(NumberRange)
    case wildcard
}

/// One value of a text slot list.
public struct SlotValue: Sendable {
    /// What is said: plain text (one literal chunk) or a template.
    public var input: TemplateExpression
    /// What the slot gets; nil means the matched text.
    public var output: JSONValue?
    /// Context the value adds to the match when it matches (an entity's `domain`).
    public var context: [String: JSONValue]?
    public var metadata: [String: JSONValue]?

    public init(input: TemplateExpression, output: JSONValue?, context: [String: JSONValue]? = nil,
                metadata: [String: JSONValue]? = nil) {
        self.input = input
        self.output = output
        self.context = context
        self.metadata = metadata
    }

    /// A plain value: said as written (one literal, as hassil reads strings without syntax).
    public init(text: String, output: JSONValue? = nil, context: [String: JSONValue]? = nil) {
        let t = TemplateParser.normalize(text)
        self.init(input: .text(t, range: 0..<text.utf16.count), output: output ?? .string(text), context: context)
    }

    /// A value that may use template syntax (`garage door[s]`), parsed when it does.
    public static func parsing(_ text: String, output: JSONValue?, context: [String: JSONValue]? = nil,
                               metadata: [String: JSONValue]? = nil, location: SourceLocation? = nil) throws -> SlotValue {
        guard SlotValue.hasSyntax(text) else {
            var v = SlotValue(text: text, output: output, context: context)
            v.output = output
            v.metadata = metadata
            return v
        }
        return SlotValue(input: try Template(text, location: location).expression, output: output,
                         context: context, metadata: metadata)
    }

    /// hassil's `is_template`: any of `(){}<>[]|@`.
    public static func hasSyntax(_ s: String) -> Bool { s.contains { "(){}<>[]|@".contains($0) } }
}

/// A `range` list: whole numbers from `from` to `to` by `step`, optionally with halves or
/// tenths, multiplied by `multiplier` in the slot value; said in digits and/or in words.
public struct NumberRange: Sendable, Hashable {
    public enum Fractions: String, Sendable, Hashable { case halves, tenths }
    public var from: Int
    public var to: Int
    public var step: Int = 1
    public var type: String = "number"
    public var fractions: Fractions?
    public var multiplier: Double?
    public var digits = true
    public var words = true
    public var wordsLanguage: String?

    public init(from: Int, to: Int, step: Int = 1) {
        self.from = from
        self.to = to
        self.step = step
    }

    /// How many values the range holds.
    public var count: Int { (to - from) / max(step, 1) + 1 }

    public var fractionValues: [Double] {
        switch fractions {
        case .halves: return [0.5]
        case .tenths: return (1...9).map { Double($0) / 10 }
        case nil: return []
        }
    }

    /// Whether `v` is one of the range's values (whole or with an allowed fraction).
    public func contains(_ v: Double) -> Bool {
        if step == 1 && fractions == nil { return Double(from) <= v && v <= Double(to) }
        let whole = v.rounded(.down)
        guard whole >= Double(from), whole <= Double(to), (Int(whole) - from) % step == 0 else { return false }
        let frac = v - whole
        return frac == 0 || fractionValues.contains { abs($0 - frac) < 1e-9 }
    }
}
