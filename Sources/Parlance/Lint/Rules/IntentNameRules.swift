/// An intent name that neither SiriKit nor the app's intent definitions define.
public struct UnknownIntentNameRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "unknown_intent_name", name: "Unknown intent name", severity: .error,
        description: """
            Intent names in INIntentsSupported, IntentsSupported, IntentPhrases and ParameterNames must be SiriKit \
            intents (INSendMessageIntent) or custom intents of the app's .intentdefinition: a misspelled one \
            silently never matches. Custom-looking names are checked only when the app's definitions were loaded.
            """,
        triggeringExamples: [
            LintExample("a misspelled SiriKit intent", apps: [AppFixture("com.example.pigeon", displayName: "Pigeon").intents("INSendMesageIntent")]),
            LintExample("a phrase for an intent no one defines", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon").intentPhrases("en", intent: "INSendMessagesIntent", "Message Anna"),
            ]),
            LintExample("a custom intent the definitions lack", apps: [
                AppFixture("com.example.flicks", displayName: "Flicks").customIntent("ShowMovies", parameters: ["category"]).intents("ShowMovieIntent"),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("SiriKit and custom intents", apps: [
                AppFixture("com.example.flicks", displayName: "Flicks").customIntent("ShowMovies", parameters: ["category"])
                    .intents("ShowMoviesIntent", "INSendMessageIntent")
                    .vocabulary("en", parameter: "ShowMoviesIntent.category", items: ["comedy": ["comedies"]]),
            ]),
            LintExample("custom names without definitions are the app's business", apps: [
                AppFixture("com.example.home", displayName: "Home").intents("CallServiceIntent"),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        let schemas = context.input.schemas
        return context.input.apps.flatMap { app -> [Finding] in
            let custom = app.customIntentParameters
            return app.intentNameSites.compactMap { s -> Finding? in
                guard schemas.intent(s.name) == nil, custom[s.name] == nil,
                      DomainSchemaSet.looksLikeSystemIntent(s.name) || !app.intentDefinitions.isEmpty
                else { return nil }
                let known = schemas.intentNames + app.customIntents.map(\.className)
                return finding("'\(s.name)' is not a SiriKit intent or one of the app's custom intents", at: s.site,
                               suggestion: Linter.nearestName(to: s.name, in: known).map { "did you mean '\($0)'?" }
                                   ?? "use a SiriKit intent class name, or define the intent in the app's .intentdefinition")
            }
        }
    }
}

/// A `ParameterNames` key path whose intent has no such parameter.
public struct UnknownParameterNameRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "unknown_parameter_name", name: "Unknown parameter name", severity: .error,
        description: """
            Each ParameterNames entry is <Intent>.<parameter>; the parameter must be one the intent has \
            (INRequestRideIntent.rideOptionName), or the vocabulary is never used.
            """,
        triggeringExamples: [
            LintExample("a misspelled parameter", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOption", items: ["pool": ["pool"]]),
            ]),
            LintExample("a custom intent's missing parameter", apps: [
                AppFixture("com.example.flicks", displayName: "Flicks").customIntent("ShowMovies", parameters: ["category"])
                    .vocabulary("en", parameter: "ShowMoviesIntent.genre", items: ["comedy": ["comedies"]]),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("known parameters", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRideIntent.rideOptionName", items: ["pool": ["pool"]]),
            ]),
            LintExample("an unknown intent is another rule's", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon")
                    .vocabulary("en", parameter: "INRequestRydeIntent.rideOption", items: ["pool": ["pool"]]),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        let schemas = context.input.schemas
        return context.input.apps.flatMap { app -> [Finding] in
            let custom = app.customIntentParameters
            return app.vocabularies.flatMap { v in
                v.parameterNameSites.compactMap { keyPath, name -> Finding? in
                    let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                    guard parts.count == 2, let known = schemas.intent(parts[0])?.parameters.map(\.name) ?? custom[parts[0]],
                          !known.contains(parts[1])
                    else { return nil }
                    return finding("\(parts[0]) has no parameter '\(parts[1])'", at: v.site(keyPath),
                                   suggestion: Linter.nearestName(to: parts[1], in: known).map { "did you mean '\(parts[0]).\($0)'?" }
                                       ?? "use one of: " + known.joined(separator: ", "))
                }
            }
        }
    }
}
