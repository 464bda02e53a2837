import Foundation
import ParlanceText

/// Resolves people named in an utterance against the user's contacts (`contactName`):
/// full names, given or family names alone, inflected forms, honorifics, other scripts, and
/// lists ("John and Kate", "Anna und Ben", "Маше и Диме", "田中さんと佐藤さん").
///
/// Built once per locale and contact list; immutable and `Sendable`. A class, so that handing
/// it around (to every interpretation of every utterance) does not copy its tables.
///
/// ```swift
/// let r = try PersonResolver(locale: LocaleID("ru"), contacts: [.init(name: "Маша Петрова")])
/// r.resolve("Маше").resolution     // .success, match .inflected
/// ```
public final class PersonResolver: Sendable {
    public struct Contact: Sendable, Hashable {
        public var name: String
        public var identifier: String?
        public var pronunciation: String?
        public init(name: String, identifier: String? = nil, pronunciation: String? = nil) {
            self.name = name
            self.identifier = identifier
            self.pronunciation = pronunciation
        }
    }

    /// What one name (or list of names) in the utterance resolved to.
    public struct Resolved: Sendable, Hashable {
        public var people: [ParameterValue.Person]
        public var score: Double
        public var match: MatchKind
        public var resolution: ResolutionStatus
        /// With `disambiguation`: the contacts a name may mean.
        public var candidates: [ParameterValue.Person]
    }

    public let contacts: [Contact]
    let profile: TextProfile
    let forms: PersonNameForms
    /// One way a key names a contact: which, how, and whether the key is the whole name.
    struct Hit: Sendable {
        var contact: Int32
        var kind: MatchKind
        var isFullName: Bool
    }
    /// Match key of a name or name form → the contacts it names.
    private let index: SortedKeyTable<Hit>
    /// Latin key of a name or its pronunciation (spaces removed) → contact indexes; also read
    /// for near spellings.
    private let latinIndex: SortedKeyTable<Int32>
    /// Latin key of each word of a name written in another script → contact indexes.
    private let latinParts: SortedKeyTable<Int32>
    /// `NameSound` keys of each name's words → contact index × 2, plus 1 when the word is the
    /// whole name, in contact order: for names said in another script than they are written in.
    private let soundIndex: SortedKeyTable<Int32>
    /// Per contact, whether the name is written in Latin letters (then a name said in Latin
    /// letters is never its transcription).
    private let writtenInLatin: [Bool]
    /// Match key of a word naming a relation → SiriKit's `INPersonRelationship` (`manager`).
    private let relations: [String: String]
    /// How many characters the keys of `relations` have: in unspaced scripts, only pieces of
    /// those lengths are looked up (`relation(_:)`).
    private let relationLengths: Set<Int>
    /// The conjunctions an unspaced list of names is cut at (`resolveUnspacedList`), longest first.
    private let unspacedConjunctions: [String]
    /// Match keys of the organizations the user pays (their words joined by spaces) → the name
    /// as the user wrote it.
    private let organizations: [String: String]
    /// In unspaced scripts, the same by their keys without spaces (said without them).
    private let organizationsUnspaced: [String: String]
    /// How many UTF-8 bytes the keys of `organizations` and `organizationsUnspaced` have: only
    /// phrases of those lengths are joined and looked up (`organization(_:)`).
    private let organizationLengths: Set<Int>
    private let unspacedOrganizationLengths: Set<Int>

    /// Scores by how a name matched: a full name as written is certain; a given name alone,
    /// an inflected form or another script are likely; a near spelling needs confirmation.
    public enum Scoring {
        public static let exact = 1.0
        public static let partOfName = 0.9
        /// Another name the person is called by (`Дима` for `Дмитрий`), from the pack's table.
        public static let nickname = 0.9
        /// A relation rather than a name ("my managers", "моим руководителям", "上司"), from the
        /// pack's table: understood, and left to the app to resolve.
        public static let relationship = 0.9
        public static let inflected = 0.88
        /// The whole pronunciation the user gave, in another script than the name (`さとう はなこ`
        /// for `佐藤 花子`).
        public static let pronounced = 0.95
        /// One word of that pronunciation (`さとうさん`).
        public static let partOfPronunciation = 0.87
        public static let transliterated = 0.8
        /// A name said after words that describe the person ("mi jefe John", "la señora
        /// O'Sullivan"): the name decides, as sure as a given name alone, and no surer.
        public static let described = 0.9
        /// A name said half as written and half transcribed from another script ("Dima Ivanov"
        /// for Дмитрий Иванов): two words agreeing on one contact, as sure as a given name alone.
        public static let partlyTransliterated = 0.9
        public static let fuzzy = 0.6
        /// An organization the user pays, from their `paymentsOrganizationName` vocabulary
        /// ("the Riverside Tennis Club"): understood, and left to the app to confirm.
        public static let organization = 0.9
        /// A short phrase that names nobody in the contacts ("Bob", "my neighbour"): perhaps a
        /// person the app knows, to confirm. Above acceptance: people address others the user's
        /// contacts do not hold, and the app is the one to ask (measured: at 0.5, one or two
        /// sentences in a hundred of a held-out set of phrasings in each locale were lost).
        public static let unknown = 0.7
        /// A longer phrase that names nobody: probably not a person at all.
        public static let unlikely = 0.3
    }

