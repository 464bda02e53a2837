import Foundation

/// Home Assistant's intents as the PyPI package `home-assistant-intents` ships them: one merged
/// JSON document per language (`home_assistant_intents/data/<lang>.json`), read as it is.
public enum HomeAssistantIntents {
    /// Loads a merged language file.
    ///
    /// - Complexity: O(size of the file); templates are parsed, not expanded.
    public static func load(contentsOf url: URL) throws -> IntentGrammar {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw GrammarError("cannot read \(url.path): \(error.localizedDescription)")
        }
        let doc: JSONValue
        do { doc = try JSONValue.parse(data) } catch {
            throw GrammarError("\(url.lastPathComponent) is not valid JSON: \(error.localizedDescription)")
        }
        return try GrammarLoader.grammar(from: doc, file: url.lastPathComponent)
    }

    /// The slot lists of one test line, built the way the upstream test runner builds them:
    /// `name` from the entities (each with its domain as context), `area` and `floor` from the
    /// areas and floors.
    public static func lists(for vocab: JSONValue?) throws -> [String: SlotList] {
        func names(_ key: String, context: ((JSONValue) -> [String: JSONValue]?)?) throws -> SlotList {
            .values(try (vocab?[key]?.array ?? []).compactMap { e -> SlotValue? in
                guard let name = e["name"]?.string else { return nil }
                return try SlotValue.parsing(name, output: .string(name), context: context?(e))
            })
        }
        return [
            "name": try names("entities") { e in e["domain"].map { ["domain": $0] } },
            "area": try names("areas", context: nil),
            "floor": try names("floors", context: nil),
        ]
    }
}
