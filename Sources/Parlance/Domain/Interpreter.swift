import ParlanceText

/// Turns one template match into an `Interpretation`: the app (named or inferred), each slot
/// typed and resolved as its SiriKit parameter, missing required parameters, and the score.
///
/// Scores, in one place:
/// - an interpretation's score is `app × weakest parameter`;
/// - `app` is the named app's name score (`AppNames.Score`: 1 for the display name down to 0.85
///   for another localization's name), 0.85 when the only app supporting the intent is inferred,
///   0.75 when several could take it (the reading then asks which);
/// - a parameter scores 1 when exact, and less as `PersonResolver.Scoring` and the currency rules
///   below say; a missing required parameter does not lower the score, it makes it `needsValue`;
/// - free text scores 0.9, or no more than a value another reading finds in its words when that
///   value is less sure (`typedUnsurely`: a contact's name said by sound, 0.8, or an amount said as a
///   bare number in an accepted reading, 0.8); a short name nobody has scores `unknown` (0.7), accepted and to be
///   confirmed, as SiriKit has the app confirm a recipient it does not know.
/// `accepted` is `score ≥ acceptThreshold` and a reading the app supports.
struct Interpreter {
    let pack: CompiledPack
    let catalog: Catalog
    let utterance: String
    /// The utterance's UTF-16 code units, which slot ranges count.
    let units: [UInt16]
    /// Resolutions already made for this utterance: candidates share their slot texts, and so do
    /// the readings of the utterance respelled (`Matcher.interpretations`), which keep its ranges.
    private let memo: Memo
    /// Where readings of the utterance took words for a value less sure than free text (UTF-16
    /// ranges → its score): a contact found by sound (free text on the same words scores no
    /// higher), and, in readings that are accepted, a bare number as an amount in the locale's
    /// currency (free text that holds those words scores no higher).
    var typedUnsurely = TypedUnsurely()

    struct TypedUnsurely {
        var same: [[Int]: Double] = [:]
        var within: [[Int]: Double] = [:]
        var isEmpty: Bool { same.isEmpty && within.isEmpty }

        /// The highest score free text over `r` may have.
        func cap(_ r: Range<Int>) -> Double {
            var c = same[[r.lowerBound, r.upperBound]] ?? 1
            for (t, s) in within where r.lowerBound <= t[0] && t[1] <= r.upperBound { c = min(c, s) }
            return c
        }
    }

    final class Memo {
        var persons: [String: PersonResolver.Resolved] = [:]
        let names = PersonResolver.Memo()
        var analyses: [String: TextAnalysis] = [:]
        /// The utterance's text by UTF-16 range (`lower << 32 | upper`).
        var texts: [Int: String] = [:]
    }

    init(pack: CompiledPack, catalog: Catalog, utterance: String, memo: Memo = Memo()) {
        self.memo = memo
        self.pack = pack
        self.catalog = catalog
        self.utterance = utterance
        units = Array(utterance.utf16)
    }

    func resolvePerson(_ text: String) -> PersonResolver.Resolved {
        if let r = memo.persons[text] { return r }
        let r = pack.persons.resolve(text, memo: memo.names)
        memo.persons[text] = r
        return r
    }

    /// The people of a list the template matched name by name (`{recipients}`,
    /// `{recipients__2}`…), each resolved as said, for words that as a whole name nobody; nil
    /// for one name, or when a name names nobody. The words between the names are the pack's to
    /// say (`person_and`: "a John y a Kate"), which the resolver does not know.
    func resolvePeople(_ name: String, _ m: TemplateMatch) -> PersonResolver.Resolved? {
        let parts = Self.slots(name, m).filter { $0.range != nil }.sorted { $0.range!.lowerBound < $1.range!.lowerBound }
        guard parts.count > 1 else { return nil }
        // Two parts that name the same one contact are one name said in two pieces ("ホセ" and
        // "アルバレス" of "ホセアルバレスに"): the contact is listed once.
        var seen = Set<String>()
        let resolved = parts.map { resolvePerson($0.text) }.filter { r in
            guard r.people.count == 1, let id = r.people[0].identifier else { return true }
            return seen.insert(id).inserted
        }
        return resolved.count > 1 ? PersonResolver.list(resolved) : resolved.first
    }

