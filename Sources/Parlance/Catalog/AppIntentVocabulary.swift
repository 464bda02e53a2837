import ParlanceText

/// One synonym of a vocabulary item: the phrase users say, how to pronounce it, and examples.
public struct VocabularySynonym: Hashable, Sendable, Codable {
    public var phrase: String
    public var pronunciation: String?
    public var examples: [String]
}

/// An app-defined term for a parameter (`VocabularyItemIdentifier` + `VocabularyItemSynonyms`).
public struct VocabularyItem: Hashable, Sendable, Codable {
    public var identifier: String
    public var synonyms: [VocabularySynonym]
}

/// An app's custom terms for one or more parameters (`ParameterNames`, e.g.
/// `INRequestRideIntent.rideOptionName`), from `AppIntentVocabulary.plist`.
public struct ParameterVocabulary: Hashable, Sendable, Codable {
    /// `<Intent>.<parameter>` key paths.
    public var parameterNames: [String]
    public var items: [VocabularyItem]
}

/// An app's example phrases for one intent (`IntentPhrases`).
public struct IntentPhrases: Hashable, Sendable, Codable {
    public var intentName: String
    public var examples: [String]
}

/// The contents of one `<lang>.lproj/AppIntentVocabulary.plist`.
public struct AppVocabulary: Hashable, Sendable, Codable {
    public var locale: LocaleID
    public var file: String
    public var parameterVocabularies: [ParameterVocabulary]
    public var intentPhrases: [IntentPhrases]

    public var itemCount: Int { parameterVocabularies.reduce(0) { $0 + $1.items.count } }

    /// Reads an `AppIntentVocabulary.plist`, checking every key's type.
    ///
    /// - Complexity: O(n) in the file size.
    /// Intent names in `IntentPhrases` and `ParameterNames` are checked against `intents`.
    ///
    /// - Complexity: O(n) in the file size.
    public static func load(_ path: String, displayPath: String? = nil, locale: LocaleID,
                            intents: IntentNameCheck = .lenient) throws -> AppVocabulary {
        let plist = try PropertyList.load(path, displayPath: displayPath)
        return try AppVocabulary(plist, locale: locale, file: displayPath ?? path, intents: intents)
    }

    init(_ plist: PropertyList, locale: LocaleID, file: String, intents: IntentNameCheck) throws {
        self.locale = locale
        self.file = file
        parameterVocabularies = try (plist.optional("ParameterVocabularies")?.array() ?? []).map { pv in
            let namesNode = try pv.required("ParameterNames")
            let names = try namesNode.strings()
            for (i, n) in names.enumerated() {
                var site = namesNode.site
                if case .array(let a) = namesNode.value { site = a[i].site }
                try intents.checkParameter(n, site: site)
            }
            let items = try pv.required("ParameterVocabulary").array().map { item in
                VocabularyItem(
                    identifier: try item.required("VocabularyItemIdentifier").string(),
                    synonyms: try (item.optional("VocabularyItemSynonyms")?.array() ?? []).map { syn in
                        VocabularySynonym(
                            phrase: try syn.required("VocabularyItemPhrase").string(),
                            pronunciation: try syn.optional("VocabularyItemPronunciation")?.string(),
                            examples: try syn.optional("VocabularyItemExamples")?.strings() ?? [])
                    })
            }
            return ParameterVocabulary(parameterNames: names, items: items)
        }
        intentPhrases = try (plist.optional("IntentPhrases")?.array() ?? []).map { p -> IntentPhrases in
            let nameNode = try p.required("IntentName")
            try intents.check(try nameNode.string(), site: nameNode.site)
            return IntentPhrases(intentName: try nameNode.string(),
                          examples: try p.optional("IntentExamples")?.strings() ?? [])
        }
    }
}
