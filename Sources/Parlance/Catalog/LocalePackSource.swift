import Foundation
import ParlanceText

/// Where one locale's grammar files are: `Locales/<bcp47>/*.yaml`, and the test files that mirror
/// them in `Locales/<bcp47>/tests/`. The catalog only finds the files; the grammar reads them.
public struct LocalePackSource: Sendable, Hashable {
    public var locale: LocaleID
    /// The folder, as shown in messages.
    public var folder: String
    /// Pack files, sorted, as paths.
    public var files: [String]
    /// Test files in `tests/`, sorted, as paths.
    public var tests: [String]

    /// Pack files with no test file of the same name, and test files with no pack file: the
    /// mirror hassil's intents repository checks.
    public var unmirrored: (packs: [String], tests: [String]) {
        let packNames = Set(files.map { PathText($0).lastComponent })
        let testNames = Set(tests.map { PathText($0).lastComponent })
        return (files.filter { !testNames.contains(PathText($0).lastComponent) },
                tests.filter { !packNames.contains(PathText($0).lastComponent) })
    }

    /// Finds every `<bcp47>/` folder in `root` (usually `Locales/`). A folder whose name is not a
    /// locale is an error, not skipped: a pack named `english` or `pt_br ` would silently vanish.
    ///
    /// - Complexity: O(f) in the number of files.
    public static func discover(in root: String) throws -> [LocalePackSource] {
        var out: [LocalePackSource] = []
        for name in try CatalogFiles.list(root) where CatalogFiles.isDirectory(CatalogFiles.shown(root, name)) {
            let folder = CatalogFiles.shown(root, name)
            let locale: LocaleID
            do { locale = try LocaleID(name) } catch {
                throw LocalePackError.notALocale(ErrorSite(file: folder), folder: name, detail: "\(error)", canonical: nil)
            }
            // `english` or `iw` parse, but a pack folder must be named by its canonical tag.
            guard locale.identifier.lowercased() == name.replacingOccurrences(of: "_", with: "-").lowercased() else {
                throw LocalePackError.notALocale(ErrorSite(file: folder), folder: name, detail: "it is not a canonical BCP 47 tag",
                                                 canonical: locale.identifier)
            }
            func yaml(_ dir: String) -> [String] {
                (CatalogFiles.listIfPresent(dir, suffix: ".yaml") + CatalogFiles.listIfPresent(dir, suffix: ".yml"))
                    .sorted().map { CatalogFiles.shown(dir, $0) }.filter(CatalogFiles.isFile)
            }
            out.append(LocalePackSource(locale: locale, folder: folder, files: yaml(folder), tests: yaml(folder + "/tests")))
        }
        return out
    }
}

/// Why the locale packs' folders could not be listed.
public enum LocalePackError: LocatedError, Equatable {
    case notALocale(ErrorSite, folder: String, detail: String, canonical: String?)

    public var site: ErrorSite {
        switch self {
        case .notALocale(let s, _, _, _): return s
        }
    }

    public var message: String {
        switch self {
        case .notALocale(_, let f, let d, _): return "locale pack folder '\(f)' does not name a locale: \(d)"
        }
    }

    public var hint: String {
        switch self {
        case .notALocale(_, _, _, let c):
            return c.map { "rename the folder to '\($0)'" } ?? "name the folder with a BCP 47 tag such as de-DE, pt-BR or zh-Hans"
        }
    }
}
