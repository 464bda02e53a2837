/// An intent name the app writes, where it writes it.
struct IntentNameSite {
    var name: String
    var site: ErrorSite
}

extension App {
    /// Every vocabulary file of the app, once.
    var vocabularies: [AppVocabulary] { localizations.compactMap(\.vocabulary) }

    /// Intent names from `INIntentsSupported`, extensions' `IntentsSupported`, `IntentPhrases` and
    /// the intent part of `ParameterNames`.
    var intentNameSites: [IntentNameSite] {
        var out: [IntentNameSite] = []
        var position: [String: Int] = [:]
        for s in supportedIntents {
            let i = position[s.source, default: 0]
            position[s.source] = i + 1
            let key = s.source.contains(".appex/") ? "NSExtension.NSExtensionAttributes.IntentsSupported" : "INIntentsSupported"
            out.append(IntentNameSite(name: s.name, site: ErrorSite(file: s.source, keyPath: "\(key)[\(i)]")))
        }
        for v in vocabularies {
            for (i, p) in v.intentPhrases.enumerated() { out.append(IntentNameSite(name: p.intentName, site: v.site("IntentPhrases[\(i)].IntentName"))) }
            for (keyPath, name) in v.parameterNameSites {
                out.append(IntentNameSite(name: String(name.prefix { $0 != "." }), site: v.site(keyPath)))
            }
        }
        return out
    }

    /// The intents the app handles: those its Info.plists support, those its
    /// AppIntentVocabulary.plist gives example phrases or parameter vocabulary for (an app ships
    /// them only for intents it handles), and its custom intents by name and class name.
    var handledIntentNames: Set<String> {
        Set(intentNameSites.map(\.name) + customIntents.flatMap { [$0.className, $0.name] })
    }

    /// Custom intents' parameters by intent name and class name (`ShowMovies`, `ShowMoviesIntent`).
    var customIntentParameters: [String: [String]] { IntentNameCheck(schemas: .empty, customIntents: customIntents).customIntents }
}

extension AppVocabulary {
    /// `ParameterVocabularies[p].ParameterNames[n]` with the key path it names.
    var parameterNameSites: [(keyPath: String, name: String)] {
        parameterVocabularies.enumerated().flatMap { p, pv in
            pv.parameterNames.enumerated().map { ("ParameterVocabularies[\(p)].ParameterNames[\($0.offset)]", $0.element) }
        }
    }
}

