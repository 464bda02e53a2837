import ParlanceText

/// Every way an app may be named in one locale, each with how much to trust it.
///
/// In order: the display name for the locale (1.0), the bundle or spoken name (0.97), alternative
/// names (0.95), the same name split or merged as speech recognizers write it ("wender loon" for
/// WenderLoon, 0.9), and — for an app not localized into the locale — its names in the other
/// localizations (0.85; a Russian speaker says "Pigeon" when the app has no Russian name).
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
        static let alternative = 0.95
        static let respaced = 0.9
        static let otherLocale = 0.85
        static let inflected = 0.9
    }

    let entries: [Entry]

    init(apps: [App], locale: LocaleID, profile: TextProfile) {
        let forms = PersonNameForms(language: locale.language)
        var out: [Entry] = []
        var seen: Set<String> = []
        func add(_ app: App, _ said: String, _ source: String, _ score: Double) {
            // Keyed as written, not by match key: "Porte monnaie" must join "Porte-monnaie",
            // since the engine reads a hyphen of the utterance as a space but not one of a name.
            let key = app.bundleIdentifier + "\u{1}" + said.lowercased()
            guard !said.isEmpty, seen.insert(key).inserted else { return }
            out.append(Entry(bundleIdentifier: app.bundleIdentifier, said: said, source: source, score: score))
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
                add(app, n.value, source, score)
                for variant in Self.respaced(n.value) { add(app, variant, "respaced", min(score, Score.respaced)) }
                // Case forms where the language inflects names: "в Голубе", "через Кошелёк" → "в Кошельке".
                let words = profile.tokenize(n.value)
                if let last = words.last, exactLocale {
                    let head = String(n.value.utf16.prefix(last.range.lowerBound)) ?? ""
                    for form in forms.forms(of: last.key).dropFirst() {
                        add(app, head + form, "inflected", min(score, Score.inflected))
                    }
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
                var said = [name]
                if let last = profile.tokenize(name).last {
                    let head = String(name.utf16.prefix(last.range.lowerBound)) ?? ""
                    said += forms.forms(of: last.key).dropFirst().map { head + $0 }
                }
                for s in said where seen.insert(app + "\u{1}" + s.lowercased()).inserted { out.append((app, s)) }
            }
        }
        return out
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
