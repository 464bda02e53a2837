import Foundation
import ParlanceText

/// What fills a slot whose list declares a Parlance `type` (see Locales/README.md).
public enum TypedList: Sendable, Hashable {
    /// The user's contacts; lists of people and inflected forms.
    case person
    /// Digits and spelled-out numbers (the engine's `range` lists).
    case number
    /// Currency amounts, read by the text layer from the slot's text.
    case currency
    /// An app's `ParameterVocabulary` (`parameter`) and/or the user's vocabulary kinds (`user`).
    case vocabulary(parameter: String?, user: [String])
    /// Relative dates and times, kept as said.
    case date
    /// The addressed app.
    case app
}

/// One locale's pack: its files merged into one hassil grammar, the typed lists taken out of it,
/// and the phrase tests that mirror it.
public struct LocalePack: Sendable {
    public var locale: LocaleID
    public var source: LocalePackSource
    public var grammar: IntentGrammar
    public var typedLists: [String: TypedList]
    public var tests: [PhraseTest]
    /// Other names given names are called by (`nicknames:` in a pack file): `Дмитрий: [Дима]`.
    public var nicknames: [String: [String]] = [:]
    /// Words for relations by SiriKit's `INPersonRelationship` (`relationships:` in a pack file):
    /// `manager: [manager, managers, boss]`.
    public var relationships: [String: [String]] = [:]
    /// Apps people name that need not be installed (`other_apps:` in a pack file), by name, with
    /// how the locale says them: `WhatsApp: [WhatsApp, Вотсап, Ватсап]`. A request that names
    /// one that is not installed is not handed to another app.
    public var otherApps: [String: [String]] = [:]
    /// Words that open a remark said after the command, behind a comma (`afterthoughts:` in a
    /// pack file): "…, que salimos ya", "…, because I'm late". When nothing else is accepted,
    /// the utterance is read without the remark (`Matcher.beforeAfterthought`).
    public var afterthoughts: [String] = []
    /// Those of the afterthoughts that open a remark even without a comma, as dictation writes
    /// it (`afterthoughts_without_comma:`): "pausa el entreno que estoy reventao". Words that
    /// are also prepositions ("since", "da") do not belong here: "workouts since Monday".
    public var unmarkedAfterthoughts: [String] = []
    /// Lists whose words are read but not handed on (`output: false`): what a sentence says to
    /// pick out something the intent has no parameter for ("mark **Anna's** last message as
    /// unread": `INSetMessageAttributeIntent` takes no sender).
    public var unpassedLists: Set<String> = []
    /// Each template as the pack writes it, by its compiled text (person slots and hyphens rewritten).
    var written: [String: String] = [:]

    /// Slots Parlance adds when it rewrites a person slot into a list of people: `{recipients}`
    /// becomes `({recipients}[<and>{recipients__2}]…|{recipients__any})`.
    static let personListLength = 4
    static let anySuffix = "__any"
    /// The expansion rules that say a typed list's shape: the locale's dates and times for
    /// `type: date`, its currency amounts for `type: currency` (read by the text layer once matched).
    static let shapeRules: [TypedList: String] = [.date: "date", .currency: "amount"]