    func analyze(_ text: String) -> TextAnalysis {
        if let a = memo.analyses[text] { return a }
        let a = pack.analyzer.analyze(text)
        memo.analyses[text] = a
        return a
    }

    static let acceptThreshold = 0.6
    static let inferredApp = 0.85
    static let ambiguousApp = 0.75
    static let nearTie = 0.03

    func interpret(_ m: TemplateMatch) -> Interpretation? {
        let schema = catalog.schemas.intent(m.intent)
        let domain = schema?.domain ?? "custom"
        var score = 1.0
        var parameters: [String: ParameterMatch] = [:]

        // A reading whose slots cut a number in two ("2" and "000円" of "2000円", "1万" and
        // "5千円" of "1万5千円") is no reading: unspaced text lets a slot begin anywhere.
        if m.slots.values.contains(where: { $0.range.map { Self.cutsANumber($0, in: units) } ?? false }) { return nil }

        // The app.
        var app: AppReference?
        var appScore = 1.0
        var candidates: [AppReference]?
        var status = InterpretationStatus.ready
        let supporting = pack.supportingApps[m.intent] ?? []
        var notInstalled: String?
        if let s = m.slots["app"], s.metadata?["source"]?.string == CompiledPack.notInstalled {
            notInstalled = s.value.string ?? s.text
            status = .unsupported
        } else if let s = m.slots["app"], let id = s.value.string, catalog.apps.contains(id) {
            app = AppReference(bundleIdentifier: id, name: pack.displayNames[id] ?? s.text, range: s.range.map(widened),
                               source: s.metadata?["source"]?.string)
            appScore = s.metadata?["score"]?.number ?? 1
            // Match keys fold kana: a name said in the other kana is found, and scored as such.
            if let written = s.metadata?["said"]?.string, AppNames.inOtherKana(heard: s.text, written: written) {
                // Hiragana run on without spaces: `はと` of `はとこ` (a cousin) is no pigeon.
                guard let r = s.range, AppNames.endsAtParticle(units, at: widened(r).upperBound) else { return nil }
                app?.source = "otherKana"
                appScore = min(appScore, AppNames.Score.otherKana)
            }
            if !supporting.contains(where: { $0.bundleIdentifier == id }) { status = .unsupported }
        } else if supporting.count == 1 {
            let a = supporting[0]
            app = AppReference(bundleIdentifier: a.bundleIdentifier, name: pack.displayNames[a.bundleIdentifier] ?? a.bundleIdentifier,
                               range: nil, source: "inferred")
            appScore = Self.inferredApp
        } else if supporting.count > 1 {
            candidates = supporting.map {
                AppReference(bundleIdentifier: $0.bundleIdentifier, name: pack.displayNames[$0.bundleIdentifier] ?? $0.bundleIdentifier,
                             range: nil, source: "inferred")
            }
            appScore = Self.ambiguousApp
            status = .disambiguation
        } else {
            status = .unsupported
        }

        // The parameters.
        // A match has a few slots: the parameters done are kept in an array, not hashed.
        var handled = ["app"]
        for name in m.slots.keys.sorted() {
            let base = Self.baseName(name)
            if handled.contains(base) { continue }
            handled.append(base)
            if pack.pack.unpassedLists.contains(base) { continue }
            let type = pack.pack.typedLists[base]
            guard var p = parameter(base, type: type, m) else { return nil }
            listingItems(&p, schema?.parameters.first(where: { $0.name == base }).map(Self.takesAList) == true)
            parameters[base] = p
        }
        if let (people, text) = Self.addressed[m.intent] { splittingAddressee(&parameters, people: people, text: text) }
        if let (head, tail) = Self.titled[m.intent] {
            splittingAtColon(&parameters, head: head, tail: tail,
                             tailIsArray: schema?.parameters.first(where: { $0.name == tail }).map(Self.takesAList) == true)
        }
        for p in schema?.parameters ?? [] where p.isRequired && parameters[p.name] == nil {
            parameters[p.name] = ParameterMatch(value: nil, text: nil, range: nil, score: 0, match: nil, resolution: .needsValue)
        }
        let weakest = parameters.values.filter { $0.resolution != .needsValue }.map(\.score).min() ?? 1
        score = appScore * weakest
        if status == .ready {
            let order: [ResolutionStatus] = [.unsupported, .needsValue, .disambiguation, .confirmationRequired]
            for o in order where parameters.values.contains(where: { $0.resolution == o }) {
                status = InterpretationStatus(rawValue: o.rawValue) ?? .ready
                break
            }
        }
        let accepted = score >= Self.acceptThreshold && status != .unsupported
        return Interpretation(app: app, intent: m.intent, domain: domain, score: (score * 1000).rounded() / 1000,
                              accepted: accepted, resolution: status, parameters: parameters, appCandidates: candidates,
                              notInstalledApp: notInstalled)
    }

