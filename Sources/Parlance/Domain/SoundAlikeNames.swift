import ParlanceText

/// Contacts and apps written in Latin letters but said in the utterance's own script
/// ("约翰和凯特", "в осам" for Awesome), found by sound (`NameSound`) so that they can be read as
/// list values rather than as free text: two pieces of free text side by side cannot be told
/// apart by a template ("告诉{约翰和凯特}{我会晚到十分钟}").
///
/// Keys are made once per pack; words of an utterance are keyed only when nothing else read it.
struct SoundAlikeNames: Sendable {
    /// Sound keys of the words of contacts' names.
    private let people: Set<String>
    /// Sound key of an app's name → its entry; keys two apps share are left out.
    private let apps: [String: AppNames.Entry]
    private let profile: TextProfile
    private let forms: PersonNameForms
    /// An app name heard by sound scores as one from another localization.
    static let appScore = AppNames.Score.otherLocale
    /// The most words (Hanzi, kana: characters) a name is heard in.
    static let maxWords = 4

    init(contacts: [PersonResolver.Contact], appNames: AppNames, profile: TextProfile, forms: PersonNameForms) {
        self.profile = profile
        self.forms = forms
        var people: Set<String> = []
        for c in contacts {
            for part in profile.tokenize(c.name) where Self.isLatin(part.text) {
                let k = NameSound.key(profile.latinKey(part.text))
                if k.count >= 2 { people.insert(k) }
            }
        }
        self.people = people
        var apps: [String: AppNames.Entry] = [:]
        var shared: Set<String> = []
        for e in appNames.entries where Self.isLatin(e.said) {
            let k = NameSound.key(profile.latinKey(e.said))
            guard k.count >= 3 else { continue }
            if let old = apps[k], old.bundleIdentifier != e.bundleIdentifier { shared.insert(k) }
            if apps[k] == nil || e.score > apps[k]!.score { apps[k] = e }
        }
        for k in shared { apps[k] = nil }
        self.apps = apps
    }

    static func isLatin(_ s: String) -> Bool { s.unicodeScalars.allSatisfy { $0.isASCII || !$0.properties.isAlphabetic || $0.value < 0x250 } }

    /// The words of `utterance`, in its own script, that sound like a contact's name or an
    /// app's: as said, for list values.
    ///
    /// - Complexity: n transliterations of n tokens, O(n · maxWords) look-ups.
    func heard(in utterance: String) -> (people: [String], apps: [AppNames.Entry]) {
        // Each token is transliterated once; a window's Latin form is its tokens' joined.
        let tokens = profile.tokenize(utterance, latin: true)
        guard tokens.contains(where: { !Self.isLatin($0.text) }) else { return ([], []) }
        let units = Array(utterance.utf16)
        var heardPeople: [String] = [], heardApps: [AppNames.Entry] = []
        let widths = profile.isUnspaced ? 1...Self.maxWords : 1...2
        for i in tokens.indices {
            // The shortest words that sound like a name are the name: `凯特`, not `凯特我会`.
            var foundPerson = false, foundApp = false
            for w in widths where i + w <= tokens.count && !(foundPerson && foundApp) {
                let said = String(decoding: units[tokens[i].range.lowerBound..<tokens[i + w - 1].range.upperBound], as: UTF16.self)
                guard !Self.isLatin(said) else { continue }
                var latin = tokens[i..<i + w].map { $0.latin ?? $0.key }.joined()
                // Small kana (`~yo`) spell one sound with the character before: read them together.
                if latin.contains("~") { latin = profile.latin(ofKey: tokens[i..<i + w].map(\.key).joined()) }
                // A word of an inflecting language is heard in its written form too: `в Шубоксе`.
                let bases = w == 1 && !profile.isUnspaced ? forms.baseForms(of: tokens[i].key) : [said]
                let keys = bases.map { NameSound.key($0 == said || $0 == tokens[i].key ? latin : profile.latinKey($0)) }
                if !foundApp, var app = keys.lazy.compactMap({ apps[$0] }).first {
                    foundApp = true
                    app.said = said
                    app.source = "soundalike"
                    app.score = min(app.score, Self.appScore)
                    heardApps.append(app)
                }
                if !foundPerson, keys.contains(where: people.contains) {
                    foundPerson = true
                    heardPeople.append(said)
                }
            }
        }
        return (heardPeople, heardApps)
    }
}
