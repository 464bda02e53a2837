import Testing
import ParlanceText
@testable import Parlance

/// People named in utterances, resolved against contacts, in each language the resolver claims.
struct PersonResolverTests {
    static let contacts: [PersonResolver.Contact] = [
        .init(name: "John Appleseed", identifier: "c1"), .init(name: "Kate Bell", identifier: "c2"),
        .init(name: "Anna Schmidt", identifier: "c3"), .init(name: "Anna Haro", identifier: "c4"),
        .init(name: "Ben Weber", identifier: "c5"), .init(name: "Маша Петрова", identifier: "c6"),
        .init(name: "Дима Соколов", identifier: "c7"), .init(name: "Дмитрий Иванов", identifier: "c8"),
        .init(name: "田中 太郎", identifier: "c9", pronunciation: "たなか たろう"), .init(name: "佐藤 花子", identifier: "c10"),
        .init(name: "王 芳", identifier: "c11"), .init(name: "李 伟", identifier: "c12"),
        .init(name: "José Álvarez", identifier: "c13"), .init(name: "Zoë Müller", identifier: "c14"),
    ]

    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let text: String
        let ids: [String]
        let resolution: ResolutionStatus
        let match: MatchKind
        var description: String { "\(locale): \(text)" }
    }

    static let cases: [Case] = [
        Case(locale: "en", text: "John and Kate", ids: ["c1", "c2"], resolution: .success, match: .exact),
        Case(locale: "en", text: "John Appleseed", ids: ["c1"], resolution: .success, match: .exact),
        Case(locale: "en", text: "Appleseed John", ids: ["c1"], resolution: .success, match: .exact),
        Case(locale: "en", text: "Anna", ids: ["c3", "c4"], resolution: .disambiguation, match: .exact),
        Case(locale: "en", text: "Mr Weber", ids: ["c5"], resolution: .success, match: .exact),
        Case(locale: "en", text: "jose alvarez", ids: ["c13"], resolution: .success, match: .exact),
        Case(locale: "en", text: "Kate Bel", ids: ["c2"], resolution: .confirmationRequired, match: .fuzzy),
        Case(locale: "de", text: "Anna Schmidt und Ben", ids: ["c3", "c5"], resolution: .success, match: .exact),
        Case(locale: "de", text: "Zoe Muller", ids: ["c14"], resolution: .success, match: .exact),
        Case(locale: "de", text: "Bens", ids: ["c5"], resolution: .success, match: .inflected),
        Case(locale: "ru", text: "Маше и Диме", ids: ["c6", "c7"], resolution: .success, match: .inflected),
        Case(locale: "ru", text: "Машей", ids: ["c6"], resolution: .success, match: .inflected),
        Case(locale: "ru", text: "Дмитрию Иванову", ids: ["c8"], resolution: .success, match: .inflected),
        Case(locale: "ru", text: "Петровой", ids: ["c6"], resolution: .success, match: .inflected),
        Case(locale: "ja", text: "田中さんと佐藤さん", ids: ["c9", "c10"], resolution: .success, match: .exact),
        Case(locale: "ja", text: "田中太郎", ids: ["c9"], resolution: .success, match: .exact),
        Case(locale: "zh", text: "王芳和李伟", ids: ["c11", "c12"], resolution: .success, match: .exact),
        Case(locale: "zh", text: "王芳", ids: ["c11"], resolution: .success, match: .exact),
        Case(locale: "en", text: "Masha Petrova", ids: ["c6"], resolution: .success, match: .transliterated),
        // Spanish diminutives, of a name as written and of one said in another script.
        Case(locale: "es", text: "Annita", ids: ["c3", "c4"], resolution: .disambiguation, match: .inflected),
        Case(locale: "es", text: "Mashita", ids: ["c6"], resolution: .success, match: .transliterated),
    ]

    @Test(arguments: cases)
    func resolves(_ c: Case) throws {
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts)
        let got = r.resolve(c.text)
        let ids = (got.resolution == .disambiguation ? got.candidates : got.people).compactMap(\.identifier)
        #expect(ids == c.ids)
        #expect(got.resolution == c.resolution)
        #expect(got.match == c.match)
        #expect(got.score > 0 && got.score <= 1)
    }

    /// The written forms an inflected word may come from: the word itself first, then every
    /// rule whose ending it has undone, in the order of the rules, each form once; a word too
    /// short for an ending keeps it. Checked against the rules read one by one.
    @Test(arguments: [
        ("ru", ["маше", "ивану", "иванову", "ей", "кошельку", "марии", "петровой", "дмитрию", "игорем", "шагомеру", "ом", "дом",
                "алексеевым", "звонку", "горького", "ольге", "машей", "ю"]),
        ("de", ["annas", "s", "bens", "anna"]),
        ("en", ["kate's", "james'", "kate", "s'"]),
        ("fr", ["annes"]),
    ])
    func undoesInflections(_ c: (String, [String])) {
        let forms = PersonNameForms(language: c.0)
        for word in c.1 {
            var expected = [word]
            let length = word.unicodeScalars.count
            for (ending, replacements) in forms.suffixRules {
                for r in replacements where !r.isEmpty && word.hasSuffix(r) && length > r.unicodeScalars.count + 1 {
                    expected.append(String(word.dropLast(r.count)) + ending)
                }
            }
            for e in forms.consonantEndings where word.hasSuffix(e) && length > e.unicodeScalars.count + 2 {
                expected.append(String(word.dropLast(e.count)))
            }
            expected = expected.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            #expect(forms.baseForms(of: word) == expected, "\(word)")
        }
        #expect(forms.baseForms(of: "маше").contains("маша") == (c.0 == "ru"))
    }

    @Test func keepsAnUnknownNameForConfirmation() throws {
        let r = try PersonResolver(locale: LocaleID("en"), contacts: Self.contacts)
        let got = r.resolve("my managers")
        #expect(got.resolution == .confirmationRequired)
        #expect(got.people.map(\.name) == ["my managers"])
        #expect(got.score == PersonResolver.Scoring.unknown)
        #expect(r.resolve("attention to the road please").score == PersonResolver.Scoring.unlikely)
    }

    @Test func ranksAFullNameAboveAGivenName() throws {
        let r = try PersonResolver(locale: LocaleID("en"), contacts: Self.contacts)
        #expect(r.resolve("John Appleseed").score > r.resolve("John").score)
    }

    /// Latin-script contacts said in Cyrillic, kana or Hanzi, inflected or with honorifics.
    static let transcribed: [Case] = [
        Case(locale: "ru", text: "Джону и Кейт", ids: ["c1", "c2"], resolution: .success, match: .transliterated),
        Case(locale: "ru", text: "Джоном", ids: ["c1"], resolution: .success, match: .transliterated),
        Case(locale: "ru", text: "Бену", ids: ["c5"], resolution: .success, match: .transliterated),
        Case(locale: "ru", text: "Анне", ids: ["c3", "c4"], resolution: .disambiguation, match: .transliterated),
        Case(locale: "ja", text: "ジョンさんとケイトさん", ids: ["c1", "c2"], resolution: .success, match: .transliterated),
        Case(locale: "ja", text: "ベン", ids: ["c5"], resolution: .success, match: .transliterated),
        // A final в said as Russian devoices it: `Иванов` as `イワノフ`.
        Case(locale: "ja", text: "イワノフさん", ids: ["c8"], resolution: .success, match: .transliterated),
        Case(locale: "zh", text: "约翰", ids: ["c1"], resolution: .success, match: .transliterated),
        Case(locale: "zh", text: "凯特", ids: ["c2"], resolution: .success, match: .transliterated),
        // A name of two words said as one, with or without the middle dot.
        Case(locale: "ja", text: "ジョン・アップルシード", ids: ["c1"], resolution: .success, match: .transliterated),
        Case(locale: "ja", text: "ジョンアップルシード", ids: ["c1"], resolution: .success, match: .transliterated),
        // Names written in Cyrillic or kanji, said in Latin letters: by sound, in either order;
        // a Japanese name by the words of its reading.
        Case(locale: "en", text: "Dmitri Ivanov", ids: ["c8"], resolution: .success, match: .transliterated),
        Case(locale: "de", text: "Taro Tanaka", ids: ["c9"], resolution: .success, match: .transliterated),
        Case(locale: "fr", text: "Tanaka Taro", ids: ["c9"], resolution: .success, match: .transliterated),
        Case(locale: "es", text: "Tanaka", ids: ["c9"], resolution: .success, match: .transliterated),
        Case(locale: "fr", text: "Wei Li", ids: ["c12"], resolution: .success, match: .transliterated),
        // A word of the reading alone, its long vowel written once as Hepburn does (`たろう`: Taro).
        Case(locale: "es", text: "Taro", ids: ["c9"], resolution: .success, match: .transliterated),
        Case(locale: "en", text: "Taro", ids: ["c9"], resolution: .success, match: .transliterated),
        Case(locale: "de", text: "Tanaka Taro", ids: ["c9"], resolution: .success, match: .transliterated),
        Case(locale: "fr", text: "Taro", ids: ["c9"], resolution: .success, match: .transliterated),
    ]

    /// A name after a possessive or an article and a word for a relation or a title: the name
    /// decides, scored `described`; a preposition before it, or more words, describe nobody.
    @Test(arguments: [
        ("es", "mi jefe John", ["c1"], ResolutionStatus.success),
        ("es", "la señora Bell", ["c2"], .success),
        ("en", "my boss John", ["c1"], .success),
        ("de", "meiner Nichte Zoë", ["c14"], .success),
        ("fr", "ma nièce Anna", ["c3", "c4"], .disambiguation),
        ("ru", "моей сестре Маше", ["c6"], .success),
    ])
    func resolvesANameAfterItsDescription(_ locale: String, _ text: String, _ ids: [String], _ resolution: ResolutionStatus) throws {
        let r = try PersonResolver(locale: LocaleID(locale), contacts: Self.contacts)
        let got = r.resolve(text)
        #expect((resolution == .disambiguation ? got.candidates : got.people).compactMap(\.identifier) == ids)
        #expect(got.resolution == resolution)
        #expect(got.score <= PersonResolver.Scoring.described)
    }

    @Test(arguments: [("de", "An Kate"), ("es", "el hijo de Anna"), ("en", "my boss"), ("es", "para Kate ya")])
    func describesNobodyWithoutADeterminer(_ locale: String, _ text: String) throws {
        let r = try PersonResolver(locale: LocaleID(locale), contacts: Self.contacts)
        #expect(r.resolve(text).match == .wildcard)
    }

    /// How names written in another script are said in Latin letters: from the kana reading
    /// (long vowels also short), from pinyin, or from the name itself, never from a respelling.
    @Test(arguments: [
        (PersonResolver.Contact(name: "田中 太郎", pronunciation: "たなか たろう"),
         ["tanaka tarou", "tarou tanaka", "tanaka", "tarou", "tanaka taro", "taro tanaka", "taro"]),
        (PersonResolver.Contact(name: "佐藤 花子", pronunciation: "さとう はなこ"),
         ["satou hanako", "hanako satou", "satou", "hanako", "sato hanako", "hanako sato", "sato"]),
        (PersonResolver.Contact(name: "李 伟", pronunciation: "Lǐ Wěi"), ["li wei", "wei li"]),
        (PersonResolver.Contact(name: "Дмитрий Иванов", pronunciation: "DMEE-tree ee-VAH-nov"),
         ["dmitrii ivanov", "ivanov dmitrii", "dmitrii", "ivanov"]),
        (PersonResolver.Contact(name: "John Appleseed", pronunciation: "ジョン"), []),
    ])
    func saysANameOfAnotherScriptInLatinLetters(_ c: PersonResolver.Contact, _ want: [String]) throws {
        let profile = try TextAnalyzer.shared(for: LocaleID("es")).profile
        #expect(PersonResolver.latinSayings(c, profile: profile) == want)
    }

    @Test(arguments: transcribed)
    func resolvesANameSaidInAnotherScript(_ c: Case) throws {
        try resolves(c)
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts)
        #expect(r.resolve(c.text).score < PersonResolver.Scoring.exact)
    }

    @Test func keepsUnrelatedWordsOfAnotherScriptUnknown() throws {
        let r = try PersonResolver(locale: LocaleID("ru"), contacts: Self.contacts)
        #expect(r.resolve("руководителям").match == .wildcard)
        #expect(r.resolve("Jon").match != .transliterated)  // Latin letters are spellings, not transcriptions
        // …of a name written in Latin letters: `Kate` is not `Kyte`, whatever they sound like.
        let en = try PersonResolver(locale: LocaleID("en"), contacts: Self.contacts)
        #expect(en.resolve("Kyte").match != .transliterated)
        #expect(en.resolve("Taro Suzuki").match == .wildcard)
    }

    /// Nicknames come from the pack's table, both ways and inflected.
    static let nicknameCases: [(locale: String, text: String, id: String)] = [
        ("ru", "Диме", "d"), ("ru", "Димой", "d"), ("ru", "Митя", "d"), ("ru", "Марии", "m"), ("ru", "Оле", "o"),
        // With the family name: as sure as the nickname, not as the name as written.
        ("ru", "Дима Иванов", "d"),
    ]

    @Test(arguments: nicknameCases)
    func resolvesANickname(_ c: (locale: String, text: String, id: String)) throws {
        let contacts: [PersonResolver.Contact] = [
            .init(name: "Дмитрий Иванов", identifier: "d"), .init(name: "Маша Петрова", identifier: "m"),
            .init(name: "Ольга Смирнова", identifier: "o"),
        ]
        let table = ["Дмитрий": ["Дима", "Митя"], "Мария": ["Маша"], "Ольга": ["Оля"]]
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: contacts, nicknames: table)
        let got = r.resolve(c.text)
        #expect(got.people.compactMap(\.identifier) == [c.id])
        #expect(got.match == .synonym)
        #expect(got.score == PersonResolver.Scoring.nickname)
        let without = try PersonResolver(locale: LocaleID(c.locale), contacts: contacts)
        #expect(without.resolve(c.text).people.compactMap(\.identifier) != [c.id])
    }

    /// A given name as the language spells it (or its nickname) with the family name
    /// transcribed from another script is one contact: "Dima Ivanov", "Macha Petrova".
    @Test(arguments: [("es", "Dima Ivanov", "d"), ("fr", "Macha Petrova", "m"), ("es", "Olga Smirnova", "o")])
    func resolvesANameSaidHalfTranscribed(_ locale: String, _ text: String, _ id: String) throws {
        let contacts: [PersonResolver.Contact] = [
            .init(name: "Дмитрий Иванов", identifier: "d"), .init(name: "Маша Петрова", identifier: "m"),
            .init(name: "Ольга Смирнова", identifier: "o"),
        ]
        // As the es-ES and fr-FR packs write them: the name as written, and how it is spelled here.
        let table = ["Дмитрий": ["Dmitri", "Dima"], "Маша": ["Macha", "Masha"], "Ольга": ["Olga"]]
        let r = try PersonResolver(locale: LocaleID(locale), contacts: contacts, nicknames: table)
        let got = r.resolve(text)
        #expect(got.people.compactMap(\.identifier) == [id])
        #expect(got.match == .transliterated)
        #expect(got.score == PersonResolver.Scoring.partlyTransliterated)
        // The two words must agree on one contact, and the transcribed one be a word of a name.
        #expect(r.resolve("Dima Petrova").people.compactMap(\.identifier) != ["d"])
        #expect(r.resolve("Dima Petrovsky").match != .transliterated)
    }

    @Test func keysNamesBySoundAcrossScripts() {
        for (latin, key) in [("john", "jn"), ("dzhonu", "jn"), ("jon", "jn"), ("yuehan", "jn"), ("kate", "kt"),
                             ("keyt", "kt"), ("keito", "kt"), ("kaite", "kt"), ("anna", "an"), ("anne", "an")] {
            #expect(NameSound.key(latin) == key, "\(latin)")
        }
    }

    /// Relations said instead of names, from the pack's table, in each language with one.
    static let relationCases: [(locale: String, text: String, words: [String])] = [
        ("en", "my managers", ["managers"]), ("de", "meine Vorgesetzten", ["Vorgesetzten"]),
        ("fr", "mes managers", ["managers"]), ("es", "mis jefes", ["jefes"]),
        ("ru", "моим руководителям", ["руководителям"]), ("ja", "上司たち", ["上司"]), ("zh", "经理们", ["经理"]),
    ]

    /// A relation followed by more words than a plural ending (an amount) is no person: the
    /// phrase says more than who.
    @Test(arguments: [
        ("en", "mom 10 dollars", ["mom"]), ("de", "Mama 10 Euro", ["Mama"]), ("es", "hermano 20 euros", ["hermano"]),
        ("fr", "mère 50 euros", ["mère"]), ("ru", "маме 10 евро", ["маме"]), ("ja", "母 1000 円", ["母"]),
        ("zh", "妈 100 块", ["妈"]),
    ])
    func readsNoRelationFollowedByMore(_ c: (locale: String, text: String, words: [String])) throws {
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts, relationships: ["mother": c.words])
        #expect(r.resolve(c.text).people.first?.relationship == nil)
        #expect(r.resolve(c.words[0]).people.first?.relationship == "mother")
    }

    /// A possessive run together with the relation in unspaced scripts (`我妈`, `我的经理们`).
    @Test(arguments: [("zh", "我妈", "妈"), ("zh", "我的经理们", "经理"), ("ja", "うちの母", "母")])
    func resolvesARelationAfterAPossessive(_ c: (locale: String, text: String, word: String)) throws {
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts, relationships: ["mother": [c.word]])
        let got = r.resolve(c.text)
        #expect(got.people.map(\.relationship) == ["mother"])
        #expect(got.people.map(\.name) == [c.text])
    }

    /// One of the user's organizations, after an article, in each language: the organization
    /// as written, to confirm.
    @Test(arguments: [("en", "the Riverside Tennis Club"), ("de", "dem Riverside Tennis Club"), ("fr", "le Riverside Tennis Club"),
                      ("es", "al Riverside Tennis Club"), ("ru", "Riverside Tennis Club"), ("ja", "Riverside Tennis Club"),
                      ("zh", "Riverside Tennis Club")])
    func resolvesAnOrganization(_ c: (locale: String, text: String)) throws {
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts, organizations: ["Riverside Tennis Club"])
        let got = r.resolve(c.text)
        #expect(got.people.map(\.name) == ["Riverside Tennis Club"])
        #expect(got.resolution == .confirmationRequired)
        #expect(got.score == PersonResolver.Scoring.organization)
        let without = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts)
        #expect(without.resolve(c.text).match == .wildcard)
        // Text without a word names nobody, and takes no crash to say so.
        for blank in ["", " ", "?!", "、"] { #expect(r.resolve(blank).match == .wildcard) }
    }

    /// Names run together are cut at conjunctions as Foundation's `components(separatedBy:)`
    /// cuts them: at every occurrence, left to right, empty pieces kept.
    @Test(arguments: [
        ("田中と佐藤", "と"), ("田中と佐藤と鈴木", "と"), ("と田中と", "と"), ("とと", "と"), ("田中", "と"), ("", "と"),
        ("王芳还有李伟", "还有"), ("还有还有", "还有"), ("还", "还有"), ("李伟和😀和王芳", "和"), ("aaa", "aa"), ("田中", ""),
    ])
    func cutsNamesAtAConjunction(_ text: String, _ separator: String) {
        let expected = separator.isEmpty ? [text] : text.components(separatedBy: separator)
        #expect(PersonResolver.split(text, at: separator) == expected)
    }

    /// An organization is found by its key's length first: said run together in an unspaced
    /// script, after an article, or in a phrase of another length, it is found, or not, as
    /// by its words.
    @Test(arguments: [
        ("ja", "リバーサイドテニスクラブ", true), ("ja", "リバーサイド テニスクラブ", true), ("zh", "河畔网球俱乐部", true),
        ("en", "the Riverside Tennis Club", true), ("en", "Riverside Tennis", false), ("en", "Riverside Tennis Clubs", false),
        ("en", "Riverside Club", false), ("de", "dem Riverside Tennis Club", true),
    ])
    func findsAnOrganizationByItsLength(_ c: (locale: String, text: String, found: Bool)) throws {
        let names = ["Riverside Tennis Club", "リバーサイド テニスクラブ", "河畔 网球俱乐部"]
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts, organizations: names)
        let got = r.resolve(c.text)
        #expect((got.score == PersonResolver.Scoring.organization) == c.found, "\(c.text): \(got)")
        if c.found { #expect(got.people.count == 1 && names.contains(got.people[0].name)) }
    }

    @Test(arguments: relationCases)
    func resolvesARelation(_ c: (locale: String, text: String, words: [String])) throws {
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts, relationships: ["manager": c.words])
        let got = r.resolve(c.text)
        #expect(got.people.map(\.relationship) == ["manager"])
        #expect(got.people.first?.identifier == nil)
        #expect(got.score == PersonResolver.Scoring.relationship)
        let without = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts)
        #expect(without.resolve(c.text).people.first?.relationship == nil)
    }

    /// A given name shared by more contacts than a voice interface reads out: the first of them
    /// in the user's order, whether the name is written or said in another script.
    @Test(arguments: [("en", "Anna"), ("ru", "Анне"), ("ja", "アンナ")])
    func offersAtMostTheFirstCandidates(_ c: (locale: String, text: String)) throws {
        let surnames = ["Abbott", "Baker", "Clark", "Dixon", "Evans", "Fisher", "Grant", "Hughes", "Irwin", "Jones",
                        "Keller", "Lopez", "Moore", "Nash", "Owens", "Price", "Quinn", "Reed", "Stone", "Turner",
                        "Underwood", "Vance", "Walsh", "Young", "Zimmer"]
        let annas = surnames.enumerated().map { PersonResolver.Contact(name: "Anna \($0.element)", identifier: "a\($0.offset)") }
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: annas)
        let got = r.resolve(c.text)
        #expect(got.resolution == .disambiguation)
        #expect(got.candidates.map(\.identifier) == (0..<PersonResolver.maxCandidates).map { "a\($0)" })
        if c.locale == "en" {  // a list of two such names offers no more
            #expect(r.resolve("Anna and Anna").candidates.count == PersonResolver.maxCandidates)
        }
    }

    /// A name as written beats the same key as another name's form: `Anita` is Anita, not a
    /// diminutive of Ana; `Anna` and `Ana` still say the diminutive of theirs.
    @Test func prefersANameAsWrittenToAnotherNamesForm() throws {
        let contacts: [PersonResolver.Contact] = [.init(name: "Ana García", identifier: "a"), .init(name: "Anita Pérez", identifier: "b"),
                                                  .init(name: "Paco Ruiz", identifier: "c")]
        let r = try PersonResolver(locale: LocaleID("es"), contacts: contacts)
        let anita = r.resolve("Anita")
        #expect(anita.resolution == .success)
        #expect(anita.people.map(\.identifier) == ["b"])
        #expect(anita.match == .exact)
        let paquito = r.resolve("Paquito")
        #expect(paquito.people.map(\.identifier) == ["c"])
        #expect(paquito.match == .inflected)
    }

    /// Resolving with a memo shared by overlapping texts gives what resolving each alone does.
    @Test func aMemoChangesNoAnswer() throws {
        let r = try PersonResolver(locale: LocaleID("ru"), contacts: Self.contacts)
        let memo = PersonResolver.Memo()
        let texts = ["Маше и Диме", "Маше", "с текстом тестовое", "текстом тестовое", "Дмитрию Иванову", "Диме", "моим руководителям",
                     "Маше и Диме"]
        for t in texts { #expect(r.resolve(t, memo: memo) == r.resolve(t), "\(t)") }
    }

    /// A form several contacts share is one value of the person list, given the first contact.
    @Test func listsEachFormOfAContactOnce() throws {
        let contacts: [PersonResolver.Contact] = [.init(name: "Anna Schmidt"), .init(name: "Anna Haro"), .init(name: "Schmidt")]
        let values = CompiledPack.personValues(contacts, forms: PersonNameForms(language: "en"),
                                               profile: try TextAnalyzer.shared(for: LocaleID("en")).profile)
        let said = values.compactMap { v -> String? in if case .text(let t, _) = v.input { return t } else { return nil } }
        #expect(said.filter { $0.lowercased() == "anna" }.count == 1)
        #expect(said.filter { $0.lowercased() == "schmidt" }.count == 1)
        #expect(values.first { if case .text("Anna", _) = $0.input { return true } else { return false } }?.output == .number(0))
        #expect(Set(said.map { $0.lowercased() }).count == said.count)
    }

    /// Contacts merged and intersected in contact order, whatever order they come in, each
    /// once with its values combined; an intersection keeps the contacts both name.
    @Test(arguments: [
        ([(3, 1), (1, 2), (3, 4), (2, 8)], [(1, 2), (2, 8), (3, 5)]),
        ([(1, 1), (1, 2), (2, 4), (5, 8), (5, 16)], [(1, 3), (2, 4), (5, 24)]),
        ([], []),
    ] as [([(Int32, Int)], [(Int32, Int)])])
    func mergesContactsInContactOrder(_ c: (items: [(Int32, Int)], merged: [(Int32, Int)])) {
        let got = ContactOrder.merged(c.items.map { (contact: $0.0, value: $0.1) }) { $0 | $1 }
        #expect(got.map(\.contact) == c.merged.map(\.0))
        #expect(got.map(\.value) == c.merged.map(\.1))
        let other: [(contact: Int32, value: Int)] = [(0, 100), (2, 100), (5, 100), (9, 100)]
        let first = ContactOrder.intersection(got, other) { a, _ in a }
        #expect(first.map(\.value) == got.filter { [0, 2, 5, 9].contains($0.contact) }.map(\.value))
        let both = ContactOrder.intersection(got, other) { $0 + $1 }
        #expect(both.map(\.contact) == got.map(\.contact).filter { [0, 2, 5, 9].contains($0) })
        #expect(both.allSatisfy { $0.value > 100 })
    }
}
