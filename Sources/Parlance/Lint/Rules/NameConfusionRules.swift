import ParlanceText

/// Two apps that answer to the same name, or to names that look alike, in one locale.
public struct AppNameCollisionRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "app_name_collision", name: "App name collision", severity: .warning,
        description: """
            Two apps whose names (display, bundle, spoken or alternative) are equal or confusable in a locale \
            (the same UTS #39 skeleton, ignoring case and spaces: 'Pigeon' and 'Pіgeon' with a Cyrillic і; \
            in Japanese also the kana: 'ハト' and 'はと') cannot be told apart by voice or on screen.
            """,
        triggeringExamples: [
            LintExample("the same display name", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon"), AppFixture("com.other.pigeon", displayName: "Pigeon"),
            ]),
            LintExample("a look-alike with a Cyrillic letter", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon"), AppFixture("com.other.pigeon", displayName: "Pіgeon"),
            ]),
            LintExample("the same Japanese name in the other kana", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon").lproj("ja", ["CFBundleDisplayName": "ハト"]),
                AppFixture("com.other.pigeon", displayName: "Dove").lproj("ja", ["CFBundleDisplayName": "はと"]),
            ]),
            LintExample("a localized name equal to another app's alternative name", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon").alternativeNames("Balloon Rides"),
                AppFixture("com.other.rides", displayName: "Rides").lproj("en", ["CFBundleDisplayName": "balloon rides"]),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("different names", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon"), AppFixture("com.example.loon", displayName: "WenderLoon"),
            ]),
            LintExample("names in either kana outside Japanese", apps: [
                AppFixture("com.example.pigeon", displayName: "ハト", developmentRegion: "zh-Hans"),
                AppFixture("com.other.pigeon", displayName: "はと", developmentRegion: "zh-Hans"),
            ]),
            LintExample("equal names in different locales only", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon").lproj("fr", ["CFBundleDisplayName": "Pigeon"]),
                AppFixture("com.other.dove", displayName: "Dove", developmentRegion: "en").lproj("fr", ["CFBundleDisplayName": "Colombe"]),
            ]),
        ])

    /// - Complexity: O(l·n) for l locales and n names, plus the clashing pairs: names are
    ///   bucketed by skeleton, so apps are never compared pairwise.
    public func validate(_ context: LintContext) -> [Finding] {
        let apps = context.input.apps
        var locales = Set<LocaleID>()
        for app in apps {
            locales.formUnion(app.localizations.map(\.locale).filter { !$0.isBase })
            if let d = app.developmentRegion { locales.insert(d) }
        }
        struct Pair: Hashable { var first: Int, firstName: String, second: Int, secondName: String }
        var clashes: [Pair: (LocalizedName, [LocaleID])] = [:]
        var skeletons: [String: String] = [:]
        for locale in locales.sorted() {
            var bySkeleton: [String: [(app: Int, name: LocalizedName)]] = [:]
            // Japanese match keys fold kana, as voices do: ハト and はと are one name there.
            let foldsKana = locale.language == "ja"
            for (i, app) in apps.enumerated() {
                for name in app.names(for: locale) {
                    let said = foldsKana ? TextProfile.hiragana(name.value) : name.value
                    if skeletons[said] == nil { skeletons[said] = Confusables.skeleton(said) }
                    guard let key = skeletons[said], !key.isEmpty else { continue }
                    for (j, other) in bySkeleton[key] ?? [] where j != i {
                        clashes[Pair(first: j, firstName: other.value, second: i, secondName: name.value), default: (name, [])].1.append(locale)
                    }
                    bySkeleton[key, default: []].append((i, name))
                }
            }
        }
        return clashes.map { pair, clash in
            let (name, locales) = clash
            let other = apps[pair.first]
            let same = pair.firstName.lowercased() == pair.secondName.lowercased()
            let relation = same ? "is also a name of" : "looks like '\(pair.firstName)', a name of"
            return finding("'\(pair.secondName)' \(relation) \(other.bundleIdentifier) (\(other.path)) in "
                           + locales.map(\.identifier).joined(separator: ", ") + ": users cannot tell the two apps apart",
                           at: apps[pair.second].site(of: name),
                           suggestion: "give one of the apps another name in these locales")
        }
    }
}

