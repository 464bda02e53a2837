import ParlanceText

/// Templates for apps' custom intents, made from their `IntentPhrases` examples: the app's name
/// becomes `{app}` and a vocabulary phrase of the intent's parameters becomes that parameter's
/// slot, so "Show Now Playing movies in Flicks" also reads "Show Popular movies in Flicks".
enum CustomIntentTemplates {
    static func intents(catalog: Catalog, locale: LocaleID, appNames: AppNames, profile: TextProfile,
                        vocabulary: inout [String: (String, String?)]) -> [Intent] {
        var byIntent: [String: [Template]] = [:]
        var order: [String] = []
        for app in catalog.apps.apps {
            guard let vocab = app.vocabulary(for: locale) else { continue }
            let custom = Set(app.customIntents.flatMap { [$0.name, $0.className] })
            let names = appNames.entries.filter { $0.bundleIdentifier == app.bundleIdentifier }.map(\.said)
                .sorted { $0.count > $1.count }
            for phrases in vocab.intentPhrases where custom.contains(phrases.intentName) {
                let intent = phrases.intentName.hasSuffix("Intent") ? phrases.intentName : phrases.intentName + "Intent"
                for example in phrases.examples {
                    var text = escape(example)
                    for n in names where text.range(of: escape(n), options: .caseInsensitive) != nil {
                        text = text.replacingOccurrences(of: escape(n), with: "{app}", options: .caseInsensitive)
                        break
                    }
                    for pv in vocab.parameterVocabularies {
                        for key in pv.parameterNames {
                            let parameter = String(key.split(separator: ".").last ?? Substring(key))
                            let slot = "custom_\(app.bundleIdentifier.replacingOccurrences(of: ".", with: "_"))_\(parameter)"
                            for item in pv.items {
                                for syn in item.synonyms where text.range(of: escape(syn.phrase), options: .caseInsensitive) != nil {
                                    text = text.replacingOccurrences(of: escape(syn.phrase), with: "{\(slot):\(parameter)}",
                                                                     options: .caseInsensitive)
                                }
                            }
                        }
                    }
                    if let t = try? Template(text + (text.contains("{app}") ? "" : " [<with_app>]"), location: nil) {
                        if byIntent[intent] == nil { order.append(intent) }
                        byIntent[intent, default: []].append(t)
                    }
                }
            }
        }
        return order.map { name in
            var block = IntentBlock(templates: byIntent[name] ?? [])
            block.lists = customLists(catalog: catalog, locale: locale, vocabulary: &vocabulary)
            return Intent(name: name, blocks: [block])
        }
    }

    /// The custom parameters' vocabulary as lists, named as the templates above name them.
    static func customLists(catalog: Catalog, locale: LocaleID, vocabulary: inout [String: (String, String?)]) -> [String: SlotList] {
        var lists: [String: SlotList] = [:]
        for app in catalog.apps.apps {
            for pv in app.vocabulary(for: locale)?.parameterVocabularies ?? [] {
                for key in pv.parameterNames {
                    let parameter = String(key.split(separator: ".").last ?? Substring(key))
                    let slot = "custom_\(app.bundleIdentifier.replacingOccurrences(of: ".", with: "_"))_\(parameter)"
                    var values: [SlotValue] = []
                    for item in pv.items {
                        let out = "\(app.bundleIdentifier)|\(item.identifier)"
                        vocabulary[out] = (item.identifier, app.bundleIdentifier)
                        values += item.synonyms.map { SlotValue(text: $0.phrase, output: .string(out)) }
                    }
                    lists[slot] = .values(values)
                }
            }
        }
        return lists
    }

    /// Template syntax characters in an example are literal text.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            if "(){}<>[]|;\\".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