    /// Reads every file of `source`: packs merged into one grammar, tests read after them.
    ///
    /// - Complexity: O(total size of the files); templates are parsed, never expanded.
    public static func load(_ source: LocalePackSource) throws -> LocalePack {
        var merged: [String: JSONValue] = [:]
        var intents: [String: [JSONValue]] = [:]
        var lists: [String: JSONValue] = [:]
        var rules: [String: JSONValue] = [:]
        var skip: [JSONValue] = []
        var ignoresWhitespace = false
        var locations: [String: SourceLocation] = [:]
        var typed: [String: TypedList] = [:]
        var nicknames: [String: [String]] = [:]
        var relationships: [String: [String]] = [:]
        var otherApps: [String: [String]] = [:]
        var afterthoughts: [String] = []
        var unmarkedAfterthoughts: [String] = []
        var written: [String: String] = [:]
        var unpassed: Set<String> = []
        for path in source.files {
            let node = try YAML.parse(try readText(path), file: path)
            let doc = node.jsonValue(recordingStringsInto: &locations)
            /// Where `keys` stand in the file (`file:line:column`), or the file alone.
            func site(_ keys: String...) -> String {
                var n: YAMLNode? = node
                for k in keys { n = n?[k] }
                return n.map { "\($0.location)" } ?? path
            }
            guard let root = doc.object else { throw PackError(file: site(), message: "expected a mapping with 'intents', 'lists', 'expansion_rules'") }
            // A list defined alike in several files is one list; defined differently, each file's
            // intents see their own (as block lists).
            var local: [String: JSONValue] = [:]
            for (k, v) in root["lists"]?.object ?? [:] {
                let (engine, type) = try engineLists(k, v, file: path)
                if v["output"]?.bool == false { unpassed.insert(k) }
                if let t = type {
                    if let old = typed[k], old != t { throw PackError(file: site("lists", k), message: "list '\(k)' has another type in another file of the pack") }
                    typed[k] = t
                }
                for (name, body) in engine {
                    if lists[name] == nil { lists[name] = body } else if lists[name] != body { local[name] = body }
                }
            }
            for (name, body) in root["intents"]?.object ?? [:] {
                var blocks = body["data"]?.array ?? []
                if !local.isEmpty {
                    blocks = blocks.map { b in
                        guard var o = b.object else { return b }
                        var l = o["lists"]?.object ?? [:]
                        for (k, v) in local where l[k] == nil { l[k] = v }
                        o["lists"] = .object(l)
                        return .object(o)
                    }
                }
                intents[name, default: []] += blocks
            }
            for (k, v) in root["expansion_rules"]?.object ?? [:] {
                if let old = rules[k], old != v {
                    throw PackError(file: site("expansion_rules", k), message: "expansion rule '\(k)' is defined differently in two files of the pack")
                }
                rules[k] = v
            }
            skip += root["skip_words"]?.array ?? []
            for (name, others) in root["nicknames"]?.object ?? [:] {
                guard let list = others.array?.compactMap(\.string) ?? others.string.map({ [$0] }) else {
                    throw PackError(file: site("nicknames", name), message: "nicknames: '\(name)' must list the names it is called by, as in `Дмитрий: [Дима, Митя]`")
                }
                nicknames[name, default: []] += list
            }
            for (relation, words) in root["relationships"]?.object ?? [:] {
                guard let list = words.array?.compactMap(\.string) else {
                    throw PackError(file: site("relationships", relation), message: "relationships: '\(relation)' must list the words for it, as in `manager: [manager, boss]`")
                }
                relationships[relation, default: []] += list
            }
            for (app, names) in root["other_apps"]?.object ?? [:] {
                guard let list = names.array?.compactMap(\.string), !list.isEmpty else {
                    throw PackError(file: site("other_apps", app), message: "other_apps: '\(app)' must list how the app is said, as in `WhatsApp: [WhatsApp, Вотсап]`")
                }
                otherApps[app, default: []] += list
            }
            for (key, example) in [("afterthoughts", "[because, since]"), ("afterthoughts_without_comma", "[because]")] {
                guard let words = root[key] else { continue }
                guard let list = words.array?.compactMap(\.string), list.count == words.array?.count, !list.isEmpty else {
                    throw PackError(file: site(key), message: "\(key): must list the words that open a remark after the command, as in `\(example)`")
                }
                if key == "afterthoughts" { afterthoughts += list } else { unmarkedAfterthoughts += list }
            }
            if root["settings"]?["ignore_whitespace"]?.bool == true { ignoresWhitespace = true }
        }
        if typed["app"] == nil {
            typed["app"] = .app
            lists["app"] = .object(["values": .array([])])
        }
        // Dates and amounts are said in few shapes, and the pack's `<date>` and `<amount>` rules
        // write them down: such a list then matches only its shape, so the free text beside it
        // (a restaurant, a reminder, a note, a name) stops where the date or amount starts.
        // Without the rule, the list is free text, checked once matched.
        for (name, type) in typed {
            guard let rule = shapeRules[type], rules[rule] != nil else { continue }
            lists[name] = .object(["values": .array([.object(["in": .string("<\(rule)>")])])])
        }
        let people = typed.filter { $0.value == .person }.map(\.key)
        let language = source.locale.language
        // What joins the names of a list of people: the pack's `person_and` rule if it has one
        // (Spanish repeats the preposition: "a John y a Kate"), else the language's conjunctions.
        rules["parlance_person_and"] = .string(rules["person_and"] != nil ? "<person_and>"
                                                   : PersonNameForms(language: language).conjunctionRule)
        func rewrite(_ s: String) -> String {
            var out = spacingHyphens(s)
            for p in people { out = out.replacingOccurrences(of: "{\(p)}", with: personSlot(p, language: language)) }
            return out
        }
        var intentDocs: [String: JSONValue] = [:]
        for (name, blocks) in intents {
            intentDocs[name] = .object(["data": .array(blocks.map { b in
                guard var o = b.object else { return b }
                o["sentences"] = .array((o["sentences"]?.array ?? []).map { sentence in
                    let text = sentence.string ?? ""
                    let rewritten = rewrite(text)
                    // The rewritten template is still where its text is written.
                    if rewritten != text, locations[rewritten] == nil { locations[rewritten] = locations[text] }
                    if rewritten != text, written[rewritten] == nil { written[rewritten] = text }
                    return .string(rewritten)
                })
                return .object(o)
            })])
        }
        rules = rules.mapValues { .string(rewrite($0.string ?? "")) }
        merged["language"] = .string(language)
        merged["intents"] = .object(intentDocs)
        merged["lists"] = .object(lists)
        merged["expansion_rules"] = .object(rules)
        merged["skip_words"] = .array(skip)
        // Free text is what was said: a "please" or "gracias" in a message stays in it.
        var settings: [String: JSONValue] = ["wildcards_as_said": .bool(true)]
        if ignoresWhitespace || ["zh", "ja"].contains(language) { settings["ignore_whitespace"] = .bool(true) }
        merged["settings"] = .object(settings)
        var grammar = try GrammarLoader.grammar(from: .object(merged), file: source.folder) { locations[$0] }
        grammar.wholeWords = !grammar.ignoresWhitespace && !TextProfile.isUnspaced(language: language)
        var tests: [PhraseTest] = []
        for file in source.tests {
            let path = file
            tests += try PhraseTest.load(path)
        }
        return LocalePack(locale: source.locale, source: source, grammar: grammar, typedLists: typed, tests: tests,
                          nicknames: nicknames, relationships: relationships, otherApps: otherApps, afterthoughts: afterthoughts,
                          unmarkedAfterthoughts: unmarkedAfterthoughts,
                          unpassedLists: unpassed,
                          written: written)
    }

