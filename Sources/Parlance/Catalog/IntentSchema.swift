/// One parameter of a SiriKit intent, as the SDK declares it (`recipients: [INPerson]?`).
public struct ParameterSchema: Hashable, Sendable, Codable {
    public var name: String
    /// The SDK type without array or optional marks: `INPerson`, `String`, `Int`, `INMessageAttribute`.
    public var type: String
    public var isArray: Bool
    /// Whether the handler must have a value (`partySize: Int` in restaurant booking); most are optional.
    public var isRequired: Bool
    /// Whether the handling protocol has `resolve<Property>(for:with:)`.
    public var isResolvable: Bool
    /// The cases when `type` is one of SiriKit's enums or option sets; empty otherwise.
    public var enumCases: [String]
}

/// A SiriKit intent (`INSendMessageIntent`) with its parameters, locale-independent.
public struct IntentSchema: Hashable, Sendable, Codable {
    public var name: String
    public var domain: String
    public var parameters: [ParameterSchema]
    public var deprecated: String?

    public func parameter(_ name: String) -> ParameterSchema? { parameters.first { $0.name == name } }
}

/// One of SiriKit's domains (`messaging`, `rideBooking`) and its intents, read from
/// `Vocabulary/Domains/<domain>.yaml`.
public struct DomainSchema: Hashable, Sendable, Codable {
    public var name: String
    public var title: String
    public var intents: [IntentSchema]
    public var file: String
}

/// Every domain schema, with lookup by intent name.
public struct DomainSchemaSet: Sendable {
    public private(set) var domains: [DomainSchema]
    private var byIntent: [String: IntentSchema]

