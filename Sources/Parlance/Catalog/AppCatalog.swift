/// Every app Parlance knows, in the order they were found, with lookup by bundle identifier.
public struct AppCatalog: Sendable {
    public private(set) var apps: [App]
    private var byIdentifier: [String: Int]

    public init(_ apps: [App]) throws {
        self.apps = []
        byIdentifier = [:]
        for app in apps { try add(app) }
    }

    public static let empty = try! AppCatalog([])

    public func app(_ bundleIdentifier: String) -> App? { byIdentifier[bundleIdentifier].map { apps[$0] } }

    /// Whether an app of that bundle identifier is installed (without copying it).
    public func contains(_ bundleIdentifier: String) -> Bool { byIdentifier[bundleIdentifier] != nil }

    mutating func add(_ app: App) throws {
        if let i = byIdentifier[app.bundleIdentifier] {
            throw AppBundleError.duplicateBundleIdentifier(ErrorSite(file: app.path), identifier: app.bundleIdentifier, first: apps[i].path)
        }
        byIdentifier[app.bundleIdentifier] = apps.count
        apps.append(app)
    }

    /// Loads the apps in `folders`. Each folder is an app itself (it holds `Info.plist`, or is a
    /// `.app`), or holds apps: `Foo.app` folders and folders with an `Info.plist`. A folder of
    /// `.lproj` folders alone is read as one app.
    ///
    /// Messages name files relative to `displayRoot` when they lie inside it.
    ///
    /// - Complexity: O(n) in the total size of the files read.
    public static func load(folders: [String], schemas: DomainSchemaSet, displayRoot: String? = nil) throws -> AppCatalog {
        var catalog = try AppCatalog([])
        let locales = LocaleNameCache()
        for folder in folders {
            guard CatalogFiles.isDirectory(folder) else {
                throw PropertyListError.unreadable(ErrorSite(file: folder), detail: "no such folder")
            }
            let bundles = appFolders(in: folder)
            if bundles.isEmpty { throw AppBundleError.noApps(ErrorSite(file: CatalogFiles.relative(folder, to: displayRoot))) }
            for bundle in bundles {
                try catalog.add(try App.load(at: bundle, shownAs: CatalogFiles.relative(bundle, to: displayRoot), schemas: schemas,
                                             locales: locales))
            }
        }
        return catalog
    }

    static func isBundle(_ path: String) -> Bool {
        path.hasSuffix(".app") || CatalogFiles.isFile(path + "/Info.plist") || CatalogFiles.isFile(path + "/Contents/Info.plist")
    }

    /// The apps in `folder`: the folder itself when it is a bundle (`Foo.app`, or it holds an
    /// `Info.plist`) or holds `.lproj` folders, else the apps found in its subfolders (hidden ones
    /// left out), at most 8 levels down (so that a repository with `Sources/App/Resources/*.lproj` is found from its top).
    ///
    /// - Complexity: O(d) in the number of folders searched.
    public static func appFolders(in folder: String) -> [String] {
        appFolders(in: folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder, depth: 0)
    }

    private static func appFolders(in folder: String, depth: Int) -> [String] {
        if isBundle(folder) { return [folder] }
        // Hidden folders (.git, .build, .swiftpm) hold no apps to find.
        let children = CatalogFiles.listIfPresent(folder).filter { !$0.hasPrefix(".") }
            .map { CatalogFiles.shown(folder, $0) }.filter(CatalogFiles.isDirectory)
        if children.contains(where: { $0.hasSuffix(".lproj") }) { return [folder] }
        guard depth < 8 else { return [] }
        return children.flatMap { appFolders(in: $0, depth: depth + 1) }
    }
}
