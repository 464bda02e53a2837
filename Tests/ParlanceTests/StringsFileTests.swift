import Testing
@testable import Parlance

struct StringsFileTests {
    static let sample = """
        /* The name on the home screen */
        "CFBundleDisplayName" = "Шагомер";
        // line comment
        CFBundleName = Pedometer;
        "escapes" = "a \\"quoted\\" \\\\ word\\n\\t\\U00E9\\u00e8 \\UD83D\\UDE00";
        "same";
        """

    @Test func readsKeysValuesCommentsAndEscapes() throws {
        let s = try StringsFile.parse(Array(Self.sample.utf8), file: "InfoPlist.strings")
        #expect(s["CFBundleDisplayName"]?.value == "Шагомер")
        #expect(s["CFBundleDisplayName"]?.location.line == 2)
        #expect(s["CFBundleName"]?.value == "Pedometer")
        #expect(s["escapes"]?.value == "a \"quoted\" \\ word\n\té\u{E8} 😀")
        #expect(s["same"]?.value == "same")
        #expect(s.encoding == .utf8)
    }

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
        var out: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for u in text.utf16 { out += bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
        return out
    }

    @Test(arguments: [(false, true, TextEncoding.utf16LE), (true, true, .utf16BE), (false, false, .utf16LE), (true, false, .utf16BE)])
    func readsUTF16WithAndWithoutBOM(bigEndian: Bool, bom: Bool, encoding: TextEncoding) throws {
        let s = try StringsFile.parse(Self.utf16(Self.sample, bigEndian: bigEndian, bom: bom), file: "InfoPlist.strings")
        #expect(s.encoding == encoding)
        #expect(s["CFBundleDisplayName"]?.value == "Шагомер")
    }

    @Test func readsUTF8WithBOM() throws {
        let s = try StringsFile.parse([0xEF, 0xBB, 0xBF] + Array(Self.sample.utf8), file: "x.strings")
        #expect(s["CFBundleName"]?.value == "Pedometer")
    }

    static let broken: [BrokenInput] = [
        BrokenInput(name: "unterminated string", text: "\"a\" = \"b\";\n\"c\" = \"never closed;\n", position: "2:7", message: "unterminated string"),
        BrokenInput(name: "unterminated key", text: "\n\n  \"abc", position: "3:3", message: "unterminated string"),
        BrokenInput(name: "unterminated comment", text: "\"a\" = \"b\";\n/* open", position: "2:1", message: "unterminated comment"),
        BrokenInput(name: "missing semicolon", text: "\"a\" = \"b\"\n\"c\" = \"d\";", position: "2:1", message: "expected ';' after the value"),
        BrokenInput(name: "missing equals", text: "\"a\" \"b\";", position: "1:5", message: "expected '=' after the key"),
        BrokenInput(name: "missing value", text: "\"a\" = ;", position: "1:7", message: "expected a value"),
        BrokenInput(name: "duplicate key", text: "\"a\" = \"b\";\n\"a\" = \"c\";", position: "2:1", message: "duplicate key \"a\" (first at line 1)"),
        BrokenInput(name: "short unicode escape", text: "\"a\" = \"\\U12\";", position: "1:8", message: "four hexadecimal digits"),
        BrokenInput(name: "lone high surrogate", text: "\"a\" = \"\\UD83Dx\";", position: "1:8", message: "surrogate"),
    ]

    @Test(arguments: broken)
    func malformedStringsAreLocated(_ c: BrokenInput) {
        let e = c.expectFailure { _ = try StringsFile.parse(Array($0.utf8), file: "InfoPlist.strings") }
        #expect(e is StringsFileError)
        #expect(e?.description.hasPrefix("InfoPlist.strings:\(c.position): error:") == true)
    }

    @Test func invalidUTF8IsLocated() {
        let bytes = Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xFF] + Array("\";".utf8)
        let e = expectLocatedError { _ = try StringsFile.parse(bytes, file: "x.strings") }
        #expect(e is TextEncodingError)
        #expect(e?.position == "2:8")
    }

    @Test func invalidUTF16IsLocated() {
        // A low surrogate alone on line 2, and a file cut in the middle of a code unit.
        var bytes = Self.utf16("\"a\" = \"b\";\n\"c\" = \"", bigEndian: false, bom: true)
        bytes += [0x00, 0xDC] + Self.utf16("\";", bigEndian: false, bom: false)
        let e = expectLocatedError { _ = try StringsFile.parse(bytes, file: "x.strings") }
        #expect(e?.position == "2:8")
        let odd = expectLocatedError { _ = try StringsFile.parse([0xFF, 0xFE, 0x22, 0x00, 0x61], file: "x.strings") }
        #expect(odd?.message.contains("odd number of bytes") == true)
    }
}