    public init(_ domains: [DomainSchema]) {
        self.domains = domains
        byIntent = Dictionary(domains.flatMap(\.intents).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public static let empty = DomainSchemaSet([])

    public func intent(_ name: String) -> IntentSchema? { byIntent[name] }
    public var intentNames: [String] { byIntent.keys.sorted() }

    /// Whether `name` is spelled like a SiriKit system intent (`IN…Intent`).
    public static func looksLikeSystemIntent(_ name: String) -> Bool {
        name.count > 8 && name.hasPrefix("IN") && name.hasSuffix("Intent") && name.dropFirst(2).first?.isUppercase == true
    }

    /// SDK value types a parameter may have besides the enums a domain file declares.
    public static let valueTypes: Set<String> = [
        "String", "Int", "Double", "Bool", "DateComponents", "INPerson", "INSpeakableString", "CLPlacemark",
        "INCurrencyAmount", "INDateComponentsRange", "INPaymentMethod", "INMediaItem", "INMediaSearch",
        "INMediaDestination", "INNoteContent", "INTaskList", "INSpatialEventTrigger", "INTemporalEventTrigger",
        "INRestaurant", "INRestaurantGuest", "INRestaurantOffer", "INCallRecord", "INCallRecordFilter",
        "INSendMessageAttachment", "INFocusStatus",
    ]

    /// Reads every `*.yaml` file in `folder`. Intent names must be unique across files.
    ///
    /// - Complexity: O(n) in the total size of the files.
    public static func load(folder: String) throws -> DomainSchemaSet {
        var domains: [DomainSchema] = []
        var seen: [String: ErrorSite] = [:]
        for file in try CatalogFiles.list(folder, suffix: ".yaml") {
            let d = try DomainSchema.load(folder + "/" + file, displayPath: CatalogFiles.shown(folder, file))
            for i in d.intents {
                if let first = seen[i.name] {
                    throw SchemaError.duplicateIntent(ErrorSite(file: d.file, keyPath: "intents.\(i.name)"), name: i.name, first: first)
                }
                seen[i.name] = ErrorSite(file: d.file, keyPath: "intents.\(i.name)")
            }
            domains.append(d)
        }
        return DomainSchemaSet(domains)
    }
}

extension DomainSchema {
    /// Reads one domain file:
    ///
    /// ```yaml
    /// domain: messaging
    /// title: Messaging
    /// enums:
    ///   INMessageAttribute: [unknown, read, unread, flagged, unflagged, played]
    /// intents:
    ///   INSendMessageIntent:
    ///     recipients: {type: INPerson, array: true, resolve: true}
    ///     content: {type: String, resolve: true}
    /// ```
    ///
    /// - Complexity: O(n) in the file size.
    public static func load(_ path: String, displayPath: String? = nil) throws -> DomainSchema {
        let (text, shown) = try FileBytes.readText(path, shown: displayPath)
        return try parse(text, file: shown)
    }

    public static func parse(_ text: String, file: String) throws -> DomainSchema {
        let root = try YAMLNode.document(text, file: file)
        let top = try root.fields("a domain schema", allowed: ["domain", "title", "enums", "intents"])
        guard let nameNode = top["domain"] else { throw DocumentError.missingKey(root.site, key: "domain", in: "the domain schema") }
        let name = try nameNode.text("'domain'")
        var enums: [String: [String]] = [:]
        for (k, v) in try top["enums"]?.mapping("'enums'") ?? [] {
            enums[try k.text("an enum name")] = try v.sequence("the cases of an enum").map { try $0.text("an enum case") }
        }
        var intents: [IntentSchema] = []
        guard let intentsNode = top["intents"] else { throw DocumentError.missingKey(root.site, key: "intents", in: "the domain schema") }
        for (k, v) in try intentsNode.mapping("'intents'") {
            let intentName = try k.text("an intent name")
            guard DomainSchemaSet.looksLikeSystemIntent(intentName) else {
                throw DocumentError.invalidValue(k.site, detail: "'\(intentName)' is not a SiriKit intent name",
                                                 hint: "use the SDK's class name, such as INSendMessageIntent")
            }
            var deprecated: String?
            var parameters: [ParameterSchema] = []
            for (pk, pv) in v.isNull ? [] : try v.mapping("the intent '\(intentName)'") {
                let pname = try pk.text("a parameter name")
                if pname == "deprecated" {
                    deprecated = try pv.text("'deprecated'")
                    continue
                }
                parameters.append(try parameter(pname, pv, enums: enums))
            }
            intents.append(IntentSchema(name: intentName, domain: name, parameters: parameters, deprecated: deprecated))
        }
        return DomainSchema(name: name, title: try top["title"]?.text("'title'") ?? name, intents: intents, file: file)
    }

    private static func parameter(_ name: String, _ node: YAMLNode, enums: [String: [String]]) throws -> ParameterSchema {
        let f = try node.fields("the parameter '\(name)'", allowed: ["type", "array", "required", "resolve"])
        guard let typeNode = f["type"] else { throw DocumentError.missingKey(node.site, key: "type", in: "the parameter '\(name)'") }
        let type = try typeNode.text("'type'")
        guard DomainSchemaSet.valueTypes.contains(type) || enums[type] != nil else {
            throw SchemaError.unknownType(typeNode.site, type: type, known: DomainSchemaSet.valueTypes.sorted() + enums.keys.sorted())
        }
        func flag(_ key: String) throws -> Bool {
            guard let n = f[key] else { return false }
            guard let b = n.bool else { throw DocumentError.wrongType(n.site, what: "'\(key)'", expected: "true or false") }
            return b
        }
        return ParameterSchema(name: name, type: type, isArray: try flag("array"), isRequired: try flag("required"),
                               isResolvable: try flag("resolve"), enumCases: enums[type] ?? [])
    }
}

/// Why the domain schemas could not be read.
public enum SchemaError: LocatedError, Equatable {
    case unknownType(ErrorSite, type: String, known: [String])
    case duplicateIntent(ErrorSite, name: String, first: ErrorSite)

    public var site: ErrorSite {
        switch self {
        case .unknownType(let s, _, _), .duplicateIntent(let s, _, _): return s
        }
    }

    public var message: String {
        switch self {
        case .unknownType(_, let t, _): return "unknown parameter type '\(t)'"
        case .duplicateIntent(_, let n, let first): return "intent '\(n)' is already defined in \(first.file)"
        }
    }

    public var hint: String {
        switch self {
        case .unknownType(_, let t, let known):
            return NearestName.closest(to: t, in: known).map { "did you mean '\($0)'?" }
                ?? "declare it under 'enums:' or use an SDK type such as INPerson or String"
        case .duplicateIntent: return "define each intent in one domain file only"
        }
    }
}
