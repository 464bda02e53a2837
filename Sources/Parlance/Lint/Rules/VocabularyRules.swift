import ParlanceText

/// The same phrase, by match key, for two vocabulary items of one parameter.
public struct SynonymCollisionRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "synonym_collision", name: "Synonym collision", severity: .error,
        description: """
            Two items of one parameter whose synonyms have the same match key (case, width and, where the \
            locale allows, diacritics folded) cannot be told apart: the phrase resolves to either. A phrase \
            another app uses for the same parameter in the same locale is a warning: it needs the app's name \
            to resolve.
            """,
        triggeringExamples: [
            LintExample("two items share a phrase up to case", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["Shared Ride"], "xl": ["shared ride", "XL"]]),
            ]),
            LintExample("two apps use one phrase for one parameter", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["pool"]]),
                AppFixture("com.other.cabs", displayName: "Cabs")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["shared": ["Pool"]]),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("one item repeats a phrase", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["pool", "Pool"], "xl": ["XL"]]),
            ]),
            LintExample("one phrase for different parameters", apps: [
                AppFixture("com.example.stride", displayName: "Stride")
                    .vocabulary("en", parameter: "INStartWorkoutIntent.workoutName", items: ["run": ["run"]])
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["ride": ["run"]]),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        var profiles: [LocaleID: TextProfile] = [:]
        struct Use { var app: App; var vocabulary: AppVocabulary; var identifier: String; var phrase: String; var keyPath: String }
        // (locale, parameter, key) → the first item that used it.
        var firstUse: [String: Use] = [:]
        var findings: [Finding] = []
        for app in context.input.apps {
            for v in app.vocabularies {
                if profiles[v.locale] == nil { profiles[v.locale] = try? TextProfile(locale: v.locale) }
                guard let profile = profiles[v.locale] else { continue }
                for s in v.synonymSites {
                    let key = profile.key(s.synonym.phrase)
                    guard !key.isEmpty else { continue }
                    for parameter in s.parameters {
                        let slot = "\(v.locale)\u{0}\(parameter)\u{0}\(key)"
                        guard let first = firstUse[slot] else {
                            firstUse[slot] = Use(app: app, vocabulary: v, identifier: s.item.identifier, phrase: s.synonym.phrase, keyPath: s.keyPath)
                            continue
                        }
                        if first.app.path == app.path {
                            guard first.identifier != s.item.identifier else { continue }
                            findings.append(finding(
                                "'\(s.synonym.phrase)' names both '\(first.identifier)' (\(first.keyPath)) and '\(s.item.identifier)' "
                                    + "for \(parameter): the phrase resolves to either",
                                at: v.site(s.keyPath + ".VocabularyItemPhrase"),
                                suggestion: "keep the phrase on one item and give the other a phrase of its own"))
                        } else {
                            findings.append(finding(
                                "'\(s.synonym.phrase)' (\(s.item.identifier)) is also \(first.app.bundleIdentifier)'s phrase for "
                                    + "\(parameter) in \(v.locale) ('\(first.phrase)', \(first.identifier)): it needs the app's name to resolve",
                                at: v.site(s.keyPath + ".VocabularyItemPhrase"), severity: .warning,
                                suggestion: "prefer a phrase of the app's own, or expect users to name the app"))
                        }
                    }
                }
            }
        }
        return findings
    }
}

/// A `VocabularyItemIdentifier` (or a user vocabulary `id`) used twice.
public struct DuplicateIdentifierRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "duplicate_identifier", name: "Duplicate identifier", severity: .error,
        description: """
            Each VocabularyItemIdentifier must be unique within a parameter's vocabulary (and each id within a \
            user vocabulary type): the app gets the identifier back and cannot tell which item was meant.
            """,
        triggeringExamples: [
            LintExample("an identifier twice for one parameter", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["pool"], "xl": ["XL"]])
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["shared ride"]]),
            ]),
            LintExample("a contact id twice", userVocabulary: [:]).userItems(.contactName, [
                UserVocabulary.Item(name: "Anna Schmidt", id: "c1", pronunciation: nil, rank: 0),
                UserVocabulary.Item(name: "Anna Berg", id: "c1", pronunciation: nil, rank: 1),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("one identifier per item", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["pool"], "xl": ["XL"]]),
            ]),
            LintExample("the same identifier for two parameters", apps: [
                AppFixture("com.example.stride", displayName: "Stride")
                    .vocabulary("en", parameter: "INStartWorkoutIntent.workoutName", items: ["run": ["run"]])
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["run": ["run"]]),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for v in context.input.apps.flatMap(\.vocabularies) {
            var seen: [String: String] = [:]
            for (p, pv) in v.parameterVocabularies.enumerated() {
                for (i, item) in pv.items.enumerated() {
                    let keyPath = "ParameterVocabularies[\(p)].ParameterVocabulary[\(i)].VocabularyItemIdentifier"
                    for parameter in pv.parameterNames {
                        if let first = seen[parameter + "\u{0}" + item.identifier] {
                            findings.append(duplicate(item.identifier, of: parameter, first: first, at: v.site(keyPath)))
                        } else {
                            seen[parameter + "\u{0}" + item.identifier] = keyPath
                        }
                    }
                }
            }
        }
        for u in context.input.userVocabularies {
            for type in u.items.keys.sorted() {
                var seen: [String: String] = [:]
                for (i, item) in u[type].enumerated() {
                    guard let id = item.id else { continue }
                    if let first = seen[id] {
                        findings.append(duplicate(id, of: type.rawValue, first: first, at: ErrorSite(file: u.file ?? "user vocabulary", keyPath: "\(type.rawValue)[\(i)].id")))
                    } else {
                        seen[id] = "\(type.rawValue)[\(i)]"
                    }
                }
            }
        }
        return findings
    }

    private func duplicate(_ id: String, of what: String, first: String, at site: ErrorSite) -> Finding {
        finding("identifier '\(id)' of \(what) is already used at \(first)", at: site, suggestion: "give each item its own identifier")
    }
}

/// A vocabulary string longer than Apple's limit.
public struct VocabularyStringTooLongRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "vocabulary_string_too_long", name: "Vocabulary string too long", severity: .error,
        description: "SiriKit ignores vocabulary strings longer than \(UserVocabulary.maxUTF16Length) UTF-16 units.",
        triggeringExamples: [
            LintExample("a 1025-unit synonym", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["long": [String(repeating: "a", count: 1025)]]),
            ]),
            LintExample("emoji count twice", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["long": [String(repeating: "🎈", count: 513)]]),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("exactly 1024 units", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["long": [String(repeating: "🎈", count: 512)]]),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        context.input.textSites.filter { $0.isVocabulary && $0.text.utf16.count > UserVocabulary.maxUTF16Length }.map {
            finding("\($0.what) is \($0.text.utf16.count) UTF-16 units long ('\($0.text.prefix(24))…'); Apple's limit is \(UserVocabulary.maxUTF16Length)",
                    at: $0.site, suggestion: "shorten it: SiriKit ignores longer vocabulary strings")
        }
    }
}