    /// Whether free text for `p` may be a list of its values: it takes several, and they are
    /// not titles. A media item is a name ("Simon and Garfunkel", "Astérix et Obélix", "Tom und
    /// Jerry"), whose "and" is its own; people ask for one at a time.
    static func takesAList(_ p: ParameterSchema) -> Bool { p.isArray && p.type != "INMediaItem" }

    /// Free text for a parameter that takes several values may be a list of them.
    func listingItems(_ p: inout ParameterMatch, _ isArray: Bool) {
        guard isArray, p.match == .wildcard, case .text(let t)? = p.value else { return }
        let items = pack.spokenList.items(t)
        if items.count > 1 { p.value = .texts(items) }
    }

    /// Intents whose free text may be said as "title: text", and the two parameters.
    static let titled = ["INCreateNoteIntent": ("title", "content"), "INCreateTaskListIntent": ("title", "taskTitles")]

    /// Intents said to people with a text: the people's parameter and the text's.
    static let addressed = ["INSendMessageIntent": ("recipients", "content")]

    /// The most words before a colon that are taken for the people a text is addressed to.
    static let addresseeWords = 4

    /// "Escribe a Bob: ya he aterrizado", "a la familia: ¿quién trae el postre?", 'manda a Li Wei
    /// "la reunión pasa al viernes"': people read as free text (nobody the contacts know) up to
    /// a colon or an opening quotation mark, whichever comes first, are the people up to it, and
    /// what follows begins the text. The colon is gone before matching, so the template
    /// could not stop there.
    func splittingAddressee(_ ps: inout [String: ParameterMatch], people: String, text: String) {
        guard let p = ps[people], p.match == .wildcard, let said = p.text, let range = p.range, range.count == 2,
              let (headEnd, tailStart) = Self.firstOf(Self.sidesOfColon(said), Self.beforeQuote(said)) else { return }
        let head = UTF16Fast.string(Array(said.utf16)[0..<headEnd])
        guard head.split(whereSeparator: \.isWhitespace).count <= Self.addresseeWords else { return }
        // The text runs from after the colon to the end of the text read after the people, if any.
        var tailEnd = range[1]
        if let t = ps[text], let r = t.range, r.count == 2 {
            guard r[0] >= range[1] else { return }
            tailEnd = r[1]
            // The text was quoted without its marks: the closing one is taken back.
            if tailEnd < units.count, Self.closesAQuote(units[tailEnd]) { tailEnd += 1 }
        }
        let headRange = range[0]..<(range[0] + headEnd), tailRange = onItsWords((range[0] + tailStart)..<tailEnd)
        let r = resolvePerson(head)
        ps[people] = ParameterMatch(value: r.people.isEmpty ? nil : .persons(r.people), text: head, range: headRange,
                                    score: r.score, match: r.match, resolution: r.resolution,
                                    alternatives: r.candidates.isEmpty ? nil : r.candidates.map { .persons([$0]) })
        let tail = self.said(tailRange)
        ps[text] = ParameterMatch(value: .text(tail), text: tail, range: tailRange, score: ps[text]?.score ?? 0.9,
                                  match: .wildcard, resolution: .success)
    }

