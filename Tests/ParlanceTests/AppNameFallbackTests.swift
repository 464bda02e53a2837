import Foundation
import Testing
import ParlanceText
@testable import Parlance

/// An app's name said otherwise than written, with the built-in sample apps: each way is found,
/// named in the reading's `app.source`, and scored no higher than its own score.
struct AppNameFallbackTests {
    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let utterance: String
        let app: String
        let source: String
        let score: Double
        var description: String { "\(locale): \(utterance)" }
    }

    static let cases: [Case] = [
        // The other kana: the ja names are ハト, ウェンダールーン, ビストロ, シューボックス.
        Case(locale: "ja-JP", utterance: "はとで さとうさんに でんわ", app: "com.example.pigeon", source: "otherKana", score: AppNames.Score.otherKana),
        Case(locale: "ja-JP", utterance: "うぇんだー るーん しぶやまで", app: "com.example.wenderloon", source: "otherKana", score: AppNames.Score.otherKana),
        Case(locale: "ja-JP", utterance: "びすとろ あした ろくにんで よやく", app: "com.example.bistro", source: "otherKana", score: AppNames.Score.otherKana),
        Case(locale: "ja-JP", utterance: "しゅーぼっくすで写真を見せて", app: "com.example.shoebox", source: "otherKana", score: AppNames.Score.otherKana),
        // The reading an app gives for its kanji name (CFBundleSpokenName), in either kana.
        Case(locale: "ja-JP", utterance: "がまぐちで花子に千円送って", app: "com.example.coinpurse", source: "spokenName", score: AppNames.Score.otherName),
        Case(locale: "ja-JP", utterance: "ガマグチで花子に千円送って", app: "com.example.coinpurse", source: "otherKana", score: AppNames.Score.otherKana),
        Case(locale: "ja-JP", utterance: "えいがないとで人気の映画を見せて", app: "com.example.flicks", source: "spokenName", score: AppNames.Score.otherName),
        // A Latin name heard in another script, with ヴ, ベ for W, ー for -er, r for l.
        Case(locale: "ja-JP", utterance: "ヴェンダールーンで渋谷まで", app: "com.example.wenderloon", source: "soundalike", score: SoundAlikeNames.appScore),
        Case(locale: "ja-JP", utterance: "ベンダールーンで渋谷まで", app: "com.example.wenderloon", source: "soundalike", score: SoundAlikeNames.appScore),
        Case(locale: "zh-CN", utterance: "用温德伦叫一个气球去机场", app: "com.example.wenderloon", source: "soundalike", score: SoundAlikeNames.appScore),
        Case(locale: "zh-CN", utterance: "用文德伦从机场叫一辆车", app: "com.example.wenderloon", source: "soundalike", score: SoundAlikeNames.appScore),
        Case(locale: "ru-RU", utterance: "закажи шар в Венделуне до вокзала", app: "com.example.wenderloon", source: "soundalike", score: SoundAlikeNames.appScore),
        Case(locale: "ru-RU", utterance: "покажи фото в Шубоксе", app: "com.example.shoebox", source: "soundalike", score: SoundAlikeNames.appScore),
        // A soft g: Pigeon is ピジョン.
        Case(locale: "ja-JP", utterance: "ピジョンで佐藤花子にありがとうって送って", app: "com.example.pigeon", source: "soundalike", score: SoundAlikeNames.appScore),
        // A Latin name heard with a letter wrong, two for a long name.
        Case(locale: "es-ES", utterance: "pide un globo con wenderlon", app: "com.example.wenderloon", source: "nearSpelling", score: SoundAlikeNames.nearScore),
        Case(locale: "es-ES", utterance: "llama a kate con palomas", app: "com.example.pigeon", source: "nearSpelling", score: SoundAlikeNames.nearScore),
        Case(locale: "en-US", utterance: "text kate with awsome that I am late", app: "com.example.awesome", source: "nearSpelling", score: SoundAlikeNames.nearScore),
        Case(locale: "es-ES", utterance: "escribe a kate en genia que ya voy", app: "com.example.awesome", source: "nearSpelling", score: SoundAlikeNames.nearScore),
        // A one-word name split into two words by the speech recognizer.
        Case(locale: "en-US", utterance: "show my photos in shoe box", app: "com.example.shoebox", source: "split", score: AppNames.Score.split),
        Case(locale: "en-US", utterance: "show my photos in Shoe Box", app: "com.example.shoebox", source: "split", score: AppNames.Score.split),
        Case(locale: "de-DE", utterance: "schick Anna mit Brief Taube eine Nachricht dass ich komme", app: "com.example.pigeon", source: "split", score: AppNames.Score.split),
        Case(locale: "de-DE", utterance: "schuh karton fotos aus berlin", app: "com.example.shoebox", source: "split", score: AppNames.Score.split),
        Case(locale: "ru-RU", utterance: "покажи фото в фото коробке", app: "com.example.shoebox", source: "split", score: AppNames.Score.split),
        // An alternative name's pronunciation hint; an alternative name before a respacing.
        Case(locale: "en-US", utterance: "book a ride with ba loon rides to the park", app: "com.example.wenderloon", source: "pronunciation", score: AppNames.Score.pronunciation),
        // The pronunciation the app's German vocabulary gives for a synonym that is its name.
        Case(locale: "de-DE", utterance: "bestell mir mit wender lun einen ballon zum bahnhof", app: "com.example.wenderloon", source: "pronunciation", score: AppNames.Score.pronunciation),
        Case(locale: "en-US", utterance: "book a ride with wender loon to the park", app: "com.example.wenderloon", source: "alternative", score: AppNames.Score.alternative),
    ]

    @Test(arguments: cases)
    func findsTheAppAndSaysHow(_ c: Case) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        #expect(best.app?.bundleIdentifier == c.app)
        #expect(best.app?.source == c.source)
        #expect(best.app?.range != nil)
        #expect(best.accepted)
        #expect(best.score <= c.score + 1e-9)
        #expect(c.score < AppNames.Score.displayName)
    }

    /// `explain` names the way the app's name was heard on every candidate that reads it.
    @Test(arguments: [cases[0], cases[4], cases[7], cases[19], cases[24]])
    func explainsWhichNameWasHeard(_ c: Case) throws {
        let m = try #require(MatcherTests.matcher)
        let e = try m.explain(c.utterance, locale: LocaleID(c.locale))
        let first = try #require(e.candidates.first { $0.interpretation?.app?.bundleIdentifier == c.app })
        #expect(first.slots["app"]?.hasSuffix("(\(c.source))") == true, "\(first.slots)")
    }

    /// The app's range is the name as said, in UTF-16 offsets of the utterance.
    static let ranges: [(locale: String, utterance: String, said: String)] = [
        ("ja-JP", "はとで さとうさんに でんわ", "はと"), ("ja-JP", "うぇんだー るーん しぶやまで", "うぇんだー るーん"),
        ("ja-JP", "ヴェンダールーンで渋谷まで", "ヴェンダールーン"), ("zh-CN", "用温德伦叫一个气球去机场", "温德伦"),
        ("ru-RU", "покажи фото в Шубоксе", "Шубоксе"), ("en-US", "show my photos in shoe box", "shoe box"),
        ("de-DE", "schick Anna mit Brief Taube eine Nachricht dass ich komme", "Brief Taube"),
        ("en-US", "book a ride with ba loon rides to the park", "ba loon rides"),
    ]

    @Test(arguments: ranges)
    func pointsAtTheNameAsSaid(_ c: (locale: String, utterance: String, said: String)) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        let r = try #require(best.app?.range)
        let units = Array(c.utterance.utf16)
        #expect(r.count == 2 && r[0] >= 0 && r[0] <= r[1] && r[1] <= units.count)
        #expect(String(decoding: units[r[0]..<r[1]], as: UTF16.self) == c.said)
    }

    /// Input built from the pieces these readings take apart never crashes the matcher.
    @Test func neverCrashesOnKanaAndSplitPieces() throws {
        let m = try #require(MatcherTests.matcher)
        let inputs = ["~", "u~", "ゔ~ぇ", "ーーー", "ぁぃぅぇぉ", "ｳｪﾝﾀﾞｰﾙｰﾝで", "ヽヾゝゞ", "はと\u{3099}で", "ヷヸヹヺで",
                      "ウ\u{200B}ェンダールーン", "shoe\u{301} box", String(repeating: "はと", count: 200), "в шубоксеее", "用温德伦伦伦伦"]
        for l in ["ja-JP", "zh-CN", "ru-RU", "en-US", "de-DE"] {
            for s in inputs {
                for reading in try m.match(s, locale: LocaleID(l)).interpretations {
                    if let r = reading.app?.range { #expect(r[0] >= 0 && r[1] <= s.utf16.count) }
                }
            }
        }
    }

    /// Words that merely sound or look like part of an app's name do not name it.
    static let negatives: [(locale: String, utterance: String, notApp: String)] = [
        ("ja-JP", "はとこに電話して", "com.example.pigeon"),  // a second cousin, not ハト
        ("ja-JP", "ボックスで写真を見せて", "com.example.shoebox"),
        ("ja-JP", "るーんで渋谷まで", "com.example.wenderloon"),
        ("zh-CN", "用文件叫一辆车去机场", "com.example.wenderloon"),
        ("ru-RU", "напиши Маше что лун взошёл", "com.example.wenderloon"),
        ("en-US", "add shoe box to my shopping list", "com.example.shoebox"),
        ("en-US", "text Kate that the shoe box arrived", "com.example.shoebox"),
        ("de-DE", "schreib Anna einen Brief", "com.example.pigeon"),
    ]

    @Test(arguments: negatives)
    func doesNotNameAnAppByAWordLikeIt(_ c: (locale: String, utterance: String, notApp: String)) throws {
        let m = try #require(MatcherTests.matcher)
        let r = try m.match(c.utterance, locale: LocaleID(c.locale))
        for reading in r.interpretations where reading.app?.bundleIdentifier == c.notApp {
            #expect(reading.app?.range == nil, "\(reading.app?.source ?? "")")
        }
    }
}

