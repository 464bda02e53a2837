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
        let readings = try interpretations(utterance, locale: locale)
        return MatchResult(utterance: utterance, locale: locale, interpretations: readings.prefix(max(top, 1)).map(\.reading))
    }

    /// One reading of an utterance with the template it came from.
    struct Reading {
        var reading: Interpretation
        var template: Template
        /// Code points of the utterance its wildcards took or that were dropped as skip words.
        var freeText: Int
    }

    /// Every reading of `utterance`, best first, each with the template it came from.
    func interpretations(_ utterance: String, locale: LocaleID) throws -> [Reading] {
        let units = utterance.utf16.count
        guard units <= Self.maxUtteranceLength else { throw MatchError.utteranceTooLong(units) }
        let c = try compiledPack(for: locale)
        let memo = Interpreter.Memo()
        var readings = try self.readings(utterance, as: utterance, pack: c, memo: memo)
        // A clock time ("21:30") is read both as written and with hours and minutes apart, as
        // packs may say it ("a las <hora> <minutos>"): the reading that leaves less to free text wins.
        if let timed = Self.spacingClockTimes(utterance) {
            readings = Self.fewerFreeWords(readings, try self.readings(timed, as: utterance, pack: c, memo: memo))
        }
        // Compounds are written with a hyphen or a space ("Indoor-Lauf", "Super-App",
        // "30-Minuten-Lauf"): when the hyphens leave nothing accepted, they are read as spaces.
        // The text keeps its length, so ranges still point into the utterance as said.
        if !Self.settled(readings), let spaced = Self.spacingCompounds(utterance) {
            readings = Self.better(readings, try self.readings(spaced, as: utterance, pack: c, memo: memo))
        }
        // Thinking aloud before a pause ("Es que siempre se me olvida… añade sacar la basura a mis
        // tareas"): when nothing is settled, what follows the last pause is read alone.
        let afterPause = Self.afterHesitation(utterance)
        if !Self.settled(readings), let after = afterPause {
            readings = Self.better(readings, try self.readings(after, as: utterance, pack: c, memo: memo))
        }
        // A remark after the command ("Cancela el entreno, que me he lesionado", "Book a ride to
        // the airport, because it's raining"): when nothing is settled, or a place said as free
        // text runs into the remark, the command is read without it (and without thinking aloud
        // before a pause, when there was some).
        // Dictated without the comma ("zancada pausa el entreno que estoy reventao"), the remark
        // is cut only when nothing is accepted ("pide un taxi que me recoja en Sol" is accepted)
        // and no app that is not installed was named ("Anota en Google Keep que …").
        let unspaced = c.analyzer.profile.isUnspaced, key = c.analyzer.profile.key
        if let head = Self.beforeAfterthought(afterPause ?? utterance, openers: c.afterthoughts, unspaced: unspaced, key: key)
            ?? (unspaced || readings.contains(where: { $0.reading.accepted || $0.reading.notInstalledApp != nil }) ? nil
                : Self.beforeAfterthought(afterPause ?? utterance, openers: c.unmarkedAfterthoughts, unspaced: false, key: key, unmarked: true)) {
            let settled = Self.settled(readings), runsOn = placeRunsPast(head.utf16.count, readings)
            if !settled || runsOn {
                let second = try self.readings(head, as: utterance, pack: c, memo: memo)
                readings = (runsOn ? Self.sameRequest(readings, second) : nil) ?? (settled ? readings : Self.better(readings, second))
            }
        }
        // Names written in Latin letters but said in the utterance's script ("约翰和凯特",
        // "в осам"): when nothing is settled, words that sound like a contact or an app become
        // values of those lists, so that they no longer run into the free text beside them.
        // A settled reading may still leave a vocabulary item said in the utterance's script to
        // free text ("ストライドでテンポランを始めて": Stride's "tempo run" in katakana).
        let settled = Self.settled(readings)
        if !settled || Self.leavesVocabularyToText(readings, c),
           // An app name one letter off is looked for only when no reading heard an app named.
           let heard = try c.listsHearingNames(in: utterance, base: c.listsReadingAmounts(in: utterance),
                                               nearSpellings: !readings.contains { $0.reading.app?.range != nil }) {
            let second = try self.readings(utterance, as: utterance, pack: c, lists: heard, memo: memo)
            readings = settled ? Self.typedOverFree(readings, second) : Self.better(readings, second)
        }
        return readings
    }

    /// `text` with everything up to its last pause (an ellipsis: `…`, `...`, `……`) made spaces,
    /// so that it keeps its length and ranges still point into it; nil when it has no pause
    /// or nothing but spaces and punctuation after it.
    static func afterHesitation(_ text: String) -> String? {
        var units = Array(text.utf16)
        var end = -1
        var i = 0
        while i < units.count {
            if units[i] == 0x2026 { end = i + 1 }
            if i + 2 < units.count, units[i] == 0x2E, units[i + 1] == 0x2E, units[i + 2] == 0x2E { end = i + 3 }
            i += 1
        }
        guard end > 0, units[end...].contains(where: { u in Unicode.Scalar(u).map { $0.properties.isAlphabetic } ?? true }) else { return nil }
        for j in 0..<end { units[j] = 0x20 }
        return UTF16Fast.string(units)
    }

    /// The utterance before its first afterthought: a comma (`,`, `，`, `、`) and then one of
    /// `openers` (match keys) as a whole word, or at the start of an unspaced script's text;
    /// nil when there is none. `unmarked`: a space before the opener is enough (dictation
    /// without punctuation), the first word excepted. A prefix of the utterance, so ranges still
    /// point into it.
    static func beforeAfterthought(_ text: String, openers: [String], unspaced: Bool, key: (String) -> String,
                                   unmarked: Bool = false) -> String? {
        var i = text.startIndex
        var longest: Int?
        while let comma = text[i...].firstIndex(where: { $0 == "," || $0 == "，" || $0 == "、" || (unmarked && $0 == " ") }) {
            i = text.index(after: comma)
            // Measured at the first comma: most utterances have none.
            if longest == nil { longest = openers.map(\.count).max() ?? 0 }
            guard let longest, longest > 0 else { return nil }
            // Only the words an opener could span are copied and keyed, so that a long text costs
            // no more; a word that starts with an ASCII letter no opener starts with is passed over
            // unkeyed (keys are lowercase; a mark before the word may be dropped, so it is keyed).
            let next = text[i...].drop(while: \.isWhitespace)
            if let c = next.unicodeScalars.first, c.isASCII, c.properties.isAlphabetic,
               !openers.contains(where: { $0.unicodeScalars.first?.value == c.value | 0x20 }) {
                continue
            }
            let rest = key(String(next.prefix(2 * longest + 4)))
            let opens = openers.contains { o in
                rest.hasPrefix(o) && (unspaced || rest.count == o.count || rest[rest.index(rest.startIndex, offsetBy: o.count)] == " ")
            }
            guard opens else { continue }
            // Only the spaces before the comma go: leading ones keep the ranges in place.
            var head = text[..<comma]
            while head.last?.isWhitespace == true { head.removeLast() }
            if head.allSatisfy(\.isWhitespace) { continue }
            return String(head)
        }
        return nil
    }

    /// The SiriKit types of places, whose free text ends before a remark after the command.
    static let placeTypes: Set<String> = ["CLPlacemark", "INRestaurant"]

    /// Whether the best reading's free text for a place goes on past UTF-16 offset `end`.
    func placeRunsPast(_ end: Int, _ readings: [Reading]) -> Bool {
        guard let best = readings.first?.reading, let schema = catalog.schemas.intent(best.intent) else { return false }
        return schema.parameters.contains { p in
            guard Self.placeTypes.contains(p.type), let v = best.parameters[p.name], v.match == .wildcard,
                  let r = v.range, r.count == 2 else { return false }
            return r[1] > end
        }
    }

    /// The second readings when their best is accepted and is the first's intent and app, else nil.
    static func sameRequest(_ first: [Reading], _ second: [Reading]) -> [Reading]? {
        guard let a = first.first?.reading, let b = second.first?.reading, b.accepted, b.intent == a.intent,
              b.app?.bundleIdentifier == a.app?.bundleIdentifier else { return nil }
        return second
    }

    /// Whether the best reading takes as free text, in another script than Latin letters, a
    /// parameter that one of the pack's vocabulary lists reads.
    static func leavesVocabularyToText(_ readings: [Reading], _ c: CompiledPack) -> Bool {
        guard let best = readings.first, !c.soundAlike.hearsNoVocabulary else { return false }
        return best.reading.parameters.contains { name, p in
            p.match == .wildcard && c.vocabularyListNames.contains(name) && !SoundAlikeNames.isLatin(p.text ?? "")
        }
    }

    /// The second readings, led by the first of them that is accepted, of the same intent and
    /// app as the first readings' best, and leaves less to free text; else the first readings.
    /// A value typed by sound scores lower than the same words as free text, so it need not be
    /// the best of the second readings.
    static func typedOverFree(_ first: [Reading], _ second: [Reading]) -> [Reading] {
        guard let a = first.first, let j = second.firstIndex(where: { b in
            b.reading.accepted && b.reading.intent == a.reading.intent
                && b.reading.app?.bundleIdentifier == a.reading.app?.bundleIdentifier && b.freeText < a.freeText
        }) else { return first }
        var out = second
        out.insert(out.remove(at: j), at: 0)
        return out
    }

    /// Whether the best reading is accepted, names its app and asks nothing more (no app to
    /// choose, no value to confirm): then a second reading of the utterance is not worth its
    /// cost. An app inferred from the intent is not settled: the name may be in the free text
    /// ("в Шубоксе" read as where the photos were taken).
    static func settled(_ readings: [Reading]) -> Bool {
        readings.first.map { $0.reading.accepted && $0.reading.resolution == .ready && $0.reading.app?.source != "inferred" } ?? false
    }

    /// The second readings when their best is accepted and the first's is not, or settled.
    static func better(_ first: [Reading], _ second: [Reading]) -> [Reading] {
        guard let b = second.first, b.reading.accepted else { return first }
        return first.first?.reading.accepted != true || settled(second) ? second : first
    }

    /// `text` with the colon of every clock time ("21:30", "7:05", "19：30") made a space; nil
    /// when there is none. The text keeps its length, so ranges still point into the utterance.
    static func spacingClockTimes(_ text: String) -> String? {
        var units = Array(text.utf16)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < units.count && units[i] >= 0x30 && units[i] <= 0x39 }
        var changed = false
        for i in units.indices where (units[i] == 0x3A || units[i] == 0xFF1A) && isDigit(i - 1) && isDigit(i + 1)
            && isDigit(i + 2) && !isDigit(i + 3) && !(isDigit(i - 2) && isDigit(i - 3)) {
            units[i] = units[i] == 0x3A ? 0x20 : 0x3000
            changed = true
        }
        return changed ? UTF16Fast.string(units) : nil
    }

    /// Of two readings of the same words, the second when both are accepted and its best
    /// scores higher, or as high and leaves fewer words to free text; else `better`.
    static func fewerFreeWords(_ first: [Reading], _ second: [Reading]) -> [Reading] {
        guard let a = first.first, let b = second.first, a.reading.accepted, b.reading.accepted else {
            return better(first, second)
        }
        if a.reading.score != b.reading.score { return b.reading.score > a.reading.score ? second : first }
        return b.freeText < a.freeText ? second : first
    }

    /// A reading that takes as free text the words an accepted reading before it, of the same
    /// intent and app, reads as a typed value (an amount, a contact, a date) is not accepted:
    /// it says the same thing less precisely ("Págale al Riverside Tennis Club 45 euros" with
    /// "45 euros" as the note).
    static func yieldingTypedWords(_ readings: inout [Interpretation]) {
        var typed: [(intent: String, app: String?, range: [Int])] = []
        for i in readings.indices {
            let r = readings[i]
            let ps = r.parameters.values.filter { $0.range != nil }
            if r.accepted, ps.contains(where: { p in p.match == .wildcard && typed.contains {
                $0.intent == r.intent && $0.app == r.app?.bundleIdentifier && $0.range == p.range! } }) {
                readings[i].accepted = false
                continue
            }
            guard r.accepted else { continue }
            for p in ps where p.match != .wildcard { typed.append((r.intent, r.app?.bundleIdentifier, p.range!)) }
        }
    }

    /// The ranges of the utterance a reading takes as free text.
    static func freeText(_ r: Interpretation) -> [[Int]] {
        r.parameters.values.filter { $0.match == .wildcard }.compactMap(\.range).filter { $0.count == 2 }
    }

    /// `text` with every hyphen between two letters or digits made a space; nil when there is none.
    static func spacingCompounds(_ text: String) -> String? {
        var units = Array(text.utf16)
        var changed = false
        for i in units.indices.dropFirst().dropLast() where units[i] == 0x2D {
            let before = Unicode.Scalar(units[i - 1]).map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? true
            let after = Unicode.Scalar(units[i + 1]).map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? true
            if before && after {
                units[i] = 0x20
                changed = true
            }
        }
        return changed ? UTF16Fast.string(units) : nil
    }

    /// The readings of `text`, best first; parameters quote `utterance`, which `text` respells
    /// without moving anything.
    func readings(_ text: String, as utterance: String, pack c: CompiledPack, lists: TemplateMatcher.Lists? = nil,
                  memo: Interpreter.Memo = Interpreter.Memo()) throws -> [Reading] {
        let candidates = c.matcher.all(text, lists: try lists ?? c.listsReadingAmounts(in: text), bestSlot: nil, limit: Self.candidatesInterpreted)
        var scored: [(reading: Interpretation, wildcardText: Int, template: Template)] = []
        var interpreter = Interpreter(pack: c, catalog: catalog, utterance: utterance, memo: memo)
        for (m, i) in zip(candidates, interpreter.interpretAll(candidates)) {
            guard let i else { continue }
            // Skip words dropped count as free text: of two readings alike but for a skip word
            // ("记一下 下周二…"), the one whose template says it leaves the text whole.
            scored.append((i, m.rank.wildcardText + m.skipped, m.template))
        }
        // Equal scores: the reading that leaves less to free text wins, so a date, a number or a
        // contact at the edge of a wildcard goes to its typed slot ("Chez Panisse" + "tomorrow
        // at 7 pm", not "Chez Panisse tomorrow" + "7 pm"). The sort is stable: then the engine's
        // order. Of readings alike in intent, app and parameters, the first is kept.
        // A reading the named app cannot take goes after those it can: naming an app narrows
        // what the words may mean to what the app does ("Покажи сообщения … в Awesome").
        // A reading with its app inferred that takes into free text the words another accepted
        // reading of the same intent names an app by says the same less precisely ("…dans boite a
        // photo" as the search terms): it is not accepted, and goes after the readings it yields to.
        let namedApps = scored.compactMap { s -> (intent: String, range: [Int])? in
            guard s.reading.accepted, s.reading.resolution != .unsupported, let r = s.reading.app?.range, r.count == 2 else { return nil }
            return (s.reading.intent, r)
        }
        var yielded = Set<Int>()
        for i in scored.indices where !namedApps.isEmpty && scored[i].reading.accepted && scored[i].reading.app?.source == "inferred" {
            if Self.freeText(scored[i].reading).contains(where: { f in namedApps.contains { $0.intent == scored[i].reading.intent && f[0] <= $0.range[0] && $0.range[1] <= f[1] } }) {
                scored[i].reading.accepted = false
                yielded.insert(i)
            }
        }
        // Sorted by keys read once: a comparison that read the readings would copy two of them.
        let place = scored.indices.map { scored[$0].reading.resolution == .unsupported ? 2 : yielded.contains($0) ? 1 : 0 }
        let score = scored.map(\.reading.score), wildcardText = scored.map(\.wildcardText)
        scored = scored.indices.sorted { a, b in
            place[a] != place[b] ? place[a] < place[b]
                : score[a] != score[b] ? score[a] > score[b]
                : wildcardText[a] != wildcardText[b] ? wildcardText[a] < wildcardText[b] : a < b
        }.map { scored[$0] }
        // An app that is not installed, named: the words around it are for that app, so a
        // reading that names no app (its name then in free text) is not accepted either, and
        // the reading that names it comes before those, saying why nothing is. A reading that
        // names an installed app still comes first ("用信鸽给李伟发微信": 微信 is the message's kind).
        if scored.contains(where: { $0.reading.notInstalledApp != nil }) {
            for i in scored.indices where scored[i].reading.app?.range == nil { scored[i].reading.accepted = false }
            let group = scored.map { s in
                s.reading.app?.range != nil && s.reading.resolution != .unsupported ? 0 : s.reading.notInstalledApp != nil ? 1 : 2
            }
            scored = scored.indices.sorted { a, b in group[a] != group[b] ? group[a] < group[b] : a < b }.map { scored[$0] }
        }
        // An installed app named for what it cannot do ("Haz una lista de regalos con Paloma"):
        // a reading that takes its name into free text says the same less precisely, and is not
        // accepted either ("regalos con Paloma" as the list's title).
        let refused = scored.compactMap { $0.reading.resolution == .unsupported ? $0.reading.app?.range : nil }
            .filter { $0.count == 2 }
        if !refused.isEmpty {
            for i in scored.indices where scored[i].reading.accepted && scored[i].reading.app?.range == nil {
                if Self.freeText(scored[i].reading).contains(where: { f in refused.contains { r in f[0] <= r[0] && r[1] <= f[1] } }) {
                    scored[i].reading.accepted = false
                }
            }
        }
        var readings: [Interpretation] = []
        var templates: [Template] = []
        var freeText: [Int] = []
        var seen = Set<String>()
        for (i, w, t) in scored {
            let key = i.intent + "|" + (i.app?.bundleIdentifier ?? "") + "|" + i.parameters.keys.sorted().joined(separator: ",")
            if seen.insert(key).inserted {
                readings.append(i)
                templates.append(t)
                freeText.append(w)
            }
        }
        Self.yieldingTypedWords(&readings)
        Interpreter.markNearTies(&readings, freeText: freeText)
        return readings.indices.map { Reading(reading: readings[$0], template: templates[$0], freeText: freeText[$0]) }
    }
}
