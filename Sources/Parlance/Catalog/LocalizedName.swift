import ParlanceText

/// A name an app answers to in one locale, with where it came from, so that the matcher can
/// score a fallback lower and the linter can explain it.
///
/// ```swift
/// let n = app.displayName(for: try LocaleID("es-MX"))
/// n?.value           // "Podómetro"
/// n?.source          // "Pedometer/es.lproj/InfoPlist.strings"
/// n?.fallback        // .parentLocale   (es-MX → es-419 → es: step 2)
/// ```
public struct LocalizedName: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// `CFBundleDisplayName`: what the home screen shows and users say first.
        case displayName
        /// `CFBundleName`: the short bundle name, used when there is no display name.
        case bundleName
        /// `CFBundleSpokenName`: how to say a name that is hard to read aloud.
        case spokenName
        /// An `INAlternativeAppNames` entry.
        case alternative
    }

    /// How the locale asked for was reached.
    public enum Fallback: String, Hashable, Sendable, Codable {
        /// The `.lproj` of the locale asked for (or the same locale spelled differently: `zh_CN` for `zh-Hans-CN`).
        case exact
        /// A parent in CLDR's fallback chain (`es-MX` → `es-419` → `es`).
        case parentLocale
        /// `Base.lproj`.
        case base
        /// The `.lproj` of `CFBundleDevelopmentRegion`.
        case developmentRegion
        /// The unlocalized value in `Info.plist`.
        case infoPlist
    }

    public var value: String
    public var kind: Kind
    /// The locale of the file the name was read from; nil for `Info.plist` and `Base.lproj`.
    public var locale: LocaleID?
    /// The file, as shown in messages (relative to the folder the catalog was loaded from).
    public var source: String
    public var line: Int?
    public var fallback: Fallback
    /// The index in the requested locale's fallback chain (0 = the locale itself); steps beyond
    /// the chain count on (Base, development region, Info.plist).
    public var fallbackStep: Int
    /// `INAlternativeAppNamePronunciationHint`, for alternatives.
    public var pronunciationHint: String?

    public init(value: String, kind: Kind, locale: LocaleID?, source: String, line: Int? = nil,
                fallback: Fallback, fallbackStep: Int, pronunciationHint: String? = nil) {
        self.value = value
        self.kind = kind
        self.locale = locale
        self.source = source
        self.line = line
        self.fallback = fallback
        self.fallbackStep = fallbackStep
        self.pronunciationHint = pronunciationHint
    }

    /// `es.lproj/InfoPlist.strings:3 (parent locale, step 2)`.
    public var provenance: String {
        (line.map { "\(source):\($0)" } ?? source) + " (\(fallback.rawValue), step \(fallbackStep))"
    }
}

/// Apple's `.lproj` folder names: `en`, `en-GB`, `en_GB`, `zh-Hans`, `zh_CN`, `pt-BR`, `Base`,
/// and the legacy `English`.
enum LocalizationFolder {
    static func locale(_ folderName: String, site: ErrorSite) throws -> LocaleID {
        let name = folderName.hasSuffix(".lproj") ? String(folderName.dropLast(6)) : folderName
        do {
            return try LocaleID(name)
        } catch {
            throw AppBundleError.unknownLocalization(site, folder: folderName, detail: "\(error)")
        }
    }
}

/// `.lproj` names already parsed while one catalog loads: a thousand apps share a few dozen
/// names, and each parse is several ICU calls. Lives only as long as the load.
final class LocaleNameCache {
    private var parsed: [String: LocaleID] = [:]

    func locale(_ folderName: String, site: ErrorSite) throws -> LocaleID {
        if let l = parsed[folderName] { return l }
        let l = try LocalizationFolder.locale(folderName, site: site)
        parsed[folderName] = l
        return l
    }
}