/// The names `AppNames` lists for apps built in memory, in the languages each way applies to.
struct AppNameVariantTests {
    static func names(_ apps: [AppFixture], _ locale: String) throws -> [AppNames.Entry] {
        let l = try LocaleID(locale)
        return AppNames(apps: try apps.map { try $0.build() }, locale: l, profile: try TextProfile(locale: l)).entries
    }

    /// Compounds split at a word boundary, in each spaced language; never in ja or zh, whose
    /// spaces the engine ignores.
    static let splits: [(locale: String, name: String, said: String)] = [
        ("en-US", "Shoebox", "Shoe box"), ("de-DE", "Brieftaube", "Brief taube"), ("de-DE", "Schuhkarton", "Schuh karton"),
        ("fr-FR", "Portefeuille", "Porte feuille"), ("es-ES", "Sacapuntas", "Saca puntas"), ("ru-RU", "Фотокоробка", "Фото коробка"),
    ]

    @Test(arguments: splits)
    func splitsAOneWordName(_ c: (locale: String, name: String, said: String)) throws {
        let lang = String(c.locale.prefix(2))
        let app = AppFixture("com.example.app", displayName: c.name).lproj(lang, ["CFBundleDisplayName": c.name])
        let entries = try Self.names([app], c.locale)
        let split = try #require(entries.first { $0.said == c.said })
        #expect(split.source == "split")
        #expect(split.score == AppNames.Score.split)
        #expect(entries.first { $0.said == c.name }?.score == AppNames.Score.displayName)
        // No part shorter than three letters, but a last syllable of two after four or more.
        #expect(!entries.contains { e in
            let parts = e.said.split(separator: " ")
            return e.source == "split" && parts.contains { $0.count < AppNames.minimumSplitPart }
                && !(parts.count == 2 && parts[1].count == 2 && parts[0].count >= 4)
        })
    }

    @Test(arguments: ["ja-JP", "zh-CN"])
    func doesNotSplitInUnspacedLanguages(_ locale: String) throws {
        let app = AppFixture("com.example.app", displayName: "Shoebox").lproj(String(locale.prefix(2)), ["CFBundleDisplayName": "Shoebox"])
        #expect(try !Self.names([app], locale).contains { $0.source == "split" })
    }

    @Test func splitsOnlyNamesLongEnoughForTwoWords() {
        #expect(AppNames.split("Jotter") == ["Jot ter", "Jott er"])
        #expect(AppNames.split("Paloma") == ["Pal oma", "Palo ma"])
        #expect(AppNames.split("Libreta") == ["Lib reta", "Libr eta", "Libre ta"])
        #expect(AppNames.split("Super").isEmpty)
        #expect(AppNames.split("Caja de fotos").isEmpty)
        #expect(AppNames.split("Stride2").isEmpty)
        #expect(AppNames.split(String(repeating: "a", count: AppNames.maximumSplitLength)).count == AppNames.maximumSplitLength - 4)
        #expect(AppNames.split(String(repeating: "a", count: AppNames.maximumSplitLength + 1)).isEmpty)
    }

    /// A split that is another app's name belongs to that app alone.
    @Test func aSplitNeverCapturesAnotherAppsName() throws {
        let apps = [AppFixture("com.example.shoebox", displayName: "Shoebox").lproj("en", ["CFBundleDisplayName": "Shoebox"]),
                    AppFixture("com.example.other", displayName: "Shoe Box").lproj("en", ["CFBundleDisplayName": "Shoe Box"])]
        let entries = try Self.names(apps, "en-US")
        #expect(!entries.contains { $0.bundleIdentifier == "com.example.shoebox" && $0.source == "split" && $0.said.lowercased() == "shoe box" })
        #expect(entries.contains { $0.bundleIdentifier == "com.example.other" && $0.said == "Shoe Box" })
    }

    /// Kana fold in keys, so two apps written `ハト` and `はと` both match `はと`: the one written
    /// as said comes first, and the other, scored as said in the other kana, is never accepted.
    @Test func anAppWrittenInTheSaidKanaWinsOverOneInTheOther() throws {
        let data = try #require(DataLocation.locate())
        let builtIn = try Catalog.loading(.builtIn(data))
        let apps = try [AppFixture("com.example.kata", displayName: "ハト").lproj("ja", ["CFBundleDisplayName": "ハト"]),
                        AppFixture("com.example.hira", displayName: "はと").lproj("ja", ["CFBundleDisplayName": "はと"])]
            .map { try $0.intents("INStartCallIntent").build() }
        let m = try Matcher(catalog: Catalog(schemas: builtIn.schemas, apps: AppCatalog(apps), localePacks: builtIn.localePacks))
        for (said, app) in [("はとで佐藤さんに電話して", "com.example.hira"), ("ハトで佐藤さんに電話して", "com.example.kata")] {
            let readings = try m.match(said, locale: LocaleID("ja-JP")).interpretations
            let best = try #require(readings.first)
            #expect(best.app?.bundleIdentifier == app, "\(said)")
            #expect(best.app?.source == "displayName")
            #expect(!readings.contains { $0.accepted && $0.app?.bundleIdentifier != app })
        }
    }

    @Test func hearsAPronunciationHint() throws {
        let data = try #require(DataLocation.locate())
        let catalog = try Catalog.loading(.builtIn(data))
        let l = try LocaleID("en-US")
        let entries = AppNames(apps: catalog.apps.apps, locale: l, profile: try TextProfile(locale: l)).entries
        let hint = try #require(entries.first { $0.said == "ba loon rides" })
        #expect(hint.bundleIdentifier == "com.example.wenderloon")
        #expect(hint.source == "pronunciation")
        #expect(hint.score == AppNames.Score.pronunciation)
    }

    /// Where keys fold kana, a name and its respelling in the other kana are one entry: two
    /// would be two readings of every utterance that says it, crowding out the others.
    @Test func listsANameInEitherKanaOnce() throws {
        let data = try #require(DataLocation.locate())
        let catalog = try Catalog.loading(.builtIn(data))
        let l = try LocaleID("ja-JP")
        let entries = AppNames(apps: catalog.apps.apps, locale: l, profile: try TextProfile(locale: l)).entries
        let keys = entries.map { $0.bundleIdentifier + "|" + TextProfile.hiragana($0.said.lowercased()) }
        #expect(Set(keys).count == keys.count)
        // The vocabulary's `うぇんだーるーん` is the display name `ウェンダールーン`, kept at its score.
        #expect(!entries.contains { $0.said == "うぇんだーるーん" })
        #expect(entries.first { $0.said == "ウェンダールーン" }?.score == AppNames.Score.displayName)
    }

    /// Only a synonym that is the app's name lends its pronunciation to the name.
    @Test func takesTheNamesPronunciationFromItsVocabulary() throws {
        let data = try #require(DataLocation.locate())
        let catalog = try Catalog.loading(.builtIn(data))
        let loon = try #require(catalog.apps.app("com.example.wenderloon"))
        #expect(AppNames.vocabularyPronunciations(of: "WenderLoon", app: loon, locale: try LocaleID("de-DE")) == ["wender lun"])
        #expect(AppNames.vocabularyPronunciations(of: "ウェンダールーン", app: loon, locale: try LocaleID("ja-JP")) == ["うぇんだーるーん"])
        // `WenderPool` is pronounced in English, but is not the app's name.
        #expect(!AppNames.vocabularyPronunciations(of: "WenderLoon", app: loon, locale: try LocaleID("en-US")).contains("wender pool"))
    }

    @Test func tellsAKanaRespellingFromOtherDifferences() {
        #expect(AppNames.inOtherKana(heard: "はと", written: "ハト"))
        #expect(AppNames.inOtherKana(heard: "うぇんだー るーん", written: "ウェンダールーン"))
        #expect(!AppNames.inOtherKana(heard: "ハト", written: "ハト"))
        #expect(!AppNames.inOtherKana(heard: "Pigeon", written: "pigeon"))
        #expect(!AppNames.inOtherKana(heard: "はとこ", written: "ハト"))
        // Either kana may be the one heard; a name without kana never differs in them.
        #expect(AppNames.inOtherKana(heard: "ハ ト", written: "はと"))
        #expect(!AppNames.inOtherKana(heard: "鳩", written: "ハト"))
        #expect(!AppNames.inOtherKana(heard: "", written: ""))
        #expect(AppNames.endsAtParticle(Array("はとで".utf16), at: 2))
        #expect(AppNames.endsAtParticle(Array("はと".utf16), at: 2))
        #expect(!AppNames.endsAtParticle(Array("はとこ".utf16), at: 2))
    }
}

