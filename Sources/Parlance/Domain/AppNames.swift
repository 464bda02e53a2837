import ParlanceText

/// Every way an app may be named in one locale, each with how much to trust it.
///
/// In order: the display name for the locale (1.0), the bundle or spoken name (0.97), the
/// display name written in the other kana (0.96, found when the utterance is read: `はと` for
/// `ハト`), alternative names (0.95), pronunciations (0.93: an alternative name's hint, `ba loon
/// rides`, or a vocabulary synonym's that is the name itself, `wender lun`), the same
/// name split or merged as speech recognizers write it at its capitals and hyphens ("wender loon"
/// for WenderLoon, 0.9), or between two words of at least three letters ("shoe box" for Shoebox,
/// "brief taube" for Brieftaube, 0.88), and — for an app not localized into the locale — its
/// names in the other localizations (0.85; a Russian speaker says "Pigeon" when the app has no
/// Russian name), which is also the score of a Latin name heard in another script
/// (`SoundAlikeNames`).
/// A name that is confusable with another app's name is kept only in its exact written form, so
/// that one app can never capture another.
struct AppNames: Sendable {
    struct Entry: Sendable, Hashable {
        var bundleIdentifier: String
        var said: String
        var source: String
        var score: Double
    }

    enum Score {
        static let displayName = 1.0
        static let otherName = 0.97
        /// A name said in the other kana than it is written in (`すとらいど` for `ストライド`).
        static let otherKana = 0.96
        static let alternative = 0.95
        /// An alternative name's `INAlternativeAppNamePronunciationHint`.
        static let pronunciation = 0.93
        static let respaced = 0.9
        static let inflected = 0.9
        /// A one-word name heard as two words ("shoe box", "schuh karton").
        static let split = 0.88
        static let otherLocale = 0.85
    }

    /// The shortest part a one-word name is split into: "jot ter", not "jo tter" or "s hoebox".
    static let minimumSplitPart = 3
    /// The longest one-word name split: longer words are not compounds of two a recognizer
    /// would part, and each letter would add a name.
    static let maximumSplitLength = 24

    let entries: [Entry]

    init(apps: [App], locale: LocaleID, profile: TextProfile) {
        let forms = PersonNameForms(language: locale.language)
        var out: [Entry] = []
        var seen: [String: Int] = [:]
        /// Adds a way to say an app's name; one said several ways keeps the best ("Wender Loon"
        /// is an alternative name before it is WenderLoon respaced).
        func add(_ app: App, _ said: String, _ source: String, _ score: Double) {
            // Keyed as written, not by match key: "Porte monnaie" must join "Porte-monnaie",
            // since the engine reads a hyphen of the utterance as a space but not one of a name.
            // Where keys fold kana, a name in either kana is one (each would be one more reading).
            let written = profile.foldsKana ? TextProfile.hiragana(said.lowercased()) : said.lowercased()
            let key = app.bundleIdentifier + "\u{1}" + written
            guard !said.isEmpty else { return }
            let entry = Entry(bundleIdentifier: app.bundleIdentifier, said: said, source: source, score: score)
            if let i = seen[key] {
                if score > out[i].score { out[i] = entry }
                return
            }
            seen[key] = out.count
            out.append(entry)
        }
        /// A name, its respaced and split forms, and (where the language inflects names) the
        /// case forms of each: "в Голубе", "через Кошелёк" → "в Кошельке", "в Фото коробке".
        func addForms(_ app: App, _ name: String, _ source: String, _ score: Double, inflect: Bool) {
            var said = [(name, source, score)]
            said += Self.respaced(name).map { ($0, "respaced", min(score, Score.respaced)) }
            if !profile.isUnspaced { said += Self.split(name).map { ($0, "split", min(score, Score.split)) } }
            for (form, source, score) in said {
                add(app, form, source, score)
                guard inflect else { continue }
                for inflected in Self.caseForms(of: form, forms: forms, profile: profile) {
                    add(app, inflected, source == "split" ? "split" : "inflected", min(score, Score.inflected))
                }
            }
        }
        for app in apps {
            let names = app.names(for: locale)
            for n in names {
                let exactLocale = n.fallback == .exact || n.fallback == .parentLocale
                let score: Double
                switch n.kind {
                case .displayName: score = exactLocale ? Score.displayName : Score.otherLocale
                case .alternative: score = Score.alternative
                default: score = exactLocale ? Score.otherName : Score.otherLocale
                }
                let source = n.kind == .alternative ? "alternative" : (exactLocale ? n.kind.rawValue : "fallback")
                addForms(app, n.value, source, score, inflect: exactLocale)
                for hint in [n.pronunciationHint].compactMap({ $0 }) + Self.vocabularyPronunciations(of: n.value, app: app, locale: locale) {
                    addForms(app, hint, "pronunciation", min(score, Score.pronunciation), inflect: exactLocale)
                }
            }
            // Names from every other localization: people say the name they know.
            for l in app.localizations {
                for (kind, e) in l.names where kind == .displayName || kind == .bundleName {
                    add(app, e.value, "otherLocale", Score.otherLocale)
                }
            }
            for (_, v) in app.infoPlistNames { add(app, v, "fallback", Score.otherLocale) }
        }
        entries = Self.guardingConfusables(out)
    }

