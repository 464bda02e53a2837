import Foundation

/// One test of a locale pack (`Locales/<locale>/tests/*.yaml`): sentences and what they must give.
public struct PhraseTest: Sendable, Hashable {
    public var sentences: [String]
    /// nil when the sentences must not be accepted (`no_match: true`).
    public var intent: String?
    public var app: String?
    /// Expected slot values as written in the test (`20 EUR`, a contact's name, a list of names).
    public var slots: [String: JSONValue]
    public var file: String
    public var line: Int

    /// Reads a tests file.
    public static func load(_ path: String) throws -> [PhraseTest] { try loadFile(path).tests }

    /// Reads a tests file with its `language:` (nil when the file does not say).
    public static func loadFile(_ path: String) throws -> (language: String?, tests: [PhraseTest]) {
        let node = try YAML.parse(try LocalePack.readText(path), file: path)
        return (node["language"]?.string, try tests(in: node, path: path))
    }

    private static func tests(in node: YAMLNode, path: String) throws -> [PhraseTest] {
        guard let tests = node["tests"]?.sequence else {
            throw PackError(file: path, message: "expected 'tests:' with a list of tests")
        }
        var locations: [String: SourceLocation] = [:]
        return try tests.map { t in
            guard let sentences = t["sentences"]?.sequence?.compactMap(\.string), !sentences.isEmpty else {
                throw PackError(file: "\(t.location)", message: "a test needs 'sentences'")
            }
            if t["no_match"]?.bool == true {
                return PhraseTest(sentences: sentences, intent: nil, app: nil, slots: [:], file: path, line: t.location.line)
            }
            guard let intent = t["intent"], let name = intent["name"]?.string else {
                throw PackError(file: "\(t.location)", message: "a test needs 'intent: {name: …}' or 'no_match: true'")
            }
            var slots: [String: JSONValue] = [:]
            for p in intent["slots"]?.mapping ?? [] {
                if let k = p.key.string { slots[k] = p.value.jsonValue(recordingStringsInto: &locations) }
            }
            return PhraseTest(sentences: sentences, intent: name, app: intent["app"]?.string, slots: slots,
                              file: path, line: t.location.line)
        }
    }
}