/// Names written in Latin letters key alike however another script spells their sounds.
struct NameSoundTests {
    static let alike: [[String]] = [
        ["wenderloon", "u~endarun", "vu~endarun", "bendarun", "venderlun", "wendelun", "uendarun"],
        ["walter", "uolter"],
        ["shoebox", "shubokkusu", "shuboks", "shubokesi"],
        ["john", "jon", "dzhon", "yuehan"],
        // n before p or b is m, as kana write it: テンポラン, ロングラン.
        ["temporun", "tenporan"],
        ["longrun", "ronguran"],
    ]

    /// A written name keys with soft `g` and `c` too: `Pigeon` is said ピジョン, not ピゲオン.
    @Test(arguments: [("pigeon", "pijon"), ("cecile", "seshiru"), ("angela", "anjera")])
    func keysAWrittenNameSoftToo(_ c: (written: String, heard: String)) {
        #expect(NameSound.keys(c.written).contains(NameSound.key(c.heard)))
        #expect(NameSound.key(c.written) != NameSound.key(c.heard))
    }

    @Test func keysANameWithoutSoftLettersOnce() {
        #expect(NameSound.keys("stride") == [NameSound.key("stride")])
        #expect(NameSound.keys("scene").count == 1)
    }

    @Test(arguments: alike)
    func keysTranscriptionsAlike(_ spellings: [String]) {
        let keys = Set(spellings.map(NameSound.key))
        #expect(keys.count == 1, "\(spellings.map { ($0, NameSound.key($0)) })")
    }

