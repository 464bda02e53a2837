import Testing
@testable import ParlanceText

/// Japanese keys fold katakana to hiragana, as other scripts fold case: speech recognizers write
/// a word in either kana.
struct KanaFoldTests {
    static let pairs: [(String, String)] = [("ハト", "はと"), ("ストライド", "すとらいど"), ("ウェンダールーン", "うぇんだーるーん"),
                                            ("ヴェ", "ゔぇ"), ("ｼｭｰﾎﾞｯｸｽ", "しゅーぼっくす")]

    @Test(arguments: pairs)
    func keysBothKanaAlikeInJapanese(_ p: (String, String)) throws {
        let ja = try TextProfile(locale: LocaleID("ja"))
        #expect(ja.key(p.0) == ja.key(p.1))
        #expect(ja.foldedKey(p.0) == ja.foldedKey(p.1))
    }

    @Test func keepsKanaApartElsewhere() throws {
        let zh = try TextProfile(locale: LocaleID("zh"))
        #expect(zh.key("ハト") != zh.key("はと"))
        #expect(!zh.foldsKana)
    }

    @Test func keepsWhatHiraganaLacks() {
        #expect(TextProfile.hiragana(0x30FC) == 0x30FC)  // ー
        #expect(TextProfile.hiragana(0x30F7) == 0x30F7)  // ヷ
        #expect(TextProfile.hiragana(0x30CF) == 0x306F)  // ハ → は
    }

    /// Kana a word break parts are read as one sound: `じ`, `ょ`, `ん` is `jon`.
    @Test func transliteratesTouchingKanaTogether() throws {
        let ja = try TextProfile(locale: LocaleID("ja"))
        #expect(ja.latinKey("じょん") == "jon")
        #expect(ja.latinKey("ジョン") == "jon")
        #expect(ja.latinKey("じょん けいと") == "jon keito")
    }
}
