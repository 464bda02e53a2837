import ParlanceText

/// An app handles a SiriKit domain in a locale no locale pack covers: Parlance cannot understand
/// its commands there.
public struct MissingLocalePackRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "missing_locale_pack", name: "Missing locale pack", severity: .warning,
        description: """
            An app that supports a SiriKit intent (INIntentsSupported, IntentsSupported, IntentPhrases, \
            ParameterNames) in a localization needs a locale pack (Locales/<locale>/) with templates for that \
            intent's domain, in the same language and script; without one Parlance cannot understand the \
            app's commands in that locale. One finding per app and domain lists the locales left out.
            """,
        triggeringExamples: [
            LintExample("a Russian localization without a Russian pack", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon").intents("INSendMessageIntent")
                    .lproj("en", ["CFBundleDisplayName": "Pigeon"]).lproj("ru", ["CFBundleDisplayName": "Голубь"]),
            ], localePacks: ["en-US": ["INSendMessageIntent"]]),
            LintExample("a pack without the domain", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon").intentPhrases("en", intent: "INRequestRideIntent", "Get me a ride"),
            ], localePacks: ["en-US": ["INSendMessageIntent"]]),
        ],
        nonTriggeringExamples: [
            LintExample("a regional pack serves the language", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon").intents("INSendMessageIntent")
                    .lproj("en-GB", ["CFBundleDisplayName": "Pigeon Post"]).lproj("ru", ["CFBundleDisplayName": "Голубь"]),
            ], localePacks: ["en-US": ["INSendMessageIntent"], "ru-RU": ["INSendMessageIntent"]]),
            LintExample("custom intents need no pack", apps: [
                AppFixture("com.example.flicks", displayName: "Flicks").customIntent("ShowMovies", parameters: []).intents("ShowMoviesIntent"),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        let input = context.input
        return input.apps.flatMap { app -> [Finding] in
            var byDomain: [String: [IntentNameSite]] = [:]
            for s in app.intentNameSites {
                guard let domain = input.schemas.intent(s.name)?.domain else { continue }
                if !(byDomain[domain]?.contains { $0.name == s.name } ?? false) { byDomain[domain, default: []].append(s) }
            }
            var locales = Set(app.localizations.map(\.locale).filter { !$0.isBase })
            if let d = app.developmentRegion { locales.insert(d) }
            return byDomain.sorted { $0.key < $1.key }.compactMap { domain, sites -> Finding? in
                let missing = locales.sorted().filter { locale in
                    !input.localePacks.contains { pack in pack.serves(locale) && sites.contains { pack.covers(intent: $0.name, domain: domain) } }
                }
                guard !missing.isEmpty else { return nil }
                let intents = sites.map(\.name).joined(separator: ", ")
                return finding("the app handles \(domain) (\(intents)) in " + missing.map(\.identifier).joined(separator: ", ")
                               + ", where no locale pack covers \(domain): Parlance cannot understand these commands there",
                               at: sites[0].site,
                               suggestion: "add Locales/<locale>/\(domain).yaml to a pack of each of these languages (see Locales/README.md)")
            }
        }
    }
}