    @Test func keepsALeadingVowelWhereItIsOne() {
        #expect(NameSound.key("anna") == "an")
        #expect(NameSound.key("uuno") == "an")
    }

    @Test func keepsDifferentNamesApart() {
        #expect(NameSound.key("wenderloon") != NameSound.key("wonder"))
        #expect(NameSound.key("shoebox") != NameSound.key("bokkusu"))
        #expect(NameSound.key("kate") != NameSound.key("kent"))
    }

    @Test func readsSmallKanaAsOneSound() {
        #expect(NameSound.smallKana("u~endarun") == "wendarun")
        #expect(NameSound.smallKana("vu~endarun") == "vendarun")
        #expect(NameSound.smallKana("de~i") == "dei")
    }

    /// A spelling as near to two apps' names is neither's; a short name is never heard near.
    @Test func aSpellingNearTwoAppsIsNeither() throws {
        let l = try LocaleID("en-US")
        let profile = try TextProfile(locale: l)
        let apps = try [AppFixture("com.example.a", displayName: "Stridey"), AppFixture("com.example.b", displayName: "Strider"),
                        AppFixture("com.example.c", displayName: "Jotter")].map { try $0.build() }
        let tokens = { (s: String) in profile.tokenize(s) }
        let sound = SoundAlikeNames(contacts: [], appNames: AppNames(apps: apps, locale: l, profile: profile), profile: profile,
                                    forms: PersonNameForms(language: "en"))
        #expect(sound.nearSpellings(in: tokens("start a run with strides"), of: "start a run with strides").isEmpty)
        #expect(sound.nearSpellings(in: tokens("start a run with stridex"), of: "start a run with stridex").isEmpty)
        #expect(sound.nearSpellings(in: tokens("note it in jotters"), of: "note it in jotters").map(\.bundleIdentifier) == ["com.example.c"])
        #expect(sound.nearSpellings(in: tokens("note it in jotter"), of: "note it in jotter").isEmpty)  // the name itself
        // The name's letters are heard once, at the score of its best way of being said, not of "jot ter".
        #expect(sound.nearSpellings(in: tokens("note it in jotters"), of: "note it in jotters").map(\.score) == [SoundAlikeNames.nearScore])
        // Asked not to, `heard` looks for no near spelling.
        #expect(sound.heard(in: "note it in jotters").apps.map(\.bundleIdentifier) == ["com.example.c"])
        #expect(sound.heard(in: "note it in jotters", nearSpellings: false).apps.isEmpty)
    }