    /// A template with each hyphen between two letters written as a space: the engine reads a
    /// hyphen of the utterance as a space when it must, so "montre-moi" in a pack then matches
    /// both "montre-moi" and "montre moi" as a transcriber may write it. Names of lists and
    /// rules (`{…}`, `<…>`) are left alone.
    static func spacingHyphens(_ template: String) -> String {
        var out = ""
        var depth = 0
        var prev: Character?
        var chars = Array(template)
        for i in chars.indices {
            let c = chars[i]
            if c == "{" || c == "<" { depth += 1 } else if (c == "}" || c == ">") && depth > 0 { depth -= 1 }
            if c == "-", depth == 0, prev?.isLetter == true, i + 1 < chars.count, chars[i + 1].isLetter {
                chars[i] = " "
                out.append(" ")
            } else {
                out.append(c)
            }
            prev = chars[i]
        }
        return out
    }

    /// What a person slot `{p}` is compiled into: one person, or up to `personListLength` joined
    /// by the locale's conjunctions, or any text (to be read as people later).
    static func personSlot(_ p: String, language: String) -> String {
        // Template text is whitespace-sensitive: spaced scripts need the spaces written.
        let gap = ["ja", "zh", "th", "km", "lo", "my"].contains(language) ? "" : " "
        let more = (2...personListLength).map { "[\(gap)<parlance_person_and>\(gap){\(p)__\($0)}]" }.joined()
        return "({\(p)}\(more)|{\(p)\(anySuffix):\(p)})"
    }

