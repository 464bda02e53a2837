import ParlanceText

/// A name an app declares, where it is written.
struct NameSite {
    var value: String
    var kind: LocalizedName.Kind
    /// The localization's locale; nil for Info.plist.
    var locale: LocaleID?
    var site: ErrorSite

    /// `CFBundleDisplayName`, `INAlternativeAppName`, …
    var key: String { kind == .alternative ? "INAlternativeAppName" : App.nameKeys.first { $0.1 == kind }!.0 }
}

/// A string users say or Siri reads (a name, a synonym, an example phrase), where it is written.
struct TextSite {
    var text: String
    /// What the string is, for messages: "display name", "synonym", "intent phrase", …
    var what: String
    var site: ErrorSite
    /// A vocabulary string, subject to Apple's 1024 UTF-16 unit limit.
    var isVocabulary: Bool
}

extension App {
    var infoPlistFile: String { alternativeNames.first?.source ?? CatalogFiles.shown(path, "Info.plist") }

    /// Every name the app's files declare: Info.plist's, the alternatives, each localization's.
    var nameSites: [NameSite] {
        var out: [NameSite] = []
        for (key, kind) in App.nameKeys {
            if let v = infoPlistNames[kind] { out.append(NameSite(value: v, kind: kind, locale: nil, site: ErrorSite(file: infoPlistFile, keyPath: key))) }
        }
        for (i, a) in alternativeNames.enumerated() {
            out.append(NameSite(value: a.value, kind: .alternative, locale: nil,
                                site: ErrorSite(file: a.source, keyPath: "INAlternativeAppNames[\(i)].INAlternativeAppName")))
        }
        for l in localizations {
            for (key, kind) in App.nameKeys {
                if let e = l.names[kind] {
                    out.append(NameSite(value: e.value, kind: kind, locale: l.locale.isBase ? nil : l.locale,
                                        site: ErrorSite(file: e.source, line: e.line, keyPath: e.line == nil ? key : nil)))
                }
            }
        }
        return out
    }

    /// Where `name`, one of the app's names, is written.
    func site(of name: LocalizedName) -> ErrorSite {
        nameSites.first { $0.value == name.value && $0.kind == name.kind && $0.site.file == name.source }?.site
            ?? ErrorSite(file: name.source, line: name.line)
    }

}

extension AppVocabulary {
    /// Each synonym with the key path of its phrase: `ParameterVocabularies[0].ParameterVocabulary[1].VocabularyItemSynonyms[0]`.
    var synonymSites: [(parameters: [String], item: VocabularyItem, synonym: VocabularySynonym, keyPath: String)] {
        var out: [(parameters: [String], item: VocabularyItem, synonym: VocabularySynonym, keyPath: String)] = []
        for (p, pv) in parameterVocabularies.enumerated() {
            for (i, item) in pv.items.enumerated() {
                for (s, syn) in item.synonyms.enumerated() {
                    out.append((pv.parameterNames, item, syn,
                                "ParameterVocabularies[\(p)].ParameterVocabulary[\(i)].VocabularyItemSynonyms[\(s)]"))
                }
            }
        }
        return out
    }

    func site(_ keyPath: String) -> ErrorSite { ErrorSite(file: file, keyPath: keyPath) }
}

extension LintInput {
    /// Every string users say or hear: app names, vocabulary synonyms, pronunciations and
    /// examples, intent phrases, and user vocabulary.
    var textSites: [TextSite] {
        var out: [TextSite] = []
        for app in apps {
            out += app.nameSites.map { TextSite(text: $0.value, what: $0.key, site: $0.site, isVocabulary: false) }
            for v in app.vocabularies {
                for s in v.synonymSites {
                    out.append(TextSite(text: s.synonym.phrase, what: "synonym", site: v.site(s.keyPath + ".VocabularyItemPhrase"), isVocabulary: true))
                    if let p = s.synonym.pronunciation {
                        out.append(TextSite(text: p, what: "pronunciation", site: v.site(s.keyPath + ".VocabularyItemPronunciation"), isVocabulary: true))
                    }
                    for (e, example) in s.synonym.examples.enumerated() {
                        out.append(TextSite(text: example, what: "example", site: v.site(s.keyPath + ".VocabularyItemExamples[\(e)]"), isVocabulary: true))
                    }
                }
                for (p, phrases) in v.intentPhrases.enumerated() {
                    for (e, example) in phrases.examples.enumerated() {
                        out.append(TextSite(text: example, what: "intent phrase", site: v.site("IntentPhrases[\(p)].IntentExamples[\(e)]"), isVocabulary: true))
                    }
                }
            }
        }
        for vocabulary in userVocabularies {
            for type in vocabulary.items.keys.sorted() {
                for (i, item) in vocabulary[type].enumerated() {
                    let site = ErrorSite(file: vocabulary.file ?? "user vocabulary", keyPath: "\(type.rawValue)[\(i)]")
                    out.append(TextSite(text: item.name, what: type.rawValue, site: site, isVocabulary: true))
                    if let p = item.pronunciation { out.append(TextSite(text: p, what: "pronunciation", site: site, isVocabulary: true)) }
                }
            }
        }
        return out
    }
}

/// Words for scripts and characters in messages.
enum ScriptText {
    static let names: [String: String] = [
        "Latn": "Latin", "Cyrl": "Cyrillic", "Grek": "Greek", "Arab": "Arabic", "Hebr": "Hebrew", "Hani": "Han",
        "Hira": "Hiragana", "Kana": "Katakana", "Hang": "Hangul", "Thai": "Thai", "Deva": "Devanagari",
        "Jpan": "Japanese", "Kore": "Korean", "Hans": "Simplified Han", "Hant": "Traditional Han", "Armn": "Armenian",
        "Geor": "Georgian",
    ]

    static func name(_ code: String) -> String { names[code] ?? code }

    /// The scripts a name may use in a locale written in `script` (`Jpan`: kana and kanji).
    static func letters(of script: String) -> Set<String> {
        switch script {
        case "Jpan": return ["Hira", "Kana", "Hani"]
        case "Kore": return ["Hang", "Hani"]
        case "Hans", "Hant": return ["Hani"]
        default: return [script]
        }
    }

    /// `U+200B`.
    static func code(_ u: Unicode.Scalar) -> String {
        let hex = String(u.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `U+200B ZERO WIDTH SPACE`.
    static func describe(_ u: Unicode.Scalar) -> String { code(u) + (u.properties.name.map { " " + $0 } ?? "") }

    /// The text with invisible characters shown as `⟨U+200B⟩`, so messages can be read.
    static func visible(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if Confusables.isInvisible(u) {
                out += "⟨" + code(u) + "⟩"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