    /// Edit distances as the textbook counts them, cut short past the limit.
    @Test(arguments: [("kitten", "sitting", 3, 3), ("wenderlon", "wenderloon", 1, 1), ("jotters", "jotter", 1, 1),
                      ("flaw", "lawn", 2, 2), ("", "abc", 3, 3), ("abc", "", 1, 2), ("same", "same", 0, 0),
                      ("paloma", "xyzxyz", 1, 2), ("abcdef", "abc", 1, 2)])
    func countsEditsUpToTheLimit(_ a: String, _ b: String, _ limit: Int, _ expected: Int) {
        #expect(PersonResolver.distance(a, b, limit: limit) == expected)
        #expect(PersonResolver.distance(b, a, limit: limit) == expected)
    }

    /// The letters a spelling has, one bit each, that rule out most names before their distance.
    @Test func keepsTheLettersOfASpellingAsBits() {
        #expect(SoundAlikeNames.letterSet(Array("abc".utf8)) == 0b111)
        #expect(SoundAlikeNames.letterSet(Array("zza".utf8)) == 1 << 25 | 1)
        #expect(SoundAlikeNames.letterSet([]) == 0)
    }

    /// Two apps whose names key alike are heard by sound as neither.
    /// A Chinese app name written as a homophone (信哥 for 信鸽) is the app, heard by sound; two
    /// apps whose names sound alike are neither's, and a name written right is not "heard".
    @Test func hearsAChineseAppNameWrittenAsAHomophone() throws {
        let l = try LocaleID("zh-CN")
        let profile = try TextProfile(locale: l)
        let pigeon = try AppFixture("com.example.pigeon", displayName: "信鸽").lproj("zh-Hans", ["CFBundleDisplayName": "信鸽"]).build()
        let star = try AppFixture("com.example.star", displayName: "星歌").lproj("zh-Hans", ["CFBundleDisplayName": "星歌"]).build()
        func heard(_ apps: [App], _ u: String) -> [String] {
            SoundAlikeNames(contacts: [], appNames: AppNames(apps: apps, locale: l, profile: profile), profile: profile,
                            forms: PersonNameForms(language: "zh")).heard(in: u).apps.map { "\($0.bundleIdentifier) \($0.said) \($0.source)" }
        }
        #expect(heard([pigeon], "用信哥给李伟发消息") == ["com.example.pigeon 信哥 soundalike"])
        #expect(heard([pigeon], "用信鸽给李伟发消息").isEmpty)
        #expect(heard([pigeon], "用心给李伟发消息").isEmpty)  // one syllable is no name
        // 星歌 is xingge, not xinge: still the pigeon's; with 新歌 (xinge) installed, neither.
        #expect(heard([pigeon, star], "用信哥给李伟发消息") == ["com.example.pigeon 信哥 soundalike"])
        let song = try AppFixture("com.example.song", displayName: "新歌").lproj("zh-Hans", ["CFBundleDisplayName": "新歌"]).build()
        #expect(heard([pigeon, song], "用信哥给李伟发消息").isEmpty)
    }