    /// How the apps of a pack's `other_apps` that are not installed are said, with their case
    /// forms where the language inflects names ("в Вотсапе", "через Телеграм"), each as
    /// (app, said). A name an installed app is also called by is left out: that app is meant.
    func notInstalled(_ others: [String: [String]], locale: LocaleID, profile: TextProfile) -> [(app: String, said: String)] {
        let forms = PersonNameForms(language: locale.language)
        let installed = Set(entries.map { Confusables.skeleton($0.said) })
        var out: [(app: String, said: String)] = []
        var seen: Set<String> = []
        for (app, names) in others.sorted(by: { $0.key < $1.key }) {
            guard !names.contains(where: { installed.contains(Confusables.skeleton($0)) }),
                  !installed.contains(Confusables.skeleton(app)) else { continue }
            for name in names {
                let said = [name] + Self.caseForms(of: name, forms: forms, profile: profile)
                for s in said where seen.insert(app + "\u{1}" + s.lowercased()).inserted { out.append((app, s)) }
            }
        }
        return out
    }

    /// `name` with its last word in its other case forms, as names inflect ("Голубь" → "Голубе",
    /// "Голубя", …); none where the language does not inflect names.
    static func caseForms(of name: String, forms: PersonNameForms, profile: TextProfile) -> [String] {
        guard let last = profile.tokenize(name).last else { return [] }
        let head = String(name.utf16.prefix(last.range.lowerBound)) ?? ""
        return forms.forms(of: last.key).dropFirst().map { head + $0 }
    }

    /// "WenderLoon" → "Wender Loon"; "Wender Loon" → "WenderLoon"; "Porte-monnaie" → "Porte monnaie";
    /// digits apart from letters.
    static func respaced(_ name: String) -> [String] {
        var out: [String] = []
        var split = ""
        var prev: Character?
        for c in name {
            if let p = prev, (p.isLowercase && c.isUppercase) || (p.isLetter && c.isNumber) || (p.isNumber && c.isLetter) {
                split.append(" ")
            }
            split.append(c == "-" ? " " : c)
            prev = c
        }
        if split != name { out.append(split) }
        let merged = name.filter { $0 != " " && $0 != "-" }
        if merged != name && !merged.isEmpty { out.append(merged) }
        return out
    }

    /// How the app's vocabulary for `locale` says `name`, when a synonym is the name itself
    /// (`WenderLoon`, pronounced `wender lun` in German): the app told how its name sounds.
    static func vocabularyPronunciations(of name: String, app: App, locale: LocaleID) -> [String] {
        let key = Confusables.skeleton(name)
        return (app.vocabulary(for: locale)?.parameterVocabularies ?? []).flatMap { pv in
            pv.items.flatMap { $0.synonyms.compactMap { s in Confusables.skeleton(s.phrase) == key ? s.pronunciation : nil } }
        }
    }

    /// A one-word name split between two words of at least `minimumSplitPart` letters, as a
    /// speech recognizer writes a compound it does not know: "Shoebox" → "Shoe box", "Sho ebox";
    /// "Brieftaube" → …, "Brief taube", …; and its last syllable of two letters split from a
    /// first part of four or more ("Paloma" → "palo ma", "Libreta" → "libre ta"), as a
    /// recognizer hears a word it knows in the rest. Only the split the utterance says can match.
    static func split(_ name: String) -> [String] {
        let letters = Array(name)
        guard letters.allSatisfy(\.isLetter), letters.count <= maximumSplitLength else { return [] }
        var cuts = letters.count >= 2 * minimumSplitPart ? Array(minimumSplitPart...(letters.count - minimumSplitPart)) : []
        if letters.count >= 4 + 2 { cuts.append(letters.count - 2) }
        return cuts.map { String(letters[..<$0]) + " " + String(letters[$0...]) }
    }

    /// Whether `heard` is `written` with some of its kana in the other kana (`はと` for `ハト`),
    /// spaces aside: the match keys fold kana, so the two matched as one.
    static func inOtherKana(heard: String, written: String) -> Bool {
        // Most names are heard as written, or have no kana to differ in.
        if heard == written || !heard.utf16.contains(where: { (0x3041...0x30FF).contains($0) }) { return false }
        let a = heard.unicodeScalars.filter { !$0.properties.isWhitespace }
        let b = written.unicodeScalars.filter { !$0.properties.isWhitespace }
        guard a.count == b.count else { return false }
        return zip(a, b).contains { x, y in
            guard x != y, x.value <= 0xFFFF, y.value <= 0xFFFF else { return false }
            let h = TextProfile.hiragana(UInt16(x.value))
            return h == TextProfile.hiragana(UInt16(y.value)) && (0x3041...0x3096).contains(h)
        }
    }

    /// Particles a name may be followed by in Japanese, by their first kana (`で`, `に`, `の`,
    /// `から`, `まで`, `って`…).
    static let particleStarts: Set<UInt16> = Set("でにのをがはとへかまもやっ".utf16)

    /// Whether the text at `i` (UTF-16 offsets) may follow a name said in hiragana: the end, a
    /// space or punctuation, another script, or a particle; not hiragana that would go on with
    /// the word.
    static func endsAtParticle(_ units: [UInt16], at i: Int) -> Bool {
        guard i < units.count else { return true }
        let u = units[i]
        return !(0x3041...0x309F).contains(u) || particleStarts.contains(u)
    }

    /// Drops variants (respaced, other-locale) whose confusable skeleton equals another app's.
    static func guardingConfusables(_ entries: [Entry]) -> [Entry] {
        var bySkeleton: [String: Set<String>] = [:]
        let skeletons = entries.map { Confusables.skeleton($0.said) }
        for (e, s) in zip(entries, skeletons) { bySkeleton[s, default: []].insert(e.bundleIdentifier) }
        return zip(entries, skeletons).compactMap { e, s in
            let shared = (bySkeleton[s]?.count ?? 0) > 1
            return shared && e.score < Score.displayName ? nil : e
        }
    }
}
