import ParlanceText

/// SiriKit's resolution outcomes, for one parameter or a whole interpretation.
///
/// `success` — the value is settled; `disambiguation` — several candidates fit (the caller asks
/// the user to choose among `candidates`); `needsValue` — a required parameter is missing;
/// `confirmationRequired` — a value was found with low confidence (a fuzzy or fallback match) and
/// should be confirmed; `unsupported` — the value is understood but the app cannot take it;
/// `notRequired` — the parameter is optional and absent.
public enum ResolutionStatus: String, Codable, Sendable, Hashable, CaseIterable {
    case success, disambiguation, needsValue, confirmationRequired, unsupported, notRequired
}

/// The state of a whole interpretation: `ready` when every parameter resolved with success or
/// is not required; otherwise the first blocking parameter's status.
public enum InterpretationStatus: String, Codable, Sendable, Hashable {
    case ready, disambiguation, needsValue, confirmationRequired, unsupported
}

/// A typed parameter value.
public enum ParameterValue: Sendable, Hashable {
    case text(String)
    case number(Double)
    case boolean(Bool)
    case currency(amount: Double, currencyCode: String)
    /// Several pieces of text, for a parameter that takes several (`taskTitles`): the items of
    /// a list said as free text (`SpokenList`).
    case texts([String])
    /// People from the user's contacts (`INPerson`): display name and identifier.
    case persons([Person])
    /// An app's or the user's vocabulary item: its identifier and the phrase that named it.
    case vocabulary(identifier: String, phrase: String)
    /// An enum case of the parameter's SiriKit type (`INWorkoutLocationType.outdoor`).
    case enumCase(String)

    public struct Person: Codable, Sendable, Hashable {
        /// The contact's name, or the words said when no contact is named ("my managers").
        public var name: String
        public var identifier: String?
        /// SiriKit's `INPersonRelationship` when the words name a relation rather than a person
        /// ("my managers" → `manager`): the app knows who that is.
        public var relationship: String?
        public init(name: String, identifier: String? = nil, relationship: String? = nil) {
            self.name = name
            self.identifier = identifier
            self.relationship = relationship
        }
    }
}

extension ParameterValue: Codable {
    enum CodingKeys: String, CodingKey { case amount, currencyCode, identifier, phrase, name }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .text(let s), .enumCase(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .number(let d):
            var c = encoder.singleValueContainer()
            if d == d.rounded(), abs(d) < 1e15 { try c.encode(Int64(d)) } else { try c.encode(d) }
        case .boolean(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .currency(let amount, let code):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(amount, forKey: .amount)
            try c.encode(code, forKey: .currencyCode)
        case .texts(let t):
            var c = encoder.singleValueContainer()
            try c.encode(t)
        case .persons(let p):
            var c = encoder.singleValueContainer()
            try c.encode(p)
        case .vocabulary(let id, let phrase):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .identifier)
            try c.encode(phrase, forKey: .phrase)
        }
    }

    public init(from decoder: Decoder) throws {
        if let c = try? decoder.container(keyedBy: CodingKeys.self) {
            if let amount = try c.decodeIfPresent(Double.self, forKey: .amount),
               let code = try c.decodeIfPresent(String.self, forKey: .currencyCode) {
                self = .currency(amount: amount, currencyCode: code)
                return
            }
            if let id = try c.decodeIfPresent(String.self, forKey: .identifier),
               let phrase = try c.decodeIfPresent(String.self, forKey: .phrase) {
                self = .vocabulary(identifier: id, phrase: phrase)
                return
            }
        }
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .boolean(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let p = try? c.decode([Person].self) { self = .persons(p) }
        else if let t = try? c.decode([String].self) { self = .texts(t) }
        else { self = .text(try c.decode(String.self)) }
    }
}

/// How a parameter's value was found, from most to least certain.
public enum MatchKind: String, Codable, Sendable, Hashable {
    case exact, synonym, folded, transliterated, inflected, fuzzy, number, currency, wildcard, inferred
    /// Said as the pronunciation the user gave for it (`さとう` for a contact `佐藤 花子`
    /// pronounced `さとう はなこ`).
    case pronounced
}

/// One parameter of an interpretation.
public struct ParameterMatch: Codable, Sendable, Hashable {
    public var value: ParameterValue?
    /// The words of the utterance it came from.
    public var text: String?
    /// UTF-16 offsets of `text` in the utterance.
    public var range: [Int]?
    /// Confidence in [0, 1]: 1 for exact matches; see `Scoring` for what lowers it.
    public var score: Double
    public var match: MatchKind?
    public var resolution: ResolutionStatus
    /// Other readings, best first; with `disambiguation`, the candidates to choose from.
    public var alternatives: [ParameterValue]?

    public init(value: ParameterValue?, text: String?, range: Range<Int>?, score: Double, match: MatchKind?,
                resolution: ResolutionStatus, alternatives: [ParameterValue]? = nil) {
        self.value = value
        self.text = text
        self.range = range.map { [$0.lowerBound, $0.upperBound] }
        self.score = score
        self.match = match
        self.resolution = resolution
        self.alternatives = alternatives
    }
}

/// The app an interpretation addresses, and where it was named.
public struct AppReference: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    /// The app's name in the utterance's locale.
    public var name: String
    /// UTF-16 offsets of the name in the utterance; nil when the app was inferred, not named.
    public var range: [Int]?
    /// How the name was found: `displayName`, `fallback` (another locale's name), `alternative`,
    /// `spokenName`, `transliterated`, `inferred` (the only app supporting the intent).
    public var source: String?

    public init(bundleIdentifier: String, name: String, range: Range<Int>?, source: String?) {
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.range = range.map { [$0.lowerBound, $0.upperBound] }
        self.source = source
    }
}

/// One reading of an utterance.
public struct Interpretation: Codable, Sendable, Hashable {
    public var app: AppReference?
    /// SiriKit's intent name (`INSendMessageIntent`) or an app's custom intent.
    public var intent: String
    public var domain: String
    public var score: Double
    /// The matcher's own decision; below it, a caller should ask the user.
    public var accepted: Bool
    public var resolution: InterpretationStatus
    public var parameters: [String: ParameterMatch]
    /// Other apps that could take this reading, when the app is ambiguous.
    public var appCandidates: [AppReference]?
    /// The app the utterance names when it is not installed ("Play some Nina Simone on
    /// Spotify"), by the name the pack gives it; the reading is then `unsupported`, and no reading that names no app
    /// is accepted either: the words are not handed to another app.
    public var notInstalledApp: String?

    public init(app: AppReference?, intent: String, domain: String, score: Double, accepted: Bool,
                resolution: InterpretationStatus, parameters: [String: ParameterMatch], appCandidates: [AppReference]? = nil,
                notInstalledApp: String? = nil) {
        self.app = app
        self.intent = intent
        self.domain = domain
        self.score = score
        self.accepted = accepted
        self.resolution = resolution
        self.parameters = parameters
        self.appCandidates = appCandidates
        self.notInstalledApp = notInstalledApp
    }
}

/// Everything `Matcher.match` returns: the output contract of `parlance match --json`.
public struct MatchResult: Codable, Sendable {
    public var utterance: String
    public var locale: LocaleID
    public var interpretations: [Interpretation]

    public init(utterance: String, locale: LocaleID, interpretations: [Interpretation]) {
        self.utterance = utterance
        self.locale = locale
        self.interpretations = interpretations
    }
}
