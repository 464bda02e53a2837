import Foundation
import ParlanceText

/// Understands utterances addressed to the catalog's apps: which app, which SiriKit (or custom)
/// intent, and the intent's typed parameters, each scored and resolved.
///
/// Build one per catalog; it is immutable and `Sendable`, and may be called from any number of
/// threads. Locale packs are compiled the first time their locale is asked for.
///
/// ```swift
/// let matcher = try Matcher(catalog: Catalog.loading(.builtIn(DataLocation.locate())))
/// let result = try matcher.match("Book a ride using WenderLoon from Heathrow", locale: LocaleID("en-US"))
/// result.interpretations.first?.intent   // "INRequestRideIntent"
/// ```
public final class Matcher: Sendable {
    public let catalog: Catalog
    private let packs: [LocaleID: LocalePack]
    private let lock = NSLock()
    nonisolated(unsafe) private var compiled: [LocaleID: CompiledPack] = [:]
    /// The pack found for each locale asked for (finding one walks the CLDR fallback chain).
    nonisolated(unsafe) private var served: [LocaleID: LocaleID] = [:]

    /// How many of the engine's best template matches become interpretations.
    static let candidatesInterpreted = 16

    /// The longest utterance matched, in UTF-16 code units; longer input is an error.
    public static let maxUtteranceLength = 2048

    public enum MatchError: Error, CustomStringConvertible, Equatable {
        case noLocalePack(LocaleID, available: [LocaleID])
        case utteranceTooLong(Int)
        public var description: String {
            switch self {
            case .noLocalePack(let l, let available):
                return "no locale pack for \(l) (or its fallbacks \(l.fallbackChain.dropFirst().map(\.identifier).joined(separator: ", "))); packs: "
                    + available.map(\.identifier).joined(separator: ", ")
            case .utteranceTooLong(let n):
                return "the utterance is \(n) UTF-16 units long; the limit is \(Matcher.maxUtteranceLength)"
            }
        }
    }

    /// Reads every locale pack the catalog lists.
    public init(catalog: Catalog) throws {
        self.catalog = catalog
        var packs: [LocaleID: LocalePack] = [:]
        for source in catalog.localePacks {
            packs[source.locale] = try LocalePack.load(source)
        }
        self.packs = packs
    }

    public var locales: [LocaleID] { packs.keys.sorted() }

    public func pack(for locale: LocaleID) -> LocalePack? { packLocale(for: locale).flatMap { packs[$0] } }

    /// The pack serving `locale`: its own, one on its CLDR fallback chain, else one of the same
    /// language and script (`en-US` serves `en-GB`; `zh-CN` does not serve `zh-TW`).
    func packLocale(for locale: LocaleID) -> LocaleID? {
        for l in locale.fallbackChain where packs[l] != nil { return l }
        let script = locale.maximized.script
        return packs.keys.sorted().first { $0.language == locale.language && $0.maximized.script == script }
    }

    func compiledPack(for locale: LocaleID) throws -> CompiledPack {
        lock.lock()
        if let key = served[locale], let c = compiled[key] {
            lock.unlock()
            return c
        }
        lock.unlock()
        guard let key = packLocale(for: locale), let pack = packs[key] else {
            throw MatchError.noLocalePack(locale, available: locales)
        }
        lock.lock()
        served[locale] = key
        if let c = compiled[key] {
            lock.unlock()
            return c
        }
        lock.unlock()
        let c = try CompiledPack(pack: pack, catalog: catalog)
        lock.lock()
        defer { lock.unlock() }
        if let existing = compiled[key] { return existing }
        compiled[key] = c
        return c
    }

    /// Interprets `utterance` in `locale`: the best readings first, at most `top`.
    ///
    /// - Complexity: linear in the utterance; templates are found through literal anchors and
    ///   list values through tries, so the cost does not grow with the number of apps, contacts
    ///   or vocabulary items.
    public func match(_ utterance: String, locale: LocaleID, top: Int = 3) throws -> MatchResult {
        let units = utterance.utf16.count
        guard units <= Self.maxUtteranceLength else { throw MatchError.utteranceTooLong(units) }
        let c = try compiledPack(for: locale)
        let candidates = c.matcher.all(utterance, lists: c.lists, bestSlot: nil, limit: Self.candidatesInterpreted)
        var readings: [Interpretation] = []
        var seen = Set<String>()
        let interpreter = Interpreter(pack: c, catalog: catalog, utterance: utterance)
        for m in candidates {
            guard let i = interpreter.interpret(m) else { continue }
            let key = i.intent + "|" + (i.app?.bundleIdentifier ?? "") + "|" + i.parameters.keys.sorted().joined(separator: ",")
            if seen.insert(key).inserted { readings.append(i) }
        }
        readings.sort { $0.score > $1.score }
        Interpreter.markNearTies(&readings)
        return MatchResult(utterance: utterance, locale: locale, interpretations: Array(readings.prefix(max(top, 1))))
    }
}
