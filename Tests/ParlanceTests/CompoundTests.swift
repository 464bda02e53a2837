import Testing
import ParlanceText
@testable import Parlance

/// Compounds written with a hyphen read as the words they join, when the hyphens leave nothing
/// accepted: ranges still point into the utterance as said.
struct CompoundTests {
    static let cases: [(locale: String, utterance: String, intent: String, app: String)] = [
        ("de-DE", "starte einen Indoor-Lauf mit Schritt", "INStartWorkoutIntent", "com.example.stride"),
        ("de-DE", "Kannst du Kate über die Super-App schreiben, dass ich unterwegs bin", "INSendMessageIntent", "com.example.awesome"),
        ("de-DE", "Starte einen 30-Minuten-Lauf mit Stride Run", "INStartWorkoutIntent", "com.example.stride"),
        ("en-US", "use awesome-app to tell john and kate i'll be ten minutes late", "INSendMessageIntent", "com.example.awesome"),
        // The other way round: the pack writes "montre-moi", the transcriber "montre moi".
        ("fr-FR", "soirée ciné montre moi les films tendance", "ShowMoviesIntent", "com.example.flicks"),
        ("fr-FR", "wender loon réserve moi un taxi depuis l'aéroport d'heathrow", "INRequestRideIntent", "com.example.wenderloon"),
        // An app named with a hyphen ("Porte-monnaie") said as two words.
        ("fr-FR", "paye 20 euros à anna pour le déjeuner avec porte monnaie", "INSendPaymentIntent", "com.example.coinpurse"),
    ]

    @Test(arguments: cases)
    func readsAHyphenatedCompoundAsWords(_ c: (locale: String, utterance: String, intent: String, app: String)) throws {
        try MatcherTests.expectAccepted(c.utterance, c.locale, intent: c.intent, app: c.app)
    }

    @Test func writesATemplatesHyphensAsSpaces() {
        #expect(LocalePack.spacingHyphens("(montre-moi|dis-moi) {media-item}") == "(montre moi|dis moi) {media-item}")
        #expect(LocalePack.spacingHyphens("<ask-app> x - y") == "<ask-app> x - y")
    }

    @Test func spacesOnlyHyphensInsideWords() {
        #expect(Matcher.spacingCompounds("Indoor-Lauf") == "Indoor Lauf")
        #expect(Matcher.spacingCompounds("30-Minuten-Lauf") == "30 Minuten Lauf")
        #expect(Matcher.spacingCompounds("a - b") == nil)
        #expect(Matcher.spacingCompounds("-5") == nil)
    }
}

/// Contacts and apps written in Latin letters but said in the utterance's script are heard by
/// sound when nothing else settles the utterance, so they stop running into the free text.
struct SoundAlikeNameTests {
    static let cases: [(locale: String, utterance: String, app: String, parameter: String, said: String)] = [
        ("zh-CN", "用真棒告诉约翰和凯特我会晚到十分钟", "com.example.awesome", "recipients", "约翰和凯特"),
        ("ru-RU", "напиши маше в осам что я опоздаю", "com.example.awesome", "content", "я опоздаю"),
    ]

    @Test(arguments: cases)
    func hearsANameSaidInTheUtterancesScript(_ c: (locale: String, utterance: String, app: String, parameter: String, said: String)) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        #expect(best.app?.bundleIdentifier == c.app)
        #expect(best.accepted && best.resolution == .ready)
        #expect(best.parameters[c.parameter]?.text == c.said)
    }

    /// App and user vocabulary written in Latin letters, said in katakana: the item, scored as a
    /// respaced or inflected form (so it wins over the same words as free text), not free text.
    static let vocabularyCases: [(utterance: String, parameter: String, identifier: String)] = [
        ("ストライドでテンポランを始めて", "workoutName", "tempo-run"),
        ("テンポランを終わりにして、ストライドで", "workoutName", "tempo-run"),
        ("ストライドでロングランを始めて", "workoutName", "long-run"),
        ("映画ナイトでニーナ・シモンをかけて", "mediaItems", "Nina Simone"),
        // As Japanese borrows English: an r that ends a syllable is a long vowel, a plural s is
        // dropped; a katakana run the dictionary cuts in pieces is heard whole; a word of five
        // letters is heard on three consonants.
        ("ジョッターのグロサリーに牛乳を追加して", "targetTaskList", "Groceries"),
        ("映画ナイトでモーニングランを流して", "mediaItems", "Morning Run"),
        ("シューボックスでサマーインキョウトのアルバムを見せて", "albumName", "Summer in Kyoto"),
        ("映画ナイトでフォーカスを再生して", "mediaItems", "Focus"),
    ]

    @Test(arguments: vocabularyCases)
    func hearsAVocabularyPhraseSaidInTheUtterancesScript(_ c: (utterance: String, parameter: String, identifier: String)) throws {
        let best = try MatcherTests.best(c.utterance, "ja-JP")
        #expect(best.accepted)
        let p = try #require(best.parameters[c.parameter])
        #expect(p.match == .transliterated)
        #expect(p.score == SoundAlikeNames.itemScore)
        if case .vocabulary(let id, _)? = p.value { #expect(id == c.identifier) } else { Issue.record("\(String(describing: p.value))") }
    }

    /// Words in katakana that sound like no item stay free text.
    @Test func keepsOtherWordsAsFreeText() throws {
        let best = try MatcherTests.best("ストライドで朝ランを始めて", "ja-JP")
        #expect(best.parameters["workoutName"]?.match == .wildcard)
    }

    @Test(arguments: [("summer in kyoto", "summe in kyoto"), ("groceries", "grocerie"), ("morning run", "moning run"),
                      ("focus", "focus"), ("photos", "photo"), ("packing list", "packing list"), ("boss", "boss"), ("", "")])
    func spellsAPhraseAsKatakanaHearsIt(_ c: (phrase: String, heard: String)) {
        #expect(SoundAlikeNames.asKatakanaHearsIt(c.phrase) == c.heard)
    }

    /// A final v said f, as Russian devoices it, and a w that begins a kana syllable after i or u.
    @Test(arguments: [("ivanov", "iwanofu"), ("petrov", "petorofu"), ("dmitri ivanov", "dmitorii iwanofu")])
    func keysARussianNameAsKanaSpellIt(_ c: (written: String, said: String)) {
        #expect(NameSound.keys(c.written).contains(NameSound.key(c.said)))
    }

    @Test func keysAnAppNameAsItIsSaid() {
        #expect(NameSound.key("awesome") == NameSound.key("osam"))
    }
}
