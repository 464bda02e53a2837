import Foundation
import ParlanceText

/// What the linter checks: apps, user vocabulary files and locale packs, with the intent schemas
/// to check names against.
public struct LintInput: Sendable {
    public var schemas: DomainSchemaSet
    public var apps: [App]
    public var userVocabularies: [UserVocabulary]
    public var localePacks: [LocalePackCoverage]
    /// The folders apps were read from, by the name messages show them under.
    public var roots: [(shown: String, real: String)] = []
    /// The locale packs read, linted or only checked against.
    public var packSources: [LocalePackSource] = []
    /// Whether the packs were asked for (rather than read to check coverage against): their
    /// templates and tests are then linted too.
    public var lintsPacks = false

    public init(schemas: DomainSchemaSet, apps: [App] = [], userVocabularies: [UserVocabulary] = [],
                localePacks: [LocalePackCoverage] = []) {
        self.schemas = schemas
        self.apps = apps
        self.userVocabularies = userVocabularies
        self.localePacks = localePacks
    }

    /// What a path given to the linter holds.
    public enum PathKind: Equatable, Sendable {
        /// App folders found in or at the path.
        case apps([String])
        case userVocabulary
        /// A `Locales/` folder, or one locale's folder in it.
        case localePacks
    }

    /// Decides what `path` holds: a `Locales` folder or one of its locale folders, a user
    /// vocabulary file (`.yaml`, `.yml`, `.json`), or app folders: the path itself when it is a
    /// bundle or holds `.lproj` folders, else the apps found in its subfolders (so that a
    /// repository with `Sources/App/Resources/*.lproj` can be linted from its top).
    ///
    /// - Complexity: O(d) in the number of folders searched (at most 8 levels deep).
    public static func kind(of path: String) -> PathKind? {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if CatalogFiles.isFile(trimmed) {
            return [".yaml", ".yml", ".json"].contains(where: trimmed.hasSuffix) ? .userVocabulary : nil
        }
        guard CatalogFiles.isDirectory(trimmed) else { return nil }
        let name = PathText(trimmed).lastComponent
        if name == "Locales" || PathText(PathText(trimmed).deletingLastComponent).lastComponent == "Locales" { return .localePacks }
        let found = AppCatalog.appFolders(in: trimmed)
        return found.isEmpty ? nil : .apps(found)
    }


    /// Loads what `paths` hold. Apps are read without rejecting unknown intent or parameter names:
    /// the linter reports those itself, all at once, with suggestions.
    ///
    /// - Parameters:
    ///   - localePacks: the `Locales/` folder to check coverage against when no path is one.
    ///   - shown: how messages name a path.
    /// - Throws: `LintInput.PathError` for a path that holds nothing to lint, or the loaders'
    ///   located errors for malformed files.
    public static func load(_ paths: [String], schemas: DomainSchemaSet, localePacks defaultPacks: String? = nil,
                            shown: (String) -> String = { $0 }) throws -> LintInput {
        var input = LintInput(schemas: schemas)
        var packFolders: [String] = []
        var loaded = Set<String>()
        for path in paths {
            switch kind(of: path) {
            case .apps(let folders):
                // An app reached through two paths (`.` and `Foo.app`) is linted once.
                for f in folders where loaded.insert(URL(fileURLWithPath: f).standardizedFileURL.path).inserted {
                    input.apps.append(try App.load(at: f, shownAs: shown(f), schemas: .empty))
                    input.roots.append((shown(f), f))
                }
            case .userVocabulary:
                input.userVocabularies.append(try UserVocabulary.load(path, displayPath: shown(path)))
            case .localePacks:
                packFolders.append(path)
            case nil:
                throw PathError.nothingToLint(path: shown(path))
            }
        }
        input.lintsPacks = !packFolders.isEmpty
        if packFolders.isEmpty, let d = defaultPacks, CatalogFiles.isDirectory(d) { packFolders = [d] }
        for folder in packFolders {
            let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            let isOnePack = PathText(trimmed).lastComponent != "Locales"
            let root = isOnePack ? PathText(trimmed).deletingLastComponent : trimmed
            for source in try LocalePackSource.discover(in: root) where !isOnePack || source.folder == trimmed {
                input.localePacks.append(LocalePackCoverage(source, shown: shown))
                input.packSources.append(source)
            }
        }
        return input
    }

    public enum PathError: Error, CustomStringConvertible, Equatable {
        case nothingToLint(path: String)
        public var description: String {
            switch self {
            case .nothingToLint(let p):
                return "found nothing to lint in '\(p)': give an app folder, a folder of apps, a user vocabulary (.yaml, .json) or a Locales folder"
            }
        }
    }
}

/// Which intents one locale pack has templates for, read from its files' `intents:` keys (a file
/// that cannot be read counts by its name, `messaging.yaml` for the messaging domain: its syntax
/// is the grammar's to report).
public struct LocalePackCoverage: Sendable, Hashable {
    public var locale: LocaleID
    /// The folder, as shown in messages.
    public var folder: String
    public var intents: Set<String>
    /// Domains of the files that could not be read, by file name.
    public var fileDomains: Set<String>

    public init(locale: LocaleID, folder: String, intents: Set<String> = [], fileDomains: Set<String> = []) {
        self.locale = locale
        self.folder = folder
        self.intents = intents
        self.fileDomains = fileDomains
    }

    public init(_ source: LocalePackSource, shown: (String) -> String = { $0 }) {
        self.init(locale: source.locale, folder: shown(source.folder))
        for file in source.files {
            guard let (text, _) = try? FileBytes.readText(file, shown: nil), let root = try? YAML.parse(text, file: file) else {
                let name = PathText(file).lastComponent
                fileDomains.insert(String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]))
                continue
            }
            for (key, _) in root["intents"]?.mapping ?? [] { if let k = key.string { intents.insert(k) } }
        }
    }

    /// Whether the pack has templates for `intent` of `domain`.
    public func covers(intent: String, domain: String) -> Bool { intents.contains(intent) || fileDomains.contains(domain) }

    /// Whether the pack serves speakers of `locale`: same language and script (`en-US` serves
    /// `en` and `en-GB`; `zh-Hans` does not serve `zh-Hant`).
    public func serves(_ other: LocaleID) -> Bool {
        guard !other.isBase, other.language == locale.language else { return false }
        return other.maximized.script == locale.maximized.script
    }
}
