/// Decides whether an intent name an app writes (`INIntentsSupported`, `IntentPhrases`,
/// `ParameterNames`) is one Parlance knows: a SiriKit intent from the domain schemas, or a custom
/// intent from the app's own `.intentdefinition`.
///
/// Only names spelled like system intents (`IN…Intent`) are checked: a typo such as
/// `INSendMesageIntent` would silently never match, while other names belong to the app.
public struct IntentNameCheck: Sendable {
    public var schemas: DomainSchemaSet
    /// Custom intents' parameter names by intent name, both as defined (`ShowMovies`) and as
    /// classes (`ShowMoviesIntent`).
    public var customIntents: [String: [String]]

    public init(schemas: DomainSchemaSet, customIntents: [CustomIntent] = []) {
        self.schemas = schemas
        var byName: [String: [String]] = [:]
        for i in customIntents {
            byName[i.name] = i.parameters.map(\.name)
            byName[i.className] = i.parameters.map(\.name)
        }
        self.customIntents = byName
    }

    /// Checks nothing: for reading a file on its own, without schemas.
    public static let lenient = IntentNameCheck(schemas: .empty)

    var isLenient: Bool { schemas.domains.isEmpty }

    public func check(_ name: String, site: ErrorSite) throws {
        guard !isLenient, DomainSchemaSet.looksLikeSystemIntent(name), schemas.intent(name) == nil,
              customIntents[name] == nil
        else { return }
        throw AppBundleError.unknownIntent(site, name: name, suggestion: NearestName.closest(to: name, in: schemas.intentNames))
    }

    /// Checks an `<Intent>.<parameter>` key path: the intent as `check` does, and the parameter
    /// against the intent's schema.
    public func checkParameter(_ keyPath: String, site: ErrorSite) throws {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw AppBundleError.malformedParameterName(site, name: keyPath)
        }
        try check(parts[0], site: site)
        guard !isLenient, let known = schemas.intent(parts[0])?.parameters.map(\.name) ?? customIntents[parts[0]] else { return }
        guard known.contains(parts[1]) else {
            throw AppBundleError.unknownParameter(site, intent: parts[0], name: parts[1], known: known)
        }
    }
}
