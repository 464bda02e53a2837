/// One way an utterance matches a template: the intent, its slots, and what ranks it.
public struct TemplateMatch: Sendable, CustomStringConvertible {
    public struct Slot: Sendable, Equatable {
        /// The list value's output, the number, or the text (wildcards, values without `out`).
        public var value: JSONValue
        /// The text it matched, as said (empty for fixed slots and slots from context).
        public var text: String
        /// UTF-16 offsets into the utterance; nil for fixed slots and slots from context.
        public var range: Range<Int>?
        public var isWildcard: Bool
        public var metadata: [String: JSONValue]?
        /// A wildcard's range widened over the skip words and punctuation said between it and
        /// the parts of the template around it (`IntentGrammar.wildcardsAsSaid`): what free text
        /// takes ("dile que gracias por todo": "gracias por todo"). Nil otherwise.
        public var saidRange: Range<Int>? = nil
    }

    public var intent: String
    /// Slots by name (a later slot of the same name wins, as in hassil).
    public var slots: [String: Slot]
    public var template: Template
    /// The template block's metadata (`slot_combination`, …).
    public var metadata: [String: JSONValue]?
    public var response: String?
    /// The context after matching: the caller's, plus what matched list values added.
    public var context: [String: JSONValue]
    public var rank: Rank
    /// Code points of skip words the text matched had dropped from the utterance; counted for
    /// grammars that read wildcards as said (`IntentGrammar.wildcardsAsSaid`), else 0.
    public var skipped = 0

    public var description: String {
        "\(intent) " + slots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.value)" }.joined(separator: " ")
    }
}

extension TemplateMatch {
    /// What orders matches: hassil's `recognize_best` with `best_slot_name`, in one place.
    ///
    /// Better first:
    /// 1. a non-wildcard value for the best slot (`name` for Home Assistant) over none;
    /// 2. the longer text for that slot (the most specific entity name wins);
    /// 3. fewer wildcard slots;
    /// 4. more literal template text matched (code points of literal chunks, not list values);
    /// 5. less text taken by wildcards (a word goes to a list slot rather than a wildcard);
    /// 6. the intent name, alphabetically (a stable, platform-independent tie-break);
    /// 7. then trial order: intents, blocks, templates (wildcard templates with more literal
    ///    chunks first), the utterance with skip words before without, the expression's order.
    public struct Rank: Sendable, Comparable, CustomStringConvertible {
        public var bestSlotLength: Int?
        public var wildcards: Int
        public var literal: Int
        public var wildcardText: Int
        public var intent: String

        public static func < (a: Rank, b: Rank) -> Bool {
            switch (a.bestSlotLength, b.bestSlotLength) {
            case (.some, nil): return true
            case (nil, .some): return false
            case (.some(let x), .some(let y)) where x != y: return x > y
            default: break
            }
            if a.wildcards != b.wildcards { return a.wildcards < b.wildcards }
            if a.literal != b.literal { return a.literal > b.literal }
            if a.wildcardText != b.wildcardText { return a.wildcardText < b.wildcardText }
            return a.intent.unicodeScalars.lexicographicallyPrecedes(b.intent.unicodeScalars)
        }

        public static func == (a: Rank, b: Rank) -> Bool { !(a < b) && !(b < a) }

        public var description: String {
            "bestSlot=\(bestSlotLength.map(String.init) ?? "-") wildcards=\(wildcards) literal=\(literal) wildcardText=\(wildcardText)"
        }
    }
}
