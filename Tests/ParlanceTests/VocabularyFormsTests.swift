import Testing
import ParlanceText
@testable import Parlance

/// Vocabulary phrases said inflected or spaced, in each language the forms claim.
struct VocabularyFormsTests {
    struct Case: CustomStringConvertible, Sendable {
        let language: String
        let phrase: String
        let said: String
        let match: MatchKind
        var description: String { "\(language): \(phrase) → \(said)" }
    }

    static let cases: [Case] = [
        Case(language: "de", phrase: "Beliebt", said: "beliebte", match: .inflected),
        Case(language: "de", phrase: "Bestbewertet", said: "bestbewerteten", match: .inflected),
        Case(language: "fr", phrase: "tendance", said: "tendances", match: .inflected),
        Case(language: "es", phrase: "popular", said: "populares", match: .inflected),
        Case(language: "ru", phrase: "утренняя пробежка", said: "утреннюю пробежку", match: .inflected),
        Case(language: "en", phrase: "WenderPool", said: "Wender Pool", match: .folded),
        // A plural phrase said in the singular: "un film populaire", "una película popular".
        Case(language: "fr", phrase: "Populaires", said: "populaire", match: .inflected),
        Case(language: "fr", phrase: "les meilleurs", said: "les meilleur", match: .inflected),
        Case(language: "es", phrase: "Populares", said: "popular", match: .inflected),
        Case(language: "es", phrase: "Clásicos", said: "clásico", match: .inflected),
    ]

    @Test(arguments: cases)
    func saysAPhraseAnotherWay(_ c: Case) {
        let v = VocabularyForms(language: c.language).variants(of: c.phrase)
        let hit = v.first { $0.said.lowercased() == c.said.lowercased() }
        #expect(hit?.match == c.match, "\(v.map(\.said))")
        #expect((hit?.score ?? 1) < 1)
    }

    @Test func leavesEnglishWordsUninflected() {
        #expect(!VocabularyForms(language: "en").variants(of: "tempo run").contains { $0.match == .inflected })
    }

    /// End to end: the form is found in a sentence, gives the item's identifier, and says how.
    static let sentences: [(locale: String, utterance: String, parameter: String, identifier: String)] = [
        ("de-DE", "zeig mir angesagte filme in filmabend", "category", "popular"),
        ("ru-RU", "начни утреннюю пробежку в Шаге", "workoutName", "утренняя пробежка"),
        ("es-ES", "pide un wender pool a la estación", "rideOptionName", "balloon.pool"),
        ("fr-FR", "Montre-moi un film populaire dans Soirée Ciné", "category", "popular"),
    ]

    @Test(arguments: sentences)
    func findsTheFormInASentence(_ c: (locale: String, utterance: String, parameter: String, identifier: String)) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        let p = try #require(best.parameters[c.parameter])
        guard case .vocabulary(let id, _)? = p.value else { Issue.record("not a vocabulary value: \(String(describing: p.value))"); return }
        #expect(id == c.identifier)
        #expect(p.score < 1)
        #expect(best.accepted)
    }
}
