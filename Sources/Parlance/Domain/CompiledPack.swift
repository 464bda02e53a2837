import ParlanceText

/// One locale pack compiled against one catalog: the template matcher, the lists filled from
/// the catalog (apps, contacts, vocabulary), and the resolvers its parameters need.
///
/// A class: every utterance's interpreter holds it, and holding a reference costs one retain
/// where copying the fields would cost one per field.
final class CompiledPack: Sendable {
    let pack: LocalePack
    let locale: LocaleID
    let matcher: TemplateMatcher
    let lists: TemplateMatcher.Lists
    let analyzer: TextAnalyzer
    let persons: PersonResolver
    let appNames: AppNames
    /// Vocabulary list values: output key → (identifier, bundle identifier or nil for the user's).
    let vocabulary: [String: (identifier: String, app: String?)]
    /// The apps that handle each intent (SiriKit's or their own custom ones), computed once
    /// rather than for every candidate of every utterance.
    let supportingApps: [String: [App]]
    /// Each app's display name in the pack's locale, by bundle identifier (finding it walks the
    /// app's localizations through the locale's fallback chain: once per pack, not per reading).
    let displayNames: [String: String]
    let soundAlike: SoundAlikeNames
    /// The names of the pack's vocabulary lists (app and user vocabulary).
    let vocabularyListNames: Set<String>
    /// Splits free text said as a list, for parameters that take several values.
    let spokenList: SpokenList
    /// The lists of people, with the extra lists of a list of people (`recipients__2`…); the
    /// first holds the values, the others read it.
    let personListNames: [String]
    /// The currency lists of a pack that has no `<amount>` rule to say how amounts are said: they
    /// take, per utterance, the amounts and numbers the text layer reads in it, so that a name or
    /// other free text before an amount ends where the amount starts ("Zahl Mama 10 Euro").
    let amountListNames: [String]

    /// The match keys of the pack's `afterthoughts` (words that open a remark after the command).
    let afterthoughts: [String]
    /// The match keys of those that open a remark without a comma (`afterthoughts_without_comma`).
    let unmarkedAfterthoughts: [String]

