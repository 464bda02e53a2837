import Foundation

/// File-system questions the loaders ask, answered in one place so that a missing folder is
/// always the same located error.
enum CatalogFiles {
    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    static func isFile(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
    }

    /// The names in `folder` ending in `suffix`, sorted; an unreadable folder is an error.
    static func list(_ folder: String, suffix: String = "") throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw PropertyListError.unreadable(ErrorSite(file: folder), detail: "no such folder or not readable")
        }
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted()
    }

    /// The names in `folder` ending in `suffix`, or none if the folder does not exist.
    static func listIfPresent(_ folder: String, suffix: String = "") -> [String] {
        (try? list(folder, suffix: suffix)) ?? []
    }

    /// `path` relative to `root` when it lies inside it, else `path` unchanged.
    static func relative(_ path: String, to root: String?) -> String {
        guard let root, !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `folder/name`, written the way error messages show it.
    static func shown(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}

/// Path arithmetic on `/`-separated strings, without Foundation's URL round trips.
public struct PathText {
    public let path: String
    public init(_ p: String) { path = p }
    public var lastComponent: String { path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path }
    public var deletingLastComponent: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
