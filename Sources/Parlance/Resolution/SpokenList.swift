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
/// when a text without list punctuation ends on a noun ("牛乳と卵", not "田中と会う").
struct SpokenList: Sendable {
    let profile: TextProfile
    /// Match keys of the conjunctions that join items.
    let conjunctions: Set<String>

    static let punctuation: Set<UInt16> = [0x2C, 0x3B, 0x3001, 0xFF0C, 0xFF1B]  // , ; 、 ， ；

    /// - Parameter language: the language whose conjunctions join items; those of
    ///   `PersonNameForms` that mean "and" (not Russian "с", "with", nor the Ukrainian "та" and
    ///   "й", which are Russian words of their own).
    init(profile: TextProfile, language: String) {
        self.profile = profile
        let notAnd: Set<String> = language == "ru" ? ["с", "со", "та", "й", ","] : ["с", "со", ","]
        conjunctions = PersonNameForms(language: language).conjunctions
            .subtracting(notAnd).reduce(into: []) { $0.insert(profile.key($1)) }
    }

    /// Whether a Japanese text ends on a noun, not on a verb or an adjective (whose endings are
    /// hiragana: `田中と会う`, `早く`): then one と in it joins things (`牛乳と卵`, `充電器とパスポート`).
    static func namesThings(_ text: String, language: String) -> Bool {
        guard language == "ja", let last = text.unicodeScalars.last(where: { !$0.properties.isWhitespace }) else { return false }
        return !(0x3041...0x309F).contains(last.value)
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
        if profile.isUnspaced && joining.count < 2 && !(cuts.isEmpty && Self.namesThings(text, language: profile.locale.language)) {
            // One と or 和 may mean "with": it joins items only in a punctuated list's last item.
            joining = joining.filter { $0.lowerBound >= (cuts.last?.upperBound ?? .max) }
        }
        guard !cuts.isEmpty || !joining.isEmpty else { return [text] }
        cuts += joining
        cuts.sort { $0.lowerBound < $1.lowerBound }
        var items: [String] = []
        var start = 0
        for cut in cuts + [units.count..<units.count] where cut.lowerBound >= start {
            let item = UTF16Fast.string(units[start..<cut.lowerBound])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if !item.isEmpty { items.append(item) }
            start = cut.upperBound
        }
        return items.count >= 2 ? items : [text]
    }
}