    /// The most candidates a disambiguation offers, the user's first contacts first: a voice
    /// interface reads out a few names, not the hundred contacts a common given name or a
    /// sound-alike may name among many thousand.
    public static let maxCandidates = 10

    /// - Parameters:
    ///   - nicknames: the locale pack's other names for given names (`Дмитрий: [Дима]`).
    ///   - relationships: the pack's words for relations, by `INPersonRelationship` (`manager: [boss, bosses]`).
    ///   - organizations: the organizations the user pays (`paymentsOrganizationName`).
    public init(locale: LocaleID, contacts: [Contact], nicknames: [String: [String]] = [:],
                relationships: [String: [String]] = [:], organizations: [String] = []) throws {
        self.contacts = contacts
        profile = try TextAnalyzer.shared(for: locale).profile
        let profile = self.profile
        forms = PersonNameForms(language: locale.language, nicknames: nicknames) { profile.key($0) }
        var sounds: [([UInt8], Int32)] = []
        var writtenInLatin: [Bool] = []
        var pairs: [([UInt8], Hit)] = []
        var latin: [([UInt8], Int32)] = []
        var latinParts: [([UInt8], Int32)] = []
        for (n, c) in contacts.enumerated() {
            writtenInLatin.append(SoundAlikeNames.isLatin(c.name))
            let parts = profile.tokenize(c.name).map(\.key)
            guard !parts.isEmpty else { continue }
            let i = Int32(n)
            func add(_ key: String, _ kind: MatchKind, _ full: Bool) {
                pairs.append((Array(key.utf8), Hit(contact: i, kind: kind, isFullName: full)))
            }
            add(parts.joined(separator: " "), .exact, true)
            // Without spaces, as Japanese and Chinese write names: 田中太郎.
            add(parts.joined(), .exact, true)
            if parts.count > 1 { add(parts.reversed().joined(separator: " "), .exact, true) }
            for p in parts {
                for (form, kind) in forms.spokenForms(of: p) {
                    // A one-word contact's forms are full names; a part of a longer name is not.
                    add(form, kind, parts.count == 1)
                }
                for sound in NameSound.keys(profile.latinKey(p)) where sound.count >= 2 {
                    sounds.append((Array(sound.utf8), SoundHit.code(i, whole: parts.count == 1)))
                }
            }
            // A name of several words said as one (`ジョンアップルシード`): the whole name.
            if parts.count > 1 {
                for sound in NameSound.keys(profile.latinKey(parts.joined())) where sound.count >= 3 {
                    sounds.append((Array(sound.utf8), SoundHit.code(i, whole: true)))
                }
            }
            // The words of a reading in another script, as they sound (`たろう` for 太郎: `Taro`).
            let readingWords = Self.readingWords(c)
            for w in readingWords {
                for sound in NameSound.keys(profile.latinKey(w)) where sound.count >= 2 {
                    sounds.append((Array(sound.utf8), SoundHit.code(i, whole: readingWords.count == 1)))
                }
            }

            // Each word of a name written in another script, in Latin letters (`ivanov`), for
            // a name said half as written, half transcribed (`everyPart`).
            if !writtenInLatin[n] {
                for p in parts { latinParts.append((Array(profile.latinKey(p).filter { $0 != " " }.utf8), i)) }
            }
            // In Latin letters, in either order: family name first or last (`Wei Li` for 李 伟).
            for written in [c.name] + (c.pronunciation.map { [$0] } ?? []) {
                let words = profile.latinKey(written).split(separator: " ")
                latin.append((Array(words.joined().utf8), i))
                if words.count > 1 { latin.append((Array(words.reversed().joined().utf8), i)) }
            }
            // A name written in another script, said in Latin letters as its reading is romanized
            // (`Taro Tanaka`, `Sato` for `さとう`), whole or a word alone (`Hanako`).
            for said in Self.latinSayings(c, profile: profile) {
                latin.append((Array(said.filter { $0 != " " }.utf8), i))
            }
            // A reading in another script (kana for kanji) is said as the name is: whole, or a word of it.
            let reading = Self.readingWords(c).map { profile.key($0) }
            if !reading.isEmpty {
                add(reading.joined(separator: " "), .pronounced, true)
                add(reading.joined(), .pronounced, true)
                // Each word, in the forms a sentence gives it (`Джону` for a reading `Джон Эпплсид`).
                for w in reading {
                    for (form, _) in forms.spokenForms(of: w) { add(form, .pronounced, reading.count == 1) }
                }
            }
        }
        index = SortedKeyTable(pairs: pairs)
        latinIndex = SortedKeyTable(pairs: latin)
        self.latinParts = SortedKeyTable(pairs: latinParts)
        soundIndex = SortedKeyTable(pairs: sounds)
        self.writtenInLatin = writtenInLatin
        var relations: [String: String] = [:]
        for (relation, words) in relationships {
            for w in words { relations[profile.key(w)] = relation }
        }
        self.relations = relations
        relationLengths = Set(relations.keys.map(\.count))
        unspacedConjunctions = forms.conjunctions.filter { !$0.isEmpty && $0 != "," }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        var orgs: [String: String] = [:], unspaced: [String: String] = [:]
        for o in organizations {
            let words = profile.tokenize(o).map(\.key)
            let k = words.joined(separator: " ")
            if !k.isEmpty, orgs[k] == nil { orgs[k] = o }
            if !k.isEmpty, profile.isUnspaced, unspaced[words.joined()] == nil { unspaced[words.joined()] = o }
        }
        self.organizations = orgs
        organizationsUnspaced = unspaced
        organizationLengths = Set(orgs.keys.map(\.utf8.count))
        unspacedOrganizationLengths = Set(unspaced.keys.map(\.utf8.count))
    }

