import Foundation

/// Where Parlance's built-in data (`Vocabulary/`, `Locales/`) lives: `$PARLANCE_DATA` if set,
/// else the package folder this source file was built from (the folder holding `Package.swift`).
public struct DataLocation: Sendable, Hashable {
    public var root: String

    public init(root: String) { self.root = root }

    public static let environmentKey = "PARLANCE_DATA"

    /// Finds the data folder; nil when neither the environment nor the build tree has one.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              sourceFile: String = #filePath) -> DataLocation? {
        if let env = environment[environmentKey], !env.isEmpty { return DataLocation(root: env) }
        var dir = PathText(sourceFile).deletingLastComponent
        while !dir.isEmpty {
            if CatalogFiles.isFile(dir + "/Package.swift"), CatalogFiles.isDirectory(dir + "/Vocabulary") {
                return DataLocation(root: dir)
            }
            dir = PathText(dir).deletingLastComponent
        }
        return nil
    }

    public func path(_ relative: String) -> String { CatalogFiles.shown(root, relative) }
}
