import Testing
@testable import ParlanceText

struct LocaleIDTests {
    struct Case: CustomStringConvertible, Sendable {
        let input: String
        let identifier: String
        let chain: [String]
        var description: String { input }
    }

    static let cases: [Case] = [
        Case(input: "pt-BR", identifier: "pt-BR", chain: ["pt-BR", "pt"]),
        Case(input: "pt_BR", identifier: "pt-BR", chain: ["pt-BR", "pt"]),
        Case(input: "zh-Hans", identifier: "zh-Hans", chain: ["zh-Hans", "zh"]),
        Case(input: "zh_CN", identifier: "zh-CN", chain: ["zh-CN", "zh"]),
        Case(input: "ko-KR", identifier: "ko-KR", chain: ["ko-KR", "ko"]),
        Case(input: "es-MX", identifier: "es-MX", chain: ["es-MX", "es-419", "es"]),
        Case(input: "zh-TW", identifier: "zh-TW", chain: ["zh-TW", "zh-Hant-TW", "zh-Hant"]),
        Case(input: "en-IN", identifier: "en-IN", chain: ["en-IN", "en-001", "en"]),
        Case(input: "en-AU", identifier: "en-AU", chain: ["en-AU", "en-001", "en"]),
        Case(input: "de-AT", identifier: "de-AT", chain: ["de-AT", "de"]),
        Case(input: "fr-CA", identifier: "fr-CA", chain: ["fr-CA", "fr"]),
        Case(input: "Base", identifier: "Base", chain: ["Base"]),
        Case(input: "English", identifier: "en", chain: ["en"]),
        Case(input: " ja ", identifier: "ja", chain: ["ja"]),
        Case(input: "EN-us", identifier: "en-US", chain: ["en-US", "en"]),
    ]

    @Test(arguments: cases)
    func canonicalizesAndFallsBack(_ c: Case) throws {
        let l = try LocaleID(c.input)
        #expect(l.identifier == c.identifier)
        #expect(l.fallbackChain.map(\.identifier) == c.chain)
    }

    @Test(arguments: ["", "   ", "qq", "xx-YY", "en US", "e", "12", String(repeating: "a", count: 100), "de\u{0}"])
    func rejectsWhatIsNotALocale(_ s: String) {
        #expect(throws: LocaleID.ParseError.self) { try LocaleID(s) }
    }

    @Test func maximizesWithLikelySubtags() throws {
        #expect(try LocaleID("zh-TW").maximized.identifier == "zh-Hant-TW")
        #expect(try LocaleID("ja").maximized.identifier == "ja-Jpan-JP")
        #expect(try LocaleID("sr").maximized.script == "Cyrl")
    }

    @Test func roundTripsThroughCodable() throws {
        let l = try LocaleID("pt_BR")
        let data = try JSONEncoder().encode([l])
        #expect(String(decoding: data, as: UTF8.self) == "[\"pt-BR\"]")
        #expect(try JSONDecoder().decode([LocaleID].self, from: data) == [l])
    }
}

import Foundation