    /// Around the first colon of `text` that is not a clock time's ("10:30"), in UTF-16 units:
    /// where the words before it end and where those after it begin, spaces left out. Nil when
    /// there is no such colon or nothing on one of its sides.
    static func sidesOfColon(_ text: String) -> (headEnd: Int, tailStart: Int)? {
        let units = Array(text.utf16)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < units.count && units[i] >= 0x30 && units[i] <= 0x39 }
        func isSpace(_ u: UInt16) -> Bool { MatchText.isSpace(UInt32(u)) }
        guard let colon = units.indices.first(where: { i in
            (units[i] == 0x3A && !(isDigit(i - 1) && isDigit(i + 1))) || units[i] == 0xFF1A
        }) else { return nil }
        var headEnd = colon, tailStart = colon + 1
        while headEnd > 0 && isSpace(units[headEnd - 1]) { headEnd -= 1 }
        while tailStart < units.count && isSpace(units[tailStart]) { tailStart += 1 }
        return headEnd > 0 && tailStart < units.count ? (headEnd, tailStart) : nil
    }

    /// Whether one end of `r` (UTF-16 offsets) falls inside a number: between two digits, two
    /// Han numerals, or after 万 or 億 and before a digit ("1万|5千円"). A digit before a Han
    /// numeral may end the number: "300|千卡" (kilocalories).
    static func cutsANumber(_ r: Range<Int>, in units: [UInt16]) -> Bool {
        func inside(_ i: Int) -> Bool {
            guard i > 0, i < units.count else { return false }
            let a = units[i - 1], b = units[i]
            return (Self.isDigit(a) && Self.isDigit(b)) || (Self.hanNumerals.contains(a) && Self.hanNumerals.contains(b))
                || (Self.hanMagnitudes.contains(a) && Self.isDigit(b))
        }
        return inside(r.lowerBound) || inside(r.upperBound)
    }

    /// ASCII and full-width digits.
    static func isDigit(_ u: UInt16) -> Bool { (0x30...0x39).contains(u) || (0xFF10...0xFF19).contains(u) }
    static let hanNumerals = Set("〇零一二三四五六七八九十百千万萬億".utf16)
    static let hanMagnitudes = Set("万萬億".utf16)

    /// Whichever of two places to split comes first.
    static func firstOf(_ a: (headEnd: Int, tailStart: Int)?, _ b: (headEnd: Int, tailStart: Int)?) -> (headEnd: Int, tailStart: Int)? {
        guard let a else { return b }
        guard let b else { return a }
        return b.headEnd < a.headEnd ? b : a
    }

    /// Around the first opening quotation mark of `text` that follows a space ('Li Wei "la
    /// reunión pasa al viernes"'), in UTF-16 units: where the words before it end, and the mark
    /// itself, where the quoted text begins. Nil when there is none or nothing before it.
    static func beforeQuote(_ text: String) -> (headEnd: Int, tailStart: Int)? {
        let units = Array(text.utf16)
        // A mark after a space, closed later before a space, punctuation or the end: not the
        // apostrophe of "Kimo 'Iolani".
        func closed(after i: Int) -> Bool {
            guard let close = quotePairs[units[i]] else { return false }
            return (i + 2..<units.count + 1).contains { j in
                j - 1 > i + 1 && units[j - 1] == close
                    && (j == units.count || MatchText.isSpace(UInt32(units[j])) || MatchText.isPunctuation(UInt32(units[j])))
            }
        }
        guard let mark = units.indices.first(where: { i in
            i > 0 && MatchText.isSpace(UInt32(units[i - 1])) && closed(after: i)
        }) else { return nil }
        var headEnd = mark
        while headEnd > 0 && MatchText.isSpace(UInt32(units[headEnd - 1])) { headEnd -= 1 }
        return headEnd > 0 && mark + 1 < units.count ? (headEnd, mark) : nil
    }

    /// "New note Groceries: milk and eggs", "новый список Вечеринка: торт, свечи", "清单派对：蛋糕、
    /// 蜡烛": when only one of `head` and `tail` was read, as free text with a colon in it (not
    /// between digits, as in "10:30"), what comes before the colon is `head` and the rest `tail`.
    func splittingAtColon(_ ps: inout [String: ParameterMatch], head: String, tail: String, tailIsArray: Bool) {
        let filled = [head, tail].filter { ps[$0]?.value != nil }
        guard filled.count == 1, let p = ps[filled[0]], p.match == .wildcard, let text = p.text,
              let range = p.range, range.count == 2 else { return }
        guard let (headEnd, tailStart) = Self.sidesOfColon(text) else { return }
        let units = Array(text.utf16)
        func part(_ r: Range<Int>) -> ParameterMatch {
            let said = UTF16Fast.string(units[r])
            return ParameterMatch(value: .text(said), text: said, range: (range[0] + r.lowerBound)..<(range[0] + r.upperBound),
                                  score: p.score, match: .wildcard, resolution: p.resolution)
        }
        var t = part(tailStart..<units.count)
        listingItems(&t, tailIsArray)
        ps[head] = part(0..<headEnd)
        ps[tail] = t
    }

    /// `r` widened over the rest of its last character (`MatchText.characterEnd`).
    func widened(_ r: Range<Int>) -> Range<Int> {
        let hi = MatchText.characterEnd(units, r.upperBound)
        return min(r.lowerBound, hi)..<hi
    }

    /// The slots of one parameter: `recipients`, `recipients__2`, … `recipients__any`.
    static func slots(_ name: String, _ m: TemplateMatch) -> [TemplateMatch.Slot] {
        m.slots.compactMap { baseName($0.key) == name ? $0.value : nil }
    }

    /// `recipients__2` → `recipients`.
    static func baseName(_ slot: String) -> String {
        var s = slot
        // Over the bytes: most names have no `__`, and are returned as they are.
        let base = s.withUTF8 { b -> String? in
            var i = 1
            while i < b.count {
                if b[i] == 0x5F && b[i - 1] == 0x5F { return String(decoding: UnsafeBufferPointer(rebasing: b[..<(i - 1)]), as: UTF8.self) }
                i += 1
            }
            return nil
        }
        return base ?? slot
    }

    /// The slot's text span, joining a person list's slots.
    ///
    /// In one loop without closures: a closure over `self` copies the whole interpreter, and
    /// this runs for every parameter of every match interpreted.
    func span(_ base: String, _ m: TemplateMatch) -> (String, Range<Int>?) {
        var first: String?, lo = Int.max, hi = Int.min
        for (name, slot) in m.slots where Self.baseName(name) == base {
            if first == nil { first = slot.text }
            guard let range = slot.range else { continue }
            let r = widened(range)
            lo = min(lo, r.lowerBound)
            hi = max(hi, r.upperBound)
        }
        guard lo <= hi else { return (first ?? "", nil) }
        // A slot ends on its words, not on the space before an optional part it did not take
        // ("twenty euros [<minor>]").
        let r = onItsWords(lo..<min(hi, units.count))
        return (said(r), r)
    }

    /// `r` without the spaces around its words, nor the punctuation before them
    /// ("メッセージ：遅れます" → "遅れます"), nor a pair of quotation marks around them
    /// ("«llego tarde»" → "llego tarde"); an opening "¿" or "¡" keeps its closing mark, so the
    /// range may grow past `r` by it: "¿quién trae el postre?".
    func onItsWords(_ r: Range<Int>) -> Range<Int> {
        var lo = r.lowerBound, hi = r.upperBound
        func trim() {
            while hi > lo, MatchText.isSpace(UInt32(units[hi - 1])) { hi -= 1 }
            while lo < hi, MatchText.isSpace(UInt32(units[lo]))
                    || (MatchText.isPunctuation(UInt32(units[lo])) && !Self.opensAQuestion(units[lo])) { lo += 1 }
        }
        trim()
        // A text said in quotes is the words inside them: «llego tarde», "running late", „bin da“
        // (not «a» y «b», whose first mark closes before the end, nor «...», with no words).
        if hi - lo > 2, let close = Self.quotePairs[units[lo]], units[hi - 1] == close,
           !units[(lo + 1)..<(hi - 1)].contains(close) {
            let quoted = (lo, hi)
            lo += 1
            hi -= 1
            trim()
            if lo >= hi { (lo, hi) = quoted }
        }
        if lo < hi, lo > 0, Self.opensAQuestion(units[lo - 1]) { lo -= 1 }
        if lo < hi, Self.opensAQuestion(units[lo]), hi < units.count, units[hi] == 0x3F || units[hi] == 0x21 { hi += 1 }
        return lo..<hi
    }

    /// Opening quotation marks and the marks that close them, in UTF-16: "…", “…”, „…“ (German;
    /// „…” is read by its closing mark's pair “…”), «…», »…«, ‹…›, ‘…’, '…', ”…” (Swedish), 「…」, 『…』.
    static let quotePairs: [UInt16: UInt16] = [0x22: 0x22, 0x201C: 0x201D, 0x201E: 0x201C, 0xAB: 0xBB, 0xBB: 0xAB,
                                               0x2039: 0x203A, 0x2018: 0x2019, 0x27: 0x27, 0x201D: 0x201D,
                                               0x300C: 0x300D, 0x300E: 0x300F]

    /// Whether `u` closes a quotation.
    static func closesAQuote(_ u: UInt16) -> Bool { quoteClosers.contains(u) }
    static let quoteClosers = Set(quotePairs.values)

    /// "¿" and "¡", which Spanish puts before a question or an exclamation.
    static func opensAQuestion(_ u: UInt16) -> Bool { u == 0xBF || u == 0xA1 }

    /// The utterance's text in `r` (UTF-16 offsets on scalar boundaries), cut once per
    /// utterance: candidates share their slots' spans.
    func said(_ r: Range<Int>) -> String {
        let key = r.lowerBound << 32 | r.upperBound
        if let t = memo.texts[key] { return t }
        let u = utterance.utf16
        let a = u.index(u.startIndex, offsetBy: r.lowerBound), b = u.index(a, offsetBy: r.count)
        let t = String(utterance.unicodeScalars[a..<b])
        memo.texts[key] = t
        return t
    }

    func parameter(_ name: String, type: TypedList?, _ m: TemplateMatch) -> ParameterMatch? {
        let (text, range) = span(name, m)
        let slot = m.slots[name] ?? m.slots.first { Self.baseName($0.key) == name }!.value
        switch type {
        case .person?:
            var r = resolvePerson(text)
            if r.match == .wildcard, let people = resolvePeople(name, m) { r = people }
            let value: ParameterValue? = r.people.isEmpty ? nil : .persons(r.people)
            return ParameterMatch(value: value, text: text, range: range, score: r.score, match: r.match, resolution: r.resolution,
                                  alternatives: r.candidates.isEmpty ? nil : r.candidates.map { .persons([$0]) })
        case .currency?:
            let a = analyze(text)
            if let amount = a.amounts.first, a.amounts.count == 1, amount.tokens == 0..<a.tokens.count {
                return ParameterMatch(value: .currency(amount: amount.amount, currencyCode: amount.currencyCode), text: text,
                                      range: range, score: 1, match: .currency, resolution: .success)
            }
            // A price said as two bare numbers ("doce cincuenta"), or a bare number: the locale's
            // currency, to be confirmed.
            if let b = pack.analyzer.currencies.bareAmounts(in: a.tokens, numbers: a.numbers).first, b.tokens == 0..<a.tokens.count {
                return ParameterMatch(value: .currency(amount: b.amount, currencyCode: b.currencyCode), text: text, range: range,
                                      score: 0.8, match: .number, resolution: .confirmationRequired)
            }
            if let n = a.numbers.first, a.numbers.count == 1, n.tokens.count == a.tokens.count, let local = pack.analyzer.currencies.localCurrency {
                return ParameterMatch(value: .currency(amount: n.value, currencyCode: local), text: text, range: range,
                                      score: 0.8, match: .number, resolution: .confirmationRequired)
            }
            return nil
        case .number?:
            guard let v = slot.value.number else { return nil }
            return ParameterMatch(value: .number(v), text: text, range: range, score: 1, match: .number, resolution: .success)
        case .vocabulary?, nil where slot.value.string.flatMap({ pack.vocabulary[$0] }) != nil:
            let key = slot.value.string ?? ""
            guard let entry = pack.vocabulary[key] else {
                // Another list of the template fills the slot (`{activity:workoutName}`): its value.
                return plain(slot, text: text, range: range)
            }
            // An inflected or spaced form of a synonym says how it matched and scores lower.
            return ParameterMatch(value: .vocabulary(identifier: entry.identifier, phrase: text), text: text, range: range,
                                  score: slot.metadata?["score"]?.number ?? 1,
                                  match: slot.metadata?["match"]?.string.flatMap(MatchKind.init(rawValue:)) ?? .synonym,
                                  resolution: .success)
        default:
            // Free text takes the skip words said next to it ("dile que gracias por todo"); a
            // place does not ("到望京可以坐哪些车": 可以 asks, it is no part of the place).
            if slot.isWildcard, let said = slot.saidRange, Self.slots(name, m).count == 1,
               Self.saysText(catalog.schemas.intent(m.intent)?.parameters.first { $0.name == name }?.type) {
                let r = onItsWords(widened(said.clamped(to: 0..<units.count)))
                return plain(slot, text: self.said(r), range: r)
            }
            return plain(slot, text: text, range: range)
        }
    }

    /// Whether a parameter of SiriKit type `type` is text as said (a message, a note): then it
    /// keeps the skip words said in and next to it. A custom intent's parameter (no schema) is.
    static func saysText(_ type: String?) -> Bool {
        guard let type else { return true }
        return type == "String" || type == "INNoteContent"
    }

    /// A slot of an untyped list: a fixed value of the block, a number, a list value's output,
    /// or the text a wildcard took.
    func plain(_ slot: TemplateMatch.Slot, text: String, range: Range<Int>?) -> ParameterMatch {
        if slot.range == nil && !slot.isWildcard {
            // A fixed slot of the template's block (`playShuffled: true`).
            switch slot.value {
            case .bool(let b): return ParameterMatch(value: .boolean(b), text: nil, range: nil, score: 1, match: .exact, resolution: .success)
            case .number(let n): return ParameterMatch(value: .number(n), text: nil, range: nil, score: 1, match: .exact, resolution: .success)
            case .string(let s): return ParameterMatch(value: .enumCase(s), text: nil, range: nil, score: 1, match: .exact, resolution: .success)
            default: break
            }
        }
        if let n = slot.value.number, !slot.isWildcard {
            return ParameterMatch(value: .number(n), text: text, range: range, score: 1, match: .number, resolution: .success)
        }
        let value = slot.isWildcard ? text : (slot.value.string ?? text)
        var score = slot.isWildcard ? 0.9 : 1
        // Free text whose words another reading takes for a contact said by sound ("photos of
        // Li Wei" for 李 伟) or for an amount said as a bare number ("págale a Anna 12") is no
        // surer than that value: the reading that types it, and leaves less to free text, then
        // wins the tie.
        if slot.isWildcard, let r = range { score = min(score, typedUnsurely.cap(r)) }
        return ParameterMatch(value: .text(value), text: text, range: range, score: score,
                              match: slot.isWildcard ? .wildcard : .exact, resolution: .success)
    }

    /// Every match interpreted (nil for one that is no reading). Words one reading types less
    /// surely than free text (`typedUnsurely`) are read again where another took them as free
    /// text, which then scores no surer.
    mutating func interpretAll(_ matches: [TemplateMatch]) -> [Interpretation?] {
        let first = matches.map { interpret($0) }
        typedUnsurely = Self.typedUnsurely(in: first.compactMap { $0 })
        return typedUnsurely.isEmpty ? first : matches.map { interpret($0) }
    }

    /// The ranges of `readings`' people found by sound or in another script, one contact each
    /// (scored `PersonResolver.Scoring.transliterated`), and of the amounts said as a bare number
    /// in those that are accepted (their score): a reading rejected for its other words ("dile a
    /// Kate que" as a payer) says nothing about the number.
    static func typedUnsurely(in readings: [Interpretation]) -> TypedUnsurely {
        var out = TypedUnsurely()
        for r in readings {
            for p in r.parameters.values {
                guard let range = p.range else { continue }
                if p.match == .transliterated && p.resolution == .success {
                    out.same[range] = min(out.same[range] ?? 1, PersonResolver.Scoring.transliterated)
                } else if r.accepted, p.match == .number, case .currency? = p.value {
                    out.within[range] = min(out.within[range] ?? 1, p.score)
                }
            }
        }
        return out
    }

    /// Readings whose scores nearly tie but that name different apps or intents are not a guess
    /// to make: both become a disambiguation, and neither is accepted. A reading that leaves
    /// fewer words to free text than the other ("a note called {Packing list}" against "a {note
    /// called Packing} list") explains more of what was said and is no tie.
    ///
    /// - Parameter freeText: for each reading, how much of the utterance its wildcards took.
    static func markNearTies(_ readings: inout [Interpretation], freeText: [Int]) {
        guard readings.count > 1 else { return }
        let a = readings[0], b = readings[1]
        let differ = a.intent != b.intent || a.app?.bundleIdentifier != b.app?.bundleIdentifier
        let asSpecific = freeText.count < 2 || freeText[0] >= freeText[1]
        if differ && asSpecific && a.score - b.score < nearTie && a.accepted && b.accepted {
            for i in 0..<2 {
                readings[i].resolution = .disambiguation
                readings[i].accepted = false
            }
        }
    }
}