    init(pack: LocalePack, catalog: Catalog) throws {
        self.pack = pack
        locale = pack.locale
        analyzer = try TextAnalyzer.shared(for: pack.locale)
        let profile = analyzer.profile
        afterthoughts = pack.afterthoughts.map { profile.key($0) }.filter { !$0.isEmpty }
        unmarkedAfterthoughts = pack.unmarkedAfterthoughts.map { profile.key($0) }.filter { !$0.isEmpty }
        let contacts = (catalog.userVocabulary.items[.contactName] ?? []).map {
            PersonResolver.Contact(name: $0.name, identifier: $0.id ?? $0.name, pronunciation: $0.pronunciation)
        }
        persons = try PersonResolver(locale: pack.locale, contacts: contacts, nicknames: pack.nicknames,
                                     relationships: pack.relationships,
                                     organizations: (catalog.userVocabulary.items[.paymentsOrganizationName] ?? []).map(\.name))
        appNames = AppNames(apps: catalog.apps.apps, locale: pack.locale, profile: analyzer.profile)
        var supporting: [String: [App]] = [:]
        for app in catalog.apps.apps {
            for n in app.handledIntentNames { supporting[n, default: []].append(app) }
        }
        supportingApps = supporting
        var shown: [String: String] = [:]
        for app in catalog.apps.apps { shown[app.bundleIdentifier] = app.displayName(for: pack.locale)?.value }
        displayNames = shown
        var grammar = pack.grammar
        var vocabulary: [String: (String, String?)] = [:]
        grammar.intents += CustomIntentTemplates.intents(catalog: catalog, locale: pack.locale, appNames: appNames,
                                                         profile: analyzer.profile, vocabulary: &vocabulary)
        matcher = try TemplateMatcher(grammar: grammar)
        var runtime: [String: SlotList] = [:]
        var aliases: [String: String] = [:]
        // Every person slot reads the same contacts: one list, compiled once, however many
        // slots and lists of people the pack has.
        var people: String?
        var amountLists: [String] = []
        var heardItems: [(list: String, phrase: String, key: String)] = []
        for (name, type) in pack.typedLists.sorted(by: { $0.key < $1.key }) {
            switch type {
            case .app:
                runtime[name] = .values(appNames.entries.map(Self.appValue)
                    + appNames.notInstalled(pack.otherApps, locale: pack.locale, profile: analyzer.profile).map(Self.otherAppValue))
            case .person:
                let names = [name] + (2...LocalePack.personListLength).map { "\(name)__\($0)" }
                if people == nil {
                    people = name
                    let forms = PersonNameForms(language: pack.locale.language, nicknames: pack.nicknames)
                    runtime[name] = .values(Self.personValues(contacts, forms: forms, profile: analyzer.profile))
                }
                for n in names where n != people { aliases[n] = people }
            case .vocabulary(let parameter, let user):
                var values: [SlotValue] = []
                let forms = VocabularyForms(language: pack.locale.language)
                /// The phrase, then its inflected and spaced forms, scored lower.
                func said(_ phrase: String, _ key: String) -> [SlotValue] {
                    heardItems.append((name, phrase, key))
                    return [SlotValue(text: phrase, output: .string(key))] + forms.variants(of: phrase).map {
                        var v = SlotValue(text: $0.said, output: .string(key))
                        v.metadata = ["score": .number($0.score), "match": .string($0.match.rawValue)]
                        return v
                    }
                }
                if let p = parameter {
                    for app in catalog.apps.apps {
                        for pv in app.vocabulary(for: pack.locale)?.parameterVocabularies ?? [] where pv.parameterNames.contains(p) {
                            for item in pv.items {
                                let key = "\(app.bundleIdentifier)|\(item.identifier)"
                                vocabulary[key] = (item.identifier, app.bundleIdentifier)
                                values += item.synonyms.flatMap { said($0.phrase, key) }
                            }
                        }
                    }
                }
                for kind in user {
                    guard let t = UserVocabulary.StringType(rawValue: kind) else { continue }
                    for item in catalog.userVocabulary.items[t] ?? [] {
                        let key = "user|\(item.id ?? item.name)"
                        vocabulary[key] = (item.id ?? item.name, nil)
                        values += said(item.name, key)
                    }
                }
                runtime[name] = .values(values)
            case .currency where pack.grammar.rules["amount"] == nil:
                // Filled per utterance (`listsReadingAmounts`).
                runtime[name] = .values([])
                amountLists.append(name)
            case .number, .currency, .date:
                continue
            }
        }
        lists = try matcher.lists(runtime, aliases: aliases)
        personListNames = people.map { [$0] + aliases.keys.sorted() } ?? []
        amountListNames = amountLists
        let persons = self.persons
        spokenList = SpokenList(profile: analyzer.profile, language: pack.locale.language) { words in
            let r = persons.resolve(words)
            return r.match != .wildcard && r.match != .fuzzy
        }
        soundAlike = SoundAlikeNames(contacts: contacts, appNames: appNames, profile: analyzer.profile,
                                     forms: PersonNameForms(language: pack.locale.language), vocabulary: heardItems)
        self.vocabulary = vocabulary
        vocabularyListNames = Set(pack.typedLists.compactMap { name, type in
            if case .vocabulary = type { return name } else { return nil }
        })
    }

    /// The lists for one utterance: `lists`, with the amounts, the prices said as two bare
    /// numbers (`CurrencyReader.bareAmounts`) and the numbers the text layer reads in `text` as
    /// the values of the currency lists that no `<amount>` rule shapes. A slot's
    /// text is read as an amount once matched in any case; this lets the matcher see where the
    /// amount is, rather than leave it to run into free text beside it.
    ///
    /// - Complexity: one analysis of `text`, and a list of its few amounts compiled.
    func listsReadingAmounts(in text: String) throws -> TemplateMatcher.Lists {
        guard !amountListNames.isEmpty else { return lists }
        let a = analyzer.analyze(text)
        let units = Array(text.utf16)
        var said: [String] = []
        let bare = analyzer.currencies.bareAmounts(in: a.tokens, numbers: a.numbers)
        for r in a.amounts.map(\.range) + bare.map(\.range) + a.numbers.filter({ !$0.isOrdinal }).map(\.range)
        where r.upperBound <= units.count {
            let s = UTF16Fast.string(units[r])
            if !said.contains(s) { said.append(s) }
        }
        guard !said.isEmpty else { return lists }
        let values = said.map { SlotValue(text: $0, output: .string($0)) }
        return try matcher.lists(lists, adding: Dictionary(uniqueKeysWithValues: amountListNames.map { ($0, values) }))
    }

