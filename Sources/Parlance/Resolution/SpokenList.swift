import Foundation
import ParlanceText

/// A list of items said as free text ("milk, eggs and bread", "牛乳と卵とパン", "牛奶、鸡蛋和面包")
/// split into its items, for parameters that take several values (`INAddTasksIntent.taskTitles`).
///
/// Items are split at list punctuation (`,` `、` `，` `;` `；`, not inside a number: "1,5 kg") and at the language's conjunctions said
/// as words of their own ("and", "und", "и", "と", "和"): "apples and bananas" is two tasks, as
/// people who add to a list mean it. In unspaced scripts the conjunctions also mean "with"
/// ("田中と会う", "和王芳吃饭"), so there one splits only when said twice ("牛乳と卵とパン"), in
/// the last item of a punctuated list ("牛奶、鸡蛋和面包", not "和王芳吃饭，买牛奶"), or, in Japanese,
/// in a text without list punctuation that ends on a noun and does not begin with a person
/// ("牛乳と卵", not "田中と会う", "上司と面談" or "田中さんとランチ").
struct SpokenList: Sendable {
    let profile: TextProfile
    /// Match keys of the conjunctions that join items.
    let conjunctions: Set<String>
    /// Whether words name a person (a contact, a relation): "with" them is no item.
    let isPerson: @Sendable (String) -> Bool

    static let punctuation: Set<UInt16> = [0x2C, 0x3B, 0x3001, 0xFF0C, 0xFF1B]  // , ; 、 ， ；

    /// - Parameter language: the language whose conjunctions join items; those of
    ///   `PersonNameForms` that mean "and" (not Russian "с", "with", nor the Ukrainian "та" and
    ///   "й", which are Russian words of their own).
    ///   - isPerson: whether words name a person, for a Japanese と that may mean "with".
    init(profile: TextProfile, language: String, isPerson: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.profile = profile
        self.isPerson = isPerson
        let notAnd: Set<String> = language == "ru" ? ["с", "со", "та", "й", ","] : ["с", "со", ","]
        conjunctions = PersonNameForms(language: language).conjunctions
            .subtracting(notAnd).reduce(into: []) { $0.insert(profile.key($1)) }
    }

    /// People said with a word for what they are rather than a name, whom one does things with.
    static let japanesePeople: Set<String> = ["友達", "友だち", "友人", "彼女", "彼氏", "彼", "子供", "子ども", "家族", "同僚",
                                              "先輩", "後輩", "先生", "みんな", "皆", "仲間", "恋人", "夫婦", "親", "両親"]
    /// Endings that make a word a person (`田中さん`, `佐藤様`): the honorifics names take.
    static let japaneseHonorifics = PersonNameForms(language: "ja").honorificSuffixes

    /// Whether the one と in a Japanese `text` joins things: the text ends on a noun, not on a
    /// verb or an adjective (their endings are hiragana: `田中と会う`), and what comes before と
    /// is no person (`上司と面談`, `友達とランチ`, `田中さんと打ち合わせ`).
    func joiningThings(_ text: String, _ units: [UInt16], at joining: [Range<Int>]) -> Bool {
        guard profile.locale.language == "ja", joining.count == 1, let last = text.unicodeScalars.last(where: {
            !$0.properties.isWhitespace && !["。", "．", ".", "！", "!", "？", "?"].contains(Character($0))
        }), !(0x3041...0x309F).contains(last.value) else { return false }
        let before = UTF16Fast.string(units[..<joining[0].lowerBound]).trimmingCharacters(in: .whitespaces)
        guard !before.isEmpty, !Self.japanesePeople.contains(before),
              !Self.japaneseHonorifics.contains(where: { before.hasSuffix($0) }) else { return false }
        return !isPerson(before)
    }

    /// The items of `text`, trimmed; `[text]` when it is not a list of two or more.
    func items(_ text: String) -> [String] {
        let units = Array(text.utf16)
        let tokens = profile.tokenize(text)
        let numbers = tokens.filter { $0.kind == .number }.map(\.range)
        var cuts: [Range<Int>] = []
        for (i, u) in units.enumerated() where Self.punctuation.contains(u) && !numbers.contains(where: { $0.contains(i) }) {
            cuts.append(i..<i + 1)
        }
        var joining = tokens.filter { conjunctions.contains($0.key) }.map(\.range)
        if profile.isUnspaced && joining.count < 2 && !(cuts.isEmpty && joiningThings(text, units, at: joining)) {
            // One と or 和 may mean "with": it joins items only in a punctuated list's last item.
            joining = joining.filter { $0.lowerBound >= (cuts.last?.upperBound ?? .max) }
        }
        guard !cuts.isEmpty || !joining.isEmpty else { return [text] }
        cuts += joining
        cuts.sort { $0.lowerBound < $1.lowerBound }
        var items: [String] = []
        var start = 0
        for cut in cuts + [units.count..<units.count] where cut.lowerBound >= start {
            let item = UTF16Fast.string(units[start..<cut.lowerBound]).trimmingWhitespace()
            if !item.isEmpty { items.append(item) }
            start = cut.upperBound
        }
        return items.count >= 2 ? items : [text]
    }
}