    @Test func twoAppsThatSoundAlikeAreNeitherHeard() throws {
        let l = try LocaleID("ja-JP")
        let profile = try TextProfile(locale: l)
        let apps = try [AppFixture("com.example.a", displayName: "Wanderloon"), AppFixture("com.example.b", displayName: "Banderlune")]
            .map { try $0.build() }
        let names = AppNames(apps: apps, locale: l, profile: profile)
        let sound = SoundAlikeNames(contacts: [], appNames: names, profile: profile, forms: PersonNameForms(language: "ja"))
        #expect(sound.heard(in: "ヴァンダールーンで渋谷まで").apps.isEmpty)
        let one = SoundAlikeNames(contacts: [], appNames: AppNames(apps: [apps[0]], locale: l, profile: profile), profile: profile,
                                  forms: PersonNameForms(language: "ja"))
        #expect(one.heard(in: "ヴァンダールーンで渋谷まで").apps.map(\.bundleIdentifier) == ["com.example.a"])
    }
}

/// A contact's pronunciation in another script is a way to say the contact.
struct PronouncedContactTests {
    static let contacts: [PersonResolver.Contact] = [
        .init(name: "佐藤 花子", identifier: "c21", pronunciation: "さとう はなこ"),
        .init(name: "田中 太郎", identifier: "c20", pronunciation: "たなか たろう"),
        .init(name: "Дмитрий Иванов", identifier: "c12", pronunciation: "DMEE-tree ee-VAH-nov"),
        .init(name: "John Appleseed", identifier: "c1", pronunciation: "Джон Эпплсид"),
    ]