    /// The lists with the contacts, apps and vocabulary items heard by sound in `utterance`
    /// added to the person, app and vocabulary lists of `base` (the utterance's lists); nil when
    /// none is heard. Only these lists are extended, not compiled again.
    func listsHearingNames(in utterance: String, base: TemplateMatcher.Lists, nearSpellings: Bool = true) throws -> TemplateMatcher.Lists? {
        let heard = soundAlike.heard(in: utterance, nearSpellings: nearSpellings)
        guard !heard.isEmpty else { return nil }
        var extra: [String: [SlotValue]] = [:]
        // Every person list reads one list: it is extended once and shared by all of them.
        // The output is unused: a person slot is resolved from its text.
        if !heard.people.isEmpty, let people = personListNames.first {
            extra[people] = heard.people.map { SlotValue(text: $0, output: .number(-1)) }
        }
        if !heard.apps.isEmpty, let name = pack.typedLists.first(where: { $0.value == .app })?.key {
            extra[name] = heard.apps.map(Self.appValue)
        }
        for v in heard.vocabulary {
            var value = SlotValue(text: v.said, output: .string(v.key))
            value.metadata = ["score": .number(SoundAlikeNames.itemScore), "match": .string(MatchKind.transliterated.rawValue)]
            extra[v.list, default: []].append(value)
        }
        let aliases = Dictionary(uniqueKeysWithValues: personListNames.dropFirst().map { ($0, personListNames[0]) })
        return try matcher.lists(base, adding: extra, aliases: aliases, for: utterance)
    }

    /// The app list's value for one of its names.
    static func appValue(_ e: AppNames.Entry) -> SlotValue {
        var v = SlotValue(text: e.said, output: .string(e.bundleIdentifier))
        v.metadata = ["source": .string(e.source), "score": .number(e.score), "said": .string(e.said)]
        return v
    }

    /// The app list's value for a name of an app that is not installed: its output is the
    /// app's name, its source `notInstalled`.
    static func otherAppValue(_ e: (app: String, said: String)) -> SlotValue {
        var v = SlotValue(text: e.said, output: .string(e.app))
        v.metadata = ["source": .string(Self.notInstalled), "score": .number(1)]
        return v
    }

    /// The source of an app list value that names an app that is not installed.
    static let notInstalled = "notInstalled"

    /// Every form a contact may be said in: full name, each part alone, inflected forms, with
    /// honorifics where the language uses them, each form once (the slot's text is resolved
    /// later, so a form several contacts share needs one value). The output is the index of the
    /// first contact with that form.
    static func personValues(_ contacts: [PersonResolver.Contact], forms: PersonNameForms, profile: TextProfile) -> [SlotValue] {
        var out: [SlotValue] = []
        var seen = Set<String>()
        /// A name written as `parts`, and the forms it is said in.
        func sayings(_ name: String, _ parts: [String]) -> [String] {
            var said: [String] = [name]
            if parts.count > 1 {
                said.append(parts.joined())
                said += parts
                said += parts.flatMap { forms.spokenForms(of: $0.lowercased()).dropFirst().map(\.form) }
            } else {
                said += forms.spokenForms(of: name.lowercased()).dropFirst().map(\.form)
            }
            if !forms.honorificSuffixes.isEmpty {
                let bases = parts.count > 1 ? [parts[0], parts.joined()] : [name]
                said += bases.flatMap { b in forms.honorificSuffixes.map { b + $0 } }
            }
            return said
        }
        for (i, c) in contacts.enumerated() {
            var said = sayings(c.name, profile.tokenize(c.name).map(\.text))
            // A reading in another script is said as the name is (`さとうさん`).
            let reading = PersonResolver.readingWords(c)
            if !reading.isEmpty { said += sayings(reading.joined(separator: " "), reading) }
            // …and in Latin letters (`Taro Tanaka`, `Li Wei`), so that it ends where free text begins.
            said += PersonResolver.latinSayings(c, profile: profile)
            for s in said where seen.insert(s.lowercased()).inserted {
                out.append(SlotValue(text: s, output: .number(Double(i))))
            }
        }
        return out
    }
}