    /// A compiled template as its author wrote it: person slots shown as `{p}` again.
    public func writtenForm(of template: String) -> String {
        if let w = written[template] { return w }
        var out = template
        for (p, type) in typedLists where type == .person {
            out = out.replacingOccurrences(of: Self.personSlot(p, language: locale.language), with: "{\(p)}")
        }
        return out
    }

    /// The lists the engine sees for one list of a pack file, and its Parlance type if typed:
    /// typed lists become what the engine knows, filled per catalog when compiled.
    static func engineLists(_ name: String, _ body: JSONValue, file: String) throws -> ([String: JSONValue], TypedList?) {
        guard let type = body["type"]?.string else { return ([name: body], nil) }
        let empty = JSONValue.object(["values": .array([])])
        switch type {
        case "person":
            var out = [name: empty, name + anySuffix: .object(["wildcard": .bool(true)])]
            for i in 2...personListLength { out["\(name)__\(i)"] = empty }
            return (out, .person)
        case "number":
            let r = body["range"] ?? .object(["from": .number(0), "to": .number(10_000)])
            return ([name: .object(["range": r])], .number)
        case "currency": return ([name: .object(["wildcard": .bool(true)])], .currency)
        case "date": return ([name: .object(["wildcard": .bool(true)])], .date)
        case "app": return ([name: empty], .app)
        case "vocabulary":
            let user = body["user"]?.array?.compactMap(\.string) ?? body["user"]?.string.map { [$0] } ?? []
            return ([name: empty], .vocabulary(parameter: body["parameter"]?.string, user: user))
        default:
            throw PackError(file: file, message: "list '\(name)' has unknown type '\(type)' (person, number, currency, vocabulary, date, app)")
        }
    }

    static func readText(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PackError(file: path, message: "cannot read the file")
        }
        guard let s = String(data: data, encoding: .utf8) else {
            throw PackError(file: path, message: "the file is not UTF-8")
        }
        return s
    }
}

/// A locale pack that cannot be read.
public struct PackError: Error, CustomStringConvertible, Sendable {
    /// The file, with the line and column where they are known (`file:line:column`).
    public var file: String
    public var message: String
    public var description: String { "\(file): error: \(message)" }
}

extension PersonNameForms {
    /// The conjunctions as a hassil alternative, with optional spaces for unspaced scripts.
    var conjunctionRule: String {
        // Punctuation is gone before matching, so "John, Kate and Ben" reads "John Kate and Ben":
        // the conjunction is optional between two names.
        let words = conjunctions.filter { $0 != "," && $0 != "、" }.sorted()
        return "[(" + words.joined(separator: "|") + ")]"
    }
}

extension YAMLNode {
    /// The node as hassil's document model, remembering where each string stands.
    func jsonValue(recordingStringsInto locations: inout [String: SourceLocation]) -> JSONValue {
        switch self {
        case .scalar(let s, _, let plain):
            if locations[s] == nil { locations[s] = textLocation }
            if plain {
                if isNull { return .null }
                if let b = bool { return .bool(b) }
                if let d = double, s.first.map({ $0.isNumber || $0 == "-" }) == true { return .number(d) }
            }
            return .string(s)
        case .sequence(let items, _):
            return .array(items.map { $0.jsonValue(recordingStringsInto: &locations) })
        case .mapping(let pairs, _):
            var o: [String: JSONValue] = [:]
            for p in pairs { o[p.key.string ?? "\(p.key)"] = p.value.jsonValue(recordingStringsInto: &locations) }
            return .object(o)
        }
    }
}