    static let cases: [(locale: String, said: String, id: String, match: MatchKind, score: Double)] = [
        ("ja", "さとうさん", "c21", .pronounced, PersonResolver.Scoring.partOfPronunciation),
        ("ja", "はなこ", "c21", .pronounced, PersonResolver.Scoring.partOfPronunciation),
        ("ja", "さとう はなこ", "c21", .pronounced, PersonResolver.Scoring.pronounced),
        ("ja", "さとうはなこ", "c21", .pronounced, PersonResolver.Scoring.pronounced),
        ("ja", "タナカさん", "c20", .pronounced, PersonResolver.Scoring.partOfPronunciation),
        ("ja", "佐藤さん", "c21", .exact, PersonResolver.Scoring.partOfName),
        // A Cyrillic reading of a Latin name, inflected as Russian inflects it.
        ("ru", "Джону", "c1", .pronounced, PersonResolver.Scoring.partOfPronunciation),
        ("ru", "Джон Эпплсид", "c1", .pronounced, PersonResolver.Scoring.pronounced),
    ]

    @Test(arguments: cases)
    func resolvesTheReading(_ c: (locale: String, said: String, id: String, match: MatchKind, score: Double)) throws {
        let r = try PersonResolver(locale: LocaleID(c.locale), contacts: Self.contacts).resolve(c.said)
        #expect(r.people.compactMap(\.identifier) == [c.id])
        #expect(r.match == c.match)
        #expect(r.score == c.score)
    }

    /// A respelling in Latin letters guides a voice; its words are not names.
    @Test func aLatinRespellingIsNotReadAsWords() throws {
        let r = try PersonResolver(locale: LocaleID("en"), contacts: Self.contacts).resolve("tree")
        #expect(r.people.compactMap(\.identifier).isEmpty)
        #expect(PersonResolver.readingWords(Self.contacts[2]).isEmpty)
    }

    @Test func callsAContactByTheReading() throws {
        let best = try MatcherTests.best("はとで さとうさんに でんわ", "ja-JP")
        #expect(best.intent == "INStartCallIntent")
        #expect(best.parameters["contacts"]?.value.map(PackTestRun.render) == "佐藤 花子")
        #expect(best.parameters["contacts"]?.match == .pronounced)
    }
}
