/// An Xcode String Catalog (`InfoPlist.xcstrings`, `Localizable.xcstrings`): JSON holding, per
/// key, a `stringUnit` per language with a `state` (`new`, `translated`, `needs_review`, `stale`)
/// and a `value`.
///
/// Empty values are treated as absent, the way Xcode falls back to the source language for them.
/// Plural and device `variations` are not display names and are skipped.
public struct StringCatalog: Sendable {
    public struct Unit: Sendable, Hashable {
        public var value: String
        public var state: String
        public var location: SourceLocation
    }

    public var file: String
    public var sourceLanguage: String
    /// key → language (as spelled in the file) → unit.
    public var strings: [String: [String: Unit]]

    /// The non-empty value of `key` in `language`, if any.
    public func unit(_ key: String, language: String) -> Unit? {
        guard let u = strings[key]?[language], !u.value.isEmpty else { return nil }
        return u
    }

    /// Languages (as spelled in the file) that hold a non-empty value for `key`.
    public func languages(for key: String) -> [String] {
        (strings[key] ?? [:]).filter { !$0.value.value.isEmpty }.keys.sorted()
    }

    /// Reads a String Catalog. Syntax errors and duplicate keys are reported with line and column.
    ///
    /// - Complexity: O(n) in the file size.
    public static func load(_ path: String, displayPath: String? = nil) throws -> StringCatalog {
        let (text, shown) = try FileBytes.readText(path, shown: displayPath)
        return try parse(text, file: shown)
    }

    public static func parse(_ text: String, file: String) throws -> StringCatalog {
        let root = try YAMLNode.document(text, file: file)
        let top = try root.fields("a String Catalog", allowed: ["sourceLanguage", "strings", "version"])
        guard let source = top["sourceLanguage"] else {
            throw DocumentError.missingKey(root.site, key: "sourceLanguage", in: "the String Catalog")
        }
        var strings: [String: [String: Unit]] = [:]
        for (k, entry) in try top["strings"]?.mapping("'strings'") ?? [] {
            let key = try k.text("a string key")
            let fields = try entry.fields("the entry '\(key)'",
                                          allowed: ["comment", "extractionState", "localizations", "shouldTranslate"])
            var units: [String: Unit] = [:]
            for (l, loc) in try fields["localizations"]?.mapping("'localizations'") ?? [] {
                let language = try l.text("a language")
                let lf = try loc.fields("the '\(language)' localization of '\(key)'", allowed: ["stringUnit", "variations", "substitutions"])
                guard let unit = lf["stringUnit"] else { continue }
                let uf = try unit.fields("the stringUnit", allowed: ["state", "value"])
                let state = try uf["state"]?.text("'state'") ?? "translated"
                guard ["new", "translated", "needs_review", "stale"].contains(state) else {
                    throw DocumentError.invalidValue(uf["state"]!.site, detail: "unknown state '\(state)'",
                                                     hint: "use new, translated, needs_review or stale")
                }
                let value = try uf["value"].map { $0.isNull ? "" : try $0.text("'value'") } ?? ""
                units[language] = Unit(value: value, state: state, location: unit.location)
            }
            strings[key] = units
        }
        return StringCatalog(file: file, sourceLanguage: try source.text("'sourceLanguage'"), strings: strings)
    }
}
