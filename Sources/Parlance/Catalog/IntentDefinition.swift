import ParlanceText

/// A string in an `.intentdefinition` with the ID its `<lang>.lproj/<Name>.strings` translate it by.
public struct LocalizableText: Hashable, Sendable, Codable {
    public var value: String
    public var id: String?
}

/// A custom intent an app defines in Xcode's intent editor.
public struct CustomIntent: Hashable, Sendable, Codable {
    public struct Parameter: Hashable, Sendable, Codable {
        public var name: String
        public var displayName: LocalizableText?
        /// `String`, `Integer`, `Boolean`, `Decimal`, `Object`, `Placemark`, `Person`, …
        public var type: String
        /// The custom type for `Object` parameters (`IntentServer`).
        public var objectType: String?
        /// The custom enum for enum parameters.
        public var enumType: String?
        public var isArray: Bool
        /// "Options are provided dynamically": the app supplies the values at run time.
        public var hasDynamicOptions: Bool
    }

    public var name: String
    public var title: LocalizableText?
    public var description: LocalizableText?
    /// `generic`, `information`, `order`, `create`, …
    public var category: String?
    public var parameters: [Parameter]
    /// The generated class name Info.plist lists (`ShowMoviesIntent`).
    public var className: String { name + "Intent" }
}

/// An enum defined in an `.intentdefinition` (`INEnums`).
public struct CustomEnum: Hashable, Sendable, Codable {
    public struct Case: Hashable, Sendable, Codable {
        public var name: String
        public var displayName: LocalizableText?
        public var index: Int64?
    }
    public var name: String
    public var displayName: LocalizableText?
    public var cases: [Case]
}

/// A custom type defined in an `.intentdefinition` (`INTypes`).
public struct CustomType: Hashable, Sendable, Codable {
    public var name: String
    public var displayName: LocalizableText?
}

/// An Xcode `.intentdefinition` file (a property list) with the `.strings` that localize it.
public struct IntentDefinition: Sendable {
    public var file: String
    public var intents: [CustomIntent]
    public var enums: [CustomEnum]
    public var types: [CustomType]
    /// Per `.lproj` locale: string ID → translation, from `<lang>.lproj/<Name>.strings`.
    public var localizations: [LocaleID: [String: String]]

    /// `text` in `locale`, following the fallback chain; the definition's own text otherwise.
    public func localized(_ text: LocalizableText, locale: LocaleID) -> String {
        guard let id = text.id else { return text.value }
        for l in locale.fallbackChain {
            if let s = localizations[l]?[id] { return s }
        }
        if let (_, table) = localizations.first(where: { $0.key.maximized == locale.maximized }), let s = table[id] {
            return s
        }
        return text.value
    }

    /// Reads `path` and the `.strings` named like it in the `.lproj` folders of `localizationRoot`
    /// (by default the folder holding the file, or its parent when that is `Base.lproj`).
    ///
    /// - Complexity: O(n) in the size of the definition and its translations.
    public static func load(_ path: String, displayPath: String? = nil, localizationRoot: String? = nil) throws -> IntentDefinition {
        let shown = displayPath ?? path
        let plist = try PropertyList.load(path, displayPath: shown)
        var def = try IntentDefinition(plist, file: shown)
        let folder = PathText(path).deletingLastComponent
        let root = localizationRoot ?? (folder.hasSuffix(".lproj") ? PathText(folder).deletingLastComponent : folder)
        let base = PathText(path).lastComponent
        let stringsName = String(base.dropLast(".intentdefinition".count)) + ".strings"
        let shownRoot = PathText(shown).deletingLastComponent
        let shownBase = shownRoot.hasSuffix(".lproj") ? PathText(shownRoot).deletingLastComponent : shownRoot
        for lproj in CatalogFiles.listIfPresent(root, suffix: ".lproj") {
            let stringsPath = root + "/" + lproj + "/" + stringsName
            guard CatalogFiles.isFile(stringsPath) else { continue }
            let locale = try LocalizationFolder.locale(lproj, site: ErrorSite(file: CatalogFiles.shown(shownBase, lproj)))
            let strings = try StringsFile.load(stringsPath, displayPath: CatalogFiles.shown(shownBase, lproj + "/" + stringsName))
            def.localizations[locale] = Dictionary(strings.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        }
        return def
    }

    init(_ plist: PropertyList, file: String) throws {
        self.file = file
        localizations = [:]
        func text(_ node: PropertyList, _ key: String) throws -> LocalizableText? {
            guard let v = try node.optional(key)?.string() else { return nil }
            return LocalizableText(value: v, id: try node.optional(key + "ID")?.string())
        }
        intents = try (plist.optional("INIntents")?.array() ?? []).map { i in
            CustomIntent(
                name: try i.required("INIntentName").string(),
                title: try text(i, "INIntentTitle"),
                description: try text(i, "INIntentDescription"),
                category: try i.optional("INIntentCategory")?.string(),
                parameters: try (i.optional("INIntentParameters")?.array() ?? []).map { p in
                    CustomIntent.Parameter(
                        name: try p.required("INIntentParameterName").string(),
                        displayName: try text(p, "INIntentParameterDisplayName"),
                        type: try p.optional("INIntentParameterType")?.string() ?? "String",
                        objectType: try p.optional("INIntentParameterObjectType")?.string(),
                        enumType: try p.optional("INIntentParameterEnumType")?.string(),
                        isArray: try p.optional("INIntentParameterSupportsMultipleValues")?.bool() ?? false,
                        hasDynamicOptions: try p.optional("INIntentParameterSupportsDynamicEnumeration")?.bool() ?? false)
                })
        }
        enums = try (plist.optional("INEnums")?.array() ?? []).map { e in
            CustomEnum(
                name: try e.required("INEnumName").string(),
                displayName: try text(e, "INEnumDisplayName"),
                cases: try (e.optional("INEnumValues")?.array() ?? []).map { v in
                    CustomEnum.Case(name: try v.required("INEnumValueName").string(),
                                    displayName: try text(v, "INEnumValueDisplayName"),
                                    index: try v.optional("INEnumValueIndex")?.integer())
                })
        }
        types = try (plist.optional("INTypes")?.array() ?? []).map { t in
            CustomType(name: try t.required("INTypeName").string(), displayName: try text(t, "INTypeDisplayName"))
        }
        let enumNames = Set(enums.map(\.name))
        for (i, intent) in intents.enumerated() {
            for (j, p) in intent.parameters.enumerated() where p.enumType.map({ !enumNames.contains($0) }) ?? false {
                throw IntentDefinitionError.unknownEnum(
                    ErrorSite(file: file, keyPath: "INIntents[\(i)].INIntentParameters[\(j)].INIntentParameterEnumType"),
                    name: p.enumType!, intent: intent.name, known: enumNames.sorted())
            }
        }
    }
}

/// Why an `.intentdefinition` is inconsistent (its plist syntax errors are `PropertyListError`s).
public enum IntentDefinitionError: LocatedError, Equatable {
    case unknownEnum(ErrorSite, name: String, intent: String, known: [String])

    public var site: ErrorSite {
        switch self {
        case .unknownEnum(let s, _, _, _): return s
        }
    }

    public var message: String {
        switch self {
        case .unknownEnum(_, let n, let i, _): return "a parameter of intent '\(i)' uses enum '\(n)', which INEnums does not define"
        }
    }

    public var hint: String {
        switch self {
        case .unknownEnum(_, let n, _, let known):
            return NearestName.closest(to: n, in: known).map { "did you mean '\($0)'?" } ?? "define the enum '\(n)' in the intent editor"
        }
    }
}