/// A name that mixes scripts: at best hard to say, at worst a look-alike of another name.
public struct MixedScriptNameRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "mixed_script_name", name: "Mixed-script name", severity: .warning,
        description: """
            A name with letters of several scripts (UTS #39's restriction levels) is hard to say and to match. \
            When one word mixes scripts ('Аwesome' with a Cyrillic А) the finding is an error: the name looks \
            like another and matches neither.
            """,
        triggeringExamples: [
            LintExample("a Cyrillic letter in a Latin word", apps: [AppFixture("com.example.awesome", displayName: "Аwesome")]),
            LintExample("a Latin and a Cyrillic word", apps: [
                AppFixture("com.example.steps", displayName: "Steps").lproj("ru", ["CFBundleDisplayName": "Шагомер Pro"]),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("one script", apps: [AppFixture("com.example.steps", displayName: "Steps").lproj("ru", ["CFBundleDisplayName": "Шагомер"])]),
            LintExample("Japanese kana and kanji", apps: [AppFixture("com.example.steps", displayName: "Steps").lproj("ja", ["CFBundleDisplayName": "歩数計ウォーク"])]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        context.input.apps.flatMap { app in
            app.nameSites.compactMap { name -> Finding? in
                guard Confusables.check(name.value).contains(.mixedScript) else { return nil }
                let scripts = Confusables.scripts(name.value).sorted().map(ScriptText.name).joined(separator: " and ")
                let mixedWord = name.value.split(whereSeparator: \.isWhitespace)
                    .first { Confusables.check(String($0)).contains(.mixedScript) && Confusables.scripts(String($0)).count > 1 }
                guard let word = mixedWord else {
                    return finding("\(name.key) '\(name.value)' mixes \(scripts) letters", at: name.site,
                                   suggestion: "write the name in one script, and add the other as an INAlternativeAppNames entry")
                }
                return finding("\(name.key) '\(name.value)' mixes \(scripts) letters in the word '\(word)': it looks like a "
                               + "one-script word and matches none", at: name.site, severity: .error,
                               suggestion: "retype '\(word)' in one script")
            }
        }
    }
}

/// Zero-width, bidi-control and other invisible characters in a name or phrase.
public struct InvisibleCharactersRule: LintRule {
    public init() {}

    /// Scripts whose spelling needs zero-width (non-)joiners between letters: Persian writes
    /// `کتاب‌ها` with one, Indic scripts choose conjunct forms with them.
    static let joiningScripts: Set<String> = [
        "Arab", "Syrc", "Mong", "Nkoo", "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh",
        "Khmr", "Mymr", "Tibt",
    ]

    /// The first invisible character that is not part of the text's spelling: joiners between
    /// letters of a joining script and inside emoji sequences, and emoji variation selectors, are.
    static func strayInvisible(in text: String) -> (offset: Int, scalar: Unicode.Scalar)? {
        let scalars = Array(text.unicodeScalars)
        func isEmoji(_ i: Int) -> Bool { scalars.indices.contains(i) && scalars[i].properties.isEmoji }
        /// The script of the nearest letter from `i` in `step`'s direction, past combining marks.
        func script(from i: Int, step: Int) -> String? {
            var j = i + step
            while scalars.indices.contains(j) {
                if let s = Confusables.scripts(String(scalars[j])).first { return s }
                guard scalars[j].properties.generalCategory == .nonspacingMark || scalars[j].properties.generalCategory == .spacingMark
                else { return nil }
                j += step
            }
            return nil
        }
        for (i, u) in scalars.enumerated() where Confusables.isInvisible(u) {
            switch u.value {
            case 0xFE0E...0xFE0F where isEmoji(i - 1):
                continue
            case 0x200D where isEmoji(i - 1) && isEmoji(i + 1):
                continue
            case 0x200C, 0x200D:
                if let a = script(from: i, step: -1), a == script(from: i, step: 1), joiningScripts.contains(a) { continue }
            default:
                break
            }
            return (i, u)
        }
        return nil
    }

    public static let description = RuleDescription(
        identifier: "invisible_characters", name: "Invisible characters", severity: .error,
        description: """
            Names, vocabulary phrases and examples must not hold invisible characters (zero-width spaces and \
            joiners, bidi controls, soft hyphens): they cannot be said, they break matching, and they make \
            look-alike names.
            """,
        triggeringExamples: [
            LintExample("a zero-width space in a name", apps: [AppFixture("com.example.pigeon", displayName: "Pi\u{200B}geon")]),
            LintExample("a bidi control in a synonym", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["\u{202E}pool"]]),
            ]),
            LintExample("a soft hyphen in a contact name", userVocabulary: [.contactName: ["Anna\u{00AD}lena"]]),
            LintExample("a variation selector after a letter", apps: [AppFixture("com.example.pigeon", displayName: "Pigeon\u{FE0E}")]),
            LintExample("a zero-width joiner inside a Latin word", apps: [AppFixture("com.example.pigeon", displayName: "Pig\u{200D}eon")]),
        ],
        nonTriggeringExamples: [
            LintExample("a Persian zero-width non-joiner between letters", apps: [
                AppFixture("com.example.books", displayName: "Books")
                    .vocabulary("fa", parameter: "INStartWorkoutIntent.workoutName", items: ["walk": ["پیاده‌روی"]]),
            ]),
            LintExample("an emoji sequence with its joiner and variation selector", apps: [
                AppFixture("com.example.family", displayName: "Family").alternativeNames("👨‍👩‍👧 ❤️"),
            ]),
            LintExample("visible text", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["shared ride"]]),
            ], userVocabulary: [.contactName: ["Anna Schmidt"]]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        context.input.textSites.compactMap { t -> Finding? in
            guard let (offset, u) = Self.strayInvisible(in: t.text) else { return nil }
            return finding("\(t.what) '\(ScriptText.visible(t.text))' holds the invisible \(ScriptText.describe(u)) at character \(offset + 1)",
                           at: t.site, suggestion: "remove the invisible characters")
        }
    }
}