    /// The words of a contact's pronunciation when it is written in another script than Latin
    /// letters (`さとう はなこ`), split at spaces as the name is; none for a respelling in Latin
    /// letters (`DMEE-tree`), which is a guide to the sound rather than what is written.
    static func readingWords(_ c: Contact) -> [String] {
        guard let p = c.pronunciation, !SoundAlikeNames.isLatin(p) else { return [] }
        return p.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// How a name written in another script than Latin letters is said in them: its reading
    /// (the kana of `田中 太郎`, the pinyin `Lǐ Wěi` of `李 伟`, else the name itself) in Latin letters,
    /// whole in either order, and each word of at least `minimumTranscribedPart` letters alone,
    /// also with a long vowel written as one (`tarou` is said `Taro`, as Hepburn writes it);
    /// none for a name written in Latin letters.
    static func latinSayings(_ c: Contact, profile: TextProfile) -> [String] {
        guard !SoundAlikeNames.isLatin(c.name) else { return [] }
        // A Latin pronunciation of a name in Han characters is its romanization (pinyin); of
        // another script, a respelling (`DMEE-tree`) that nobody says as written.
        var source = readingWords(c)
        if source.isEmpty {
            let han = c.name.unicodeScalars.contains(where: SoundAlikeNames.isHan)
            let romanized = c.pronunciation.flatMap { han && SoundAlikeNames.isLatin($0) ? $0 : nil }
            source = (romanized ?? c.name).split(whereSeparator: \.isWhitespace).map(String.init)
        }
        let words = source.map { profile.latinKey($0).filter { $0 != " " } }.filter { !$0.isEmpty }
        guard !words.isEmpty else { return [] }
        var out: [String] = []
        for ws in [words, words.map(shortLongVowels)] {
            out.append(ws.joined(separator: " "))
            if ws.count > 1 {
                out.append(ws.reversed().joined(separator: " "))
                out += ws.filter { $0.count >= minimumTranscribedPart }
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// A romanized word with its long vowels written once, as Hepburn does without macrons:
    /// `tarou` → `taro`, `oono` → `ono`, `yuuki` → `yuki`.
    static func shortLongVowels(_ w: String) -> String {
        w.replacingOccurrences(of: "ou", with: "o").replacingOccurrences(of: "oo", with: "o")
            .replacingOccurrences(of: "uu", with: "u")
    }

    /// Resolves `text`, which names one person or a list of people.
    ///
    /// - Complexity: O(log n) look-ups per name in the n contacts' keys; the look-up of a near
    ///   spelling, only when nothing else matched, grows with how many keys are alike.
    public func resolve(_ text: String) -> Resolved { resolve(text, memo: Memo()) }

    /// Names already resolved while reading one utterance: the texts of its candidate readings
    /// overlap ("с текстом тестовое", "в Awesome с текстом тестовое"), and so do their names.
    final class Memo {
        var names: [[String]: Resolved] = [:]
        /// Latin keys of the words and phrases transliterated so far: an utterance's readings
        /// share most of their words, and a transliteration costs microseconds.
        var latin: [String: String] = [:]
    }

    private func latinKey(_ text: String, _ memo: Memo) -> String {
        if let k = memo.latin[text] { return k }
        let k = profile.latinKey(text)
        memo.latin[text] = k
        return k
    }

    func resolve(_ text: String, memo: Memo) -> Resolved {
        let tokens = profile.tokenize(text).map(\.key)
        let groups = split(tokens)
        if groups.count > 1 {
            if let list = Self.list(groups.map { resolveOne($0, memo) }) { return list }
        }
        var one = resolveOne(tokens, memo)
        if one.match == .wildcard && profile.isUnspaced, let list = resolveUnspacedList(tokens.joined(), memo) { return list }
        // One person described before the name; a list's names stand alone (a piece "a Olga" of
        // "Kate y a Olga" is no description).
        if one.match == .wildcard, let d = described(tokens, memo) { return d }
        // A relation or a name nobody has is kept as said ("Mama", "my Mom"), not as its keys.
        if one.people.count == 1, one.match == .wildcard || one.people[0].relationship != nil {
            let said = text.trimmingWhitespace()
            if !said.isEmpty { one.people[0].name = said }
        }
        return one
    }

    /// Japanese and Chinese join names without spaces (`王芳和李伟`): split at every conjunction
    /// and keep the reading only if every piece names a contact.
    private func resolveUnspacedList(_ joined: String, _ memo: Memo) -> Resolved? {
        var pieces = [joined]
        for c in unspacedConjunctions {
            pieces = pieces.flatMap { Self.split($0, at: c) }
        }
        pieces = pieces.filter { !$0.isEmpty }
        guard pieces.count > 1 else { return nil }
        return Self.list(pieces.map { resolveOne([$0], memo) })
    }

    /// `text` cut at every occurrence of `separator`, left to right, empty pieces kept: as
    /// `components(separatedBy:)` cuts text in one normalization form, over its UTF-8 bytes
    /// (which align with characters' scalars) and without Foundation.
    static func split(_ text: String, at separator: String) -> [String] {
        let sep = Array(separator.utf8)
        guard let first = sep.first, text.utf8.count >= sep.count else { return [text] }
        let bytes = Array(text.utf8)
        var out: [String] = []
        var start = 0, i = 0
        while i + sep.count <= bytes.count {
            if bytes[i] == first && bytes[i..<(i + sep.count)].elementsEqual(sep) {
                out.append(String(decoding: bytes[start..<i], as: UTF8.self))
                i += sep.count
                start = i
            } else {
                i += 1
            }
        }
        if out.isEmpty { return [text] }
        out.append(String(decoding: bytes[start...], as: UTF8.self))
        return out
    }

    /// Several names read as one list: as certain as its least certain name, and blocked by the
    /// first name that is not a success. Nil when a piece names nobody.
    static func list(_ parts: [Resolved]) -> Resolved? {
        guard parts.allSatisfy({ $0.match != .wildcard }) else { return nil }
        return Resolved(people: parts.flatMap(\.people), score: parts.map(\.score).min() ?? 0,
                        match: parts.map(\.match).max { rank($0) < rank($1) } ?? .exact,
                        resolution: parts.first { $0.resolution != .success }?.resolution ?? .success,
                        candidates: Array(parts.flatMap(\.candidates).prefix(maxCandidates)))
    }

    static func rank(_ m: MatchKind) -> Int {
        switch m {
        case .exact: 0
        case .folded: 1
        case .synonym: 2
        case .pronounced: 3
        case .inflected: 4
        case .transliterated: 5
        case .fuzzy: 6
        case .wildcard: 7
        case .number, .currency, .inferred: 9
        }
    }

    /// Splits token keys at conjunctions; a Japanese or Chinese conjunction may stand inside a
    /// token (`田中さんと佐藤さん`), so tokens are split at them too.
    private func split(_ tokens: [String]) -> [[String]] {
        var groups: [[String]] = [[]]
        for t in tokens {
            if forms.conjunctions.contains(t) {
                groups.append([])
                continue
            }
            groups[groups.count - 1].append(t)
        }
        return groups.filter { !$0.isEmpty }
    }

    private func strippingHonorifics(_ tokens: [String]) -> [String] {
        var t = tokens
        if let f = t.first, t.count > 1, forms.honorificPrefixes.contains(f) { t.removeFirst() }
        if var last = t.last {
            // Compared by bytes first: `hasSuffix` compares characters, which costs far more.
            for h in forms.honorificSuffixes where last.utf8.count >= h.utf8.count
                && last.utf8.reversed().starts(with: h.utf8.reversed()) && last.hasSuffix(h) {
                last.removeLast(h.count)
                if last.isEmpty { t.removeLast() } else { t[t.count - 1] = last }
                break
            }
        }
        return t
    }

    private func resolveOne(_ raw: [String], _ memo: Memo) -> Resolved {
        if let r = memo.names[raw] { return r }
        let r = resolveOne(raw, latin: { latinKey($0, memo) })
        memo.names[raw] = r
        return r
    }

    /// One name nobody has as a whole that is a contact's name after a possessive or an article
    /// and at most one word for a relation or a title ("mi nieta Masha", "my boss John", "la
    /// señora O'Sullivan", "meiner Nichte Anna"): the contact, scored `Scoring.described` at
    /// most. A near spelling of the name is not enough, nor a preposition before it ("An Kate").
    private func described(_ raw: [String], _ memo: Memo) -> Resolved? {
        guard raw.count > 1, forms.determiners.contains(raw[0]) else { return nil }
        for k in 1...min(2, raw.count - 1) {
            var rest = resolveOne(Array(raw.dropFirst(k)), latin: { latinKey($0, memo) })
            guard rest.match != .wildcard, rest.match != .fuzzy, rest.people.allSatisfy({ $0.relationship == nil }) else { continue }
            rest.score = min(rest.score, Scoring.described)
            return rest
        }
        return nil
    }

    private func resolveOne(_ raw: [String], latin latinKey: (String) -> String) -> Resolved {
        let tokens = strippingHonorifics(raw)
        let text = tokens.joined(separator: " ")
        for key in [text, tokens.joined()] {
            let hits = index.payloads(of: key.utf8)
            if !hits.isEmpty { return resolved(hits) }
        }
        // Half as written, half transcribed, the words agree on the contact.
        if tokens.count > 1, let hits = everyPart(tokens, latin: latinKey) {
            return resolved(hits, transliterated: Scoring.partlyTransliterated)
        }
        if let r = relation(raw) ?? organization(raw) { return r }
        // Names are a few words; a longer phrase is not worth transliterating and scanning.
        guard tokens.count <= 4 else { return unknown(raw) }
        let latin = latinKey(text).filter { $0 != " " }
        let hits = latinIndex.payloads(of: latin.utf8)
        if !hits.isEmpty {
            return resolved(hits.map { Hit(contact: $0, kind: .transliterated, isFullName: true) })
        }
        if let hits = soundAlike(tokens, latin: latinKey) { return resolved(hits) }
        // A near spelling of a full or given name (speech recognizers' slips): confirm it.
        if latin.count >= 4, let first = latin.first {
            let limit = latin.count >= 8 ? 2 : 1
            var best: [(Int, Int)] = []
            latinIndex.near(Array(latin.utf8), limit: limit) { k, d in
                guard String(decoding: latinIndex.key(k), as: UTF8.self).first == first else { return }
                best += latinIndex.payloads(k).map { (Int($0), d) }
            }
            if let m = best.map(\.1).min() {
                let ids = Array(Set(best.filter { $0.1 == m }.map(\.0))).sorted()
                let people = ids.prefix(Self.maxCandidates).map { person($0) }
                return Resolved(people: ids.count == 1 ? people : [], score: Scoring.fuzzy, match: .fuzzy,
                                resolution: ids.count == 1 ? .confirmationRequired : .disambiguation, candidates: people)
            }
        }
        return unknown(raw)
    }

    /// A short phrase that ends on a word for a relation ("my managers", "моим руководителям",
    /// "上司たち", "我妈"): a person known by the relation, the words kept as said. The words
    /// before it are few (a possessive, an article); a phrase that goes on after the relation
    /// ("маме 10 евро") says more than a person.
    ///
    /// - Complexity: O(1) look-ups, or O(r) for the r relation words in unspaced scripts, where
    ///   the relation may have a plural ending after it or a possessive before it: `上司たち`,
    ///   `我妈`, `我的经理们`.
    private func relation(_ raw: [String]) -> Resolved? {
        guard !relations.isEmpty, raw.count <= 3, let t = raw.last else { return nil }
        var found = relations[t]
        if found == nil && profile.isUnspaced {
            // At most a possessive before the word and a plural ending after it (`我的经理们`):
            // the longest word so framed.
            // Pieces are cut from the joined text at character boundaries, not built character
            // by character.
            let joined = raw.joined()
            var bounds = Array(joined.indices)
            bounds.append(joined.endIndex)
            let count = bounds.count - 1
            search: for trimmed in 0..<min(5, count) where relationLengths.contains(count - trimmed) {
                for before in max(0, trimmed - 2)...min(2, trimmed) {
                    if let r = relations[String(joined[bounds[before]..<bounds[count - (trimmed - before)]])] {
                        found = r
                        break search
                    }
                }
            }
        }
        guard let r = found else { return nil }
        let said = raw.joined(separator: profile.isUnspaced ? "" : " ")
        return Resolved(people: [ParameterValue.Person(name: said, identifier: nil, relationship: r)],
                        score: Scoring.relationship, match: .synonym, resolution: .success, candidates: [])
    }

    /// A short phrase that ends on the name of an organization the user pays, after at most one
    /// word (an article: "the Riverside Tennis Club", "dem …", "le …"): the organization, for the
    /// app to confirm, as SiriKit leaves a payee it cannot resolve to the app.
    private func organization(_ raw: [String]) -> Resolved? {
        guard !organizations.isEmpty, !raw.isEmpty else { return nil }
        // A key is built only when its length (UTF-8) is that of some organization's.
        var length = raw.reduce(0) { $0 + $1.utf8.count }
        for drop in 0...min(1, raw.count - 1) {
            if drop > 0 { length -= raw[drop - 1].utf8.count }
            let words = raw.count - drop
            var name: String?
            if organizationLengths.contains(length + words - 1) { name = organizations[raw.dropFirst(drop).joined(separator: " ")] }
            if name == nil, unspacedOrganizationLengths.contains(length) { name = organizationsUnspaced[raw.dropFirst(drop).joined()] }
            guard let name else { continue }
            return Resolved(people: [ParameterValue.Person(name: name, identifier: nil)], score: Scoring.organization,
                            match: .synonym, resolution: .confirmationRequired, candidates: [])
        }
        return nil
    }

    /// A phrase that names nobody in the contacts, kept for the app to resolve or confirm.
    private func unknown(_ raw: [String]) -> Resolved {
        Resolved(people: [ParameterValue.Person(name: raw.joined(separator: " "), identifier: nil)],
                        score: raw.count <= 3 ? Scoring.unknown : Scoring.unlikely,
                        match: .wildcard, resolution: .confirmationRequired, candidates: [])
    }

    /// A name whose every word names the same contact (`Дмитрию Иванову`: both parts inflected).
    /// Beside a word found as written, a word said in Latin letters may be the transcription
    /// of a word of a name written in another script: "Dima Ivanov" for Дмитрий Иванов, with
    /// Dima from the nickname table (then the match is `transliterated`).
    ///
    /// - Complexity: O(h) for the h hits of its words (they come in contact order), however
    ///   many contacts share a word.
    private func everyPart(_ tokens: [String], latin latinKey: (String) -> String) -> [Hit]? {
        // Per contact named by every word so far: the least sure kind among the written words
        // (each word counting its surest hit for the contact; nil before a written word).
        var common: [(contact: Int32, value: MatchKind?)]?
        var written = false, transcribed = false
        for t in tokens {
            let hits = index.payloads(of: t.utf8)
            var found: [(contact: Int32, value: MatchKind?)]
            if !hits.isEmpty {
                found = ContactOrder.merged(hits.map { ($0.contact, MatchKind?.some($0.kind)) }) { a, b in
                    Self.rank(a!) <= Self.rank(b!) ? a : b
                }
                written = true
            } else {
                guard t.count >= Self.minimumTranscribedPart, latinKey(t) == t else { return nil }
                let ids = latinParts.payloads(of: t.utf8)
                guard !ids.isEmpty else { return nil }
                found = ContactOrder.merged(ids.map { ($0, MatchKind?.none) }) { a, _ in a }
                transcribed = true
            }
            // Each contact is as sure as its least sure word: a nickname ("Дима Иванов") or an
            // inflected form lowers the whole name, as it lowers a name of one word.
            common = common.map {
                ContactOrder.intersection($0, found) { a, b in
                    guard let a, let b else { return a ?? b }
                    return Self.rank(a) >= Self.rank(b) ? a : b
                }
            } ?? found
            if common!.isEmpty { return nil }
        }
        guard let c = common, !c.isEmpty, written else { return nil }
        return c.map { Hit(contact: $0.contact, kind: transcribed ? .transliterated : $0.value ?? .exact, isFullName: true) }
    }

    /// The fewest letters of a word said in Latin letters that `everyPart` reads as a
    /// transcription: "Li" or "Wu" beside a given name could be any word.
    static let minimumTranscribedPart = 4

    /// Contacts whose every word sounds like a word said in another script (`Джону и Кейт`,
    /// `ジョン`, `安娜`): inflections are undone first, since no written form made them.
    private func soundAlike(_ tokens: [String], latin latinKey: (String) -> String) -> [Hit]? {
        // Per contact whose every word sounds like a word said: whether the first word heard
        // is its whole name.
        var common: [(contact: Int32, value: Bool)]?
        // Hanzi and kana break a name into characters (`凯`, `特`): it is one word.
        let words = profile.isUnspaced ? [tokens.joined()] : tokens
        // Said in Latin letters: a transcription only of a name written otherwise (`Dmitri` for
        // `Дмитрий`, `Taro Tanaka` for `田中 太郎` read `たなか たろう`), and only with consonants
        // enough to tell it from a word (`tree` sounds like `たろう` too).
        let saidInLatin = words.allSatisfy { latinKey($0) == $0 }
        if saidInLatin {
            let consonants = words.map { NameSound.key($0).count }.reduce(0, +)
            guard consonants >= Self.latinSoundConsonants(words: words.count) else { return nil }
        }
        for t in words {
            let latin = latinKey(t)
            var found: [(contact: Int32, value: Bool)] = []
            for base in forms.baseForms(of: t) {
                // A base form is one word's key: its Latin is its key's.
                let key = base == t ? latin : profile.latin(ofKey: base)
                let heard = soundIndex.payloads(of: NameSound.key(key).utf8).lazy
                    .map { (contact: SoundHit.contact($0), value: SoundHit.isWhole($0)) }
                    .filter { !(saidInLatin && self.writtenInLatin[Int($0.contact)]) }
                found = ContactOrder.merged(Array(heard)) { $0 || $1 }
                if !found.isEmpty { break }
            }
            guard !found.isEmpty else { return nil }
            common = common.map { ContactOrder.intersection($0, found) { a, _ in a } } ?? found
            if common!.isEmpty { return nil }
        }
        guard let c = common, !c.isEmpty else { return nil }
        return c.map { Hit(contact: $0.contact, kind: .transliterated, isFullName: words.count > 1 || $0.value) }
    }

    /// The consonants a name said in Latin letters needs to be heard as a transcription: 3 for
    /// one word (`Tanaka`), 4 for several (`Taro Tanaka`).
    static func latinSoundConsonants(words: Int) -> Int { words > 1 ? 4 : 3 }

    private func person(_ i: Int) -> ParameterValue.Person {
        ParameterValue.Person(name: contacts[i].name, identifier: contacts[i].identifier)
    }

    /// Turns index hits into a resolution: one contact is a success; several are a
    /// disambiguation, ordered as the user ordered the contacts (by importance). When some hits
    /// are whole names, only they count; of those, when some are exact, only the exact ones.
    ///
    /// - Complexity: O(h) for h hits in contact order (as the indexes give them), without
    ///   allocating more than `maxCandidates` people; O(h log h) otherwise.
    private func resolved<C: Collection>(_ hits: C, transliterated: Double = Scoring.transliterated) -> Resolved where C.Element == Hit {
        let anyFull = hits.contains(where: \.isFullName)
        // A name as written beats the same key as another name's form (`Anita` against the
        // diminutive of `Ana`): when a chosen hit is exact, only exact hits count.
        let exactOnly = hits.contains { (!anyFull || $0.isFullName) && $0.kind == .exact }
        var worst = -1
        var kind = MatchKind.exact
        var ids: [Int] = []
        var contacts = 0, last: Int32 = -1, inOrder = true
        for h in hits where (!anyFull || h.isFullName) && (!exactOnly || h.kind == .exact) {
            let r = Self.rank(h.kind)
            if r > worst { (worst, kind) = (r, h.kind) }
            guard inOrder, h.contact != last else { continue }
            if h.contact < last { inOrder = false; continue }
            last = h.contact
            contacts += 1
            if ids.count < Self.maxCandidates { ids.append(Int(h.contact)) }
        }
        if !inOrder {
            let all = Set(hits.filter { (!anyFull || $0.isFullName) && (!exactOnly || $0.kind == .exact) }.map { Int($0.contact) }).sorted()
            contacts = all.count
            ids = Array(all.prefix(Self.maxCandidates))
        }
        var score: Double
        switch kind {
        case .exact: score = anyFull ? Scoring.exact : Scoring.partOfName
        case .inflected: score = Scoring.inflected
        case .synonym: score = Scoring.nickname
        case .pronounced: score = anyFull ? Scoring.pronounced : Scoring.partOfPronunciation
        case .transliterated: score = transliterated
        default: score = Scoring.fuzzy
        }
        let people = ids.map { person($0) }
        if contacts > 1 {
            return Resolved(people: [], score: score * 0.8, match: kind, resolution: .disambiguation, candidates: people)
        }
        return Resolved(people: people, score: score, match: kind, resolution: .success, candidates: [])
    }

    /// Levenshtein distance, stopping early once it exceeds `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        EditDistance.levenshtein(Array(a.utf8), Array(b.utf8), limit: limit)
    }
}

/// A contact in the sound index: its index and whether the word heard is its whole name, in
/// one number (`index × 2 + whole`), so that the index keeps them in contact order.
enum SoundHit {
    static func code(_ contact: Int32, whole: Bool) -> Int32 { contact << 1 | (whole ? 1 : 0) }
    static func contact(_ code: Int32) -> Int32 { code >> 1 }
    static func isWhole(_ code: Int32) -> Bool { code & 1 == 1 }
}

/// Contacts with a value each, in contact order: the indexes give them so, and merging and
/// intersecting them then costs no hashing.
enum ContactOrder {
    /// Each contact once, in contact order, with its values combined by `combine`.
    ///
    /// - Complexity: O(n) when `items` are in contact order, O(n log n) otherwise.
    static func merged<V>(_ items: [(contact: Int32, value: V)], _ combine: (V, V) -> V) -> [(contact: Int32, value: V)] {
        var items = items
        if !zip(items, items.dropFirst()).allSatisfy({ $0.0.contact <= $0.1.contact }) {
            items = items.enumerated().sorted { ($0.element.contact, $0.offset) < ($1.element.contact, $1.offset) }.map(\.element)
        }
        var out: [(contact: Int32, value: V)] = []
        out.reserveCapacity(items.count)
        for x in items {
            if let l = out.last, l.contact == x.contact {
                out[out.count - 1].value = combine(l.value, x.value)
            } else {
                out.append(x)
            }
        }
        return out
    }

    /// The contacts of both (each in contact order, each contact once), with values combined.
    ///
    /// - Complexity: O(a + b).
    static func intersection<V>(_ a: [(contact: Int32, value: V)], _ b: [(contact: Int32, value: V)],
                                _ combine: (V, V) -> V) -> [(contact: Int32, value: V)] {
        var out: [(contact: Int32, value: V)] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i].contact < b[j].contact { i += 1 } else if a[i].contact > b[j].contact { j += 1 } else {
                out.append((a[i].contact, combine(a[i].value, b[j].value)))
                i += 1
                j += 1
            }
        }
        return out
    }
}
