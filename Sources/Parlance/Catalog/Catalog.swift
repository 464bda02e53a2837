import Foundation

/// Everything Parlance reads before it can match: domain schemas, apps, the user's vocabulary and
/// where the locale packs are. A value: loading builds a new one or throws, never half of one.
public struct Catalog: Sendable {
    public var schemas: DomainSchemaSet
    public var apps: AppCatalog
    public var userVocabulary: UserVocabulary
    public var localePacks: [LocalePackSource]

    public init(schemas: DomainSchemaSet, apps: AppCatalog, userVocabulary: UserVocabulary = .empty,
                localePacks: [LocalePackSource] = []) {
        self.schemas = schemas
        self.apps = apps
        self.userVocabulary = userVocabulary
        self.localePacks = localePacks
    }

    /// What to load. Paths left nil are not loaded (the built-in data is `DataLocation`'s).
    public struct Sources: Sendable {
        public var domains: String
        public var apps: [String]
        public var userVocabulary: String?
        public var locales: String?

        public init(domains: String, apps: [String], userVocabulary: String? = nil, locales: String? = nil) {
            self.domains = domains
            self.apps = apps
            self.userVocabulary = userVocabulary
            self.locales = locales
        }

        /// The data shipped with Parlance: `Vocabulary/Domains`, `Vocabulary/Apps`, the sample
        /// user in `Vocabulary/Users/`, and `Locales/`.
        public static func builtIn(_ data: DataLocation) -> Sources {
            let users = CatalogFiles.listIfPresent(data.path("Vocabulary/Users"), suffix: ".yaml").first
            let locales = data.path("Locales")
            return Sources(domains: data.path("Vocabulary/Domains"), apps: [data.path("Vocabulary/Apps")],
                           userVocabulary: users.map { data.path("Vocabulary/Users/" + $0) },
                           locales: CatalogFiles.isDirectory(locales) ? locales : nil)
        }
    }

    /// Loads a whole catalog, or throws the first error found (with file, line and column).
    ///
    /// - Complexity: O(n) in the total size of the files.
    public static func loading(_ sources: Sources) throws -> Catalog {
        let schemas = try DomainSchemaSet.load(folder: sources.domains)
        return Catalog(
            schemas: schemas,
            apps: try AppCatalog.load(folders: sources.apps, schemas: schemas),
            userVocabulary: try sources.userVocabulary.map { try UserVocabulary.load($0) } ?? .empty,
            localePacks: try sources.locales.map { try LocalePackSource.discover(in: $0) } ?? [])
    }
}

/// Holds the current catalog for concurrent readers and swaps in a new one only when it loaded
/// completely: a reload or vocabulary update that fails leaves the previous catalog in place.
///
/// ```swift
/// let store = CatalogStore(try Catalog.loading(sources))
/// do { try store.reload { try Catalog.loading(sources) } }
/// catch { print(error) }        // store.current is still the old catalog
/// ```
public final class CatalogStore: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var value: Catalog
    nonisolated(unsafe) private var generationCount = 0

    public init(_ catalog: Catalog) { value = catalog }

    public var current: Catalog { lock.withLock { value } }
    /// Increases by one on every successful replacement.
    public var generation: Int { lock.withLock { generationCount } }

    /// Builds a new catalog with `load` and installs it; on error, keeps the old one and rethrows.
    public func reload(_ load: () throws -> Catalog) throws {
        let fresh = try load()
        install { $0 = fresh }
    }

    /// Replaces only the user vocabulary, e.g. when the user's contacts change; apps, schemas and
    /// compiled grammars are untouched.
    public func replaceUserVocabulary(_ load: () throws -> UserVocabulary) throws {
        let fresh = try load()
        install { $0.userVocabulary = fresh }
    }

    private func install(_ change: (inout Catalog) -> Void) {
        lock.withLock {
            change(&value)
            generationCount += 1
        }
    }
}
