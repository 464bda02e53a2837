import Foundation
import Testing
@testable import Parlance

struct PropertyListTests {
    @Test func readsEveryXMLValueWithItsPosition() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<!-- a comment -->
            \t<key>name</key>
            \t<string>Tom &amp; Jerry &#x263A; <![CDATA[<raw>]]></string>
            \t<key>count</key><integer>-42</integer>
            \t<key>ratio</key><real>1.5</real>
            \t<key>on</key><true/>
            \t<key>off</key><false/>
            \t<key>when</key><date>2024-05-01T12:00:00Z</date>
            \t<key>blob</key><data>AAEC</data>
            \t<key>list</key><array><string/><dict/></array>
            </dict>
            </plist>
            """
        let p = try PropertyList.parse(Array(xml.utf8), file: "t.plist")
        #expect(try p.required("name").string() == "Tom & Jerry ☺ <raw>")
        #expect(try p.required("count").integer() == -42)
        #expect(try p.required("on").bool() == true)
        #expect(try p.required("off").bool() == false)
        #expect(try p.required("list").array().count == 2)
        let count = try p.required("count")
        #expect(count.site.line == 8 && count.site.column == 18)
        #expect(try p.required("list").array()[1].site.keyPath == "list[1]")
        if case .data(let d) = try p.required("blob").value { #expect(d == [0, 1, 2]) } else { Issue.record("not data") }
    }

    @Test func wrongTypesNameTheKeyPathAndLine() throws {
        let xml = "<plist><dict><key>NSExtension</key><dict><key>IntentsSupported</key>\n  <string>INSendMessageIntent</string></dict></dict></plist>"
        let p = try PropertyList.parse(Array(xml.utf8), file: "Info.plist")
        let e = #expect(throws: PropertyListError.self) { try p.required("NSExtension").required("IntentsSupported").array() }
        #expect(e?.site.keyPath == "NSExtension.IntentsSupported")
        #expect(e?.position == "2:3")
        #expect(e?.description.contains("Info.plist:2:3: error: expected <array>, found <string>") == true)
    }

    static let broken: [BrokenInput] = [
        BrokenInput(name: "unclosed dict", text: "<plist>\n<dict>\n<key>a</key><string>b</string>\n", position: "4:1", message: "ends where"),
        BrokenInput(name: "mismatched close", text: "<plist><dict>\n<key>a</key><string>b</dict>", position: "2:22", message: "expected </string>"),
        BrokenInput(name: "unknown element", text: "<plist><dict><key>a</key>\n  <strin>b</strin></dict></plist>", position: "2:3", message: "unknown element <strin>"),
        BrokenInput(name: "not an integer", text: "<plist><integer>12a</integer></plist>", position: "1:8", message: "'12a' is not an integer"),
        BrokenInput(name: "bad entity", text: "<plist><string>a & b</string></plist>", position: "1:18", message: "'&' does not start an entity"),
        BrokenInput(name: "unknown entity", text: "<plist><string>&nbsp;</string></plist>", position: "1:16", message: "unknown entity"),
        BrokenInput(name: "duplicate key", text: "<plist><dict>\n<key>a</key><true/>\n<key>a</key><false/></dict></plist>", position: "3:1", message: "duplicate key 'a' (first at line 2)"),
        BrokenInput(name: "key without value", text: "<plist><dict><key>a</key><key>b</key><true/></dict></plist>", position: "1:26", message: "key 'a' has no value"),
        BrokenInput(name: "value without key", text: "<plist><dict><string>x</string></dict></plist>", position: "1:14", message: "expected <key>"),
        BrokenInput(name: "text after end", text: "<plist><true/></plist>\n<true/>", position: "2:1", message: "text after the end"),
        BrokenInput(name: "unclosed comment", text: "<plist><!-- <true/></plist>", position: "1:8", message: "comment is never closed"),
        BrokenInput(name: "empty", text: "  \n", position: "2:1", message: "empty"),
        BrokenInput(name: "stray text", text: "<plist>hello</plist>", position: "1:8", message: "found text"),
    ]

    @Test(arguments: broken)
    func malformedXMLIsLocated(_ c: BrokenInput) {
        let e = c.expectFailure { _ = try PropertyList.parse(Array($0.utf8), file: "bad.plist") }
        #expect(e is PropertyListError)
    }

    @Test func invalidUTF8IsLocated() {
        var bytes = Array("<plist>\n<string>ab".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</string></plist>".utf8)
        let e = #expect(throws: TextEncodingError.self) { try PropertyList.parse(bytes, file: "bad.plist") }
        #expect(e?.position == "2:11")
    }

    static let binaryInfoPlist = TestData.path("Vocabulary/Apps/Coinpurse.app/Info.plist")

    @Test func readsABinaryPlist() throws {
        let p = try PropertyList.load(Self.binaryInfoPlist)
        #expect(try p.required("CFBundleIdentifier").string() == "com.example.coinpurse")
        #expect(try p.required("INIntentsSupported").strings() == ["INSendPaymentIntent", "INRequestPaymentIntent"])
        #expect(try p.required("INIntentsSupported").array()[1].site.keyPath == "INIntentsSupported[1]")
    }

    @Test func everyTruncationOfABinaryPlistFailsCleanly() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.binaryInfoPlist)).map { $0 }
        for n in 0..<bytes.count {
            let e = expectLocatedError("\(n) bytes") { _ = try PropertyList.parse(Array(bytes[0..<n]), file: "Info.plist") }
            #expect(e?.site.file == "Info.plist")
        }
    }

    @Test func corruptBinaryPlistsFailCleanly() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.binaryInfoPlist)).map { $0 }
        // Flip every byte in turn: whatever happens, no crash, and errors are located.
        for i in 8..<bytes.count {
            var b = bytes
            b[i] ^= 0xFF
            do { _ = try PropertyList.parse(b, file: "Info.plist") } catch let e as any LocatedError {
                #expect(e.site.file == "Info.plist")
            }
        }
        var header = bytes
        header[7] = UInt8(ascii: "1")
        let e = #expect(throws: PropertyListError.self) { try PropertyList.parse(header, file: "Info.plist") }
        #expect(e?.message.contains("bplist01") == true)
    }

    /// A bplist00 file from encoded objects, with 2-byte offsets and 1-byte references.
    static func bplist(_ objects: [[UInt8]], top: UInt8 = 0) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for o in objects {
            offsets.append(out.count)
            out += o
        }
        let table = out.count
        for o in offsets { out += [UInt8(o >> 8), UInt8(o & 0xFF)] }
        func be64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> ($0 * 8)) & 0xFF) } }
        return out + [0, 0, 0, 0, 0, 0, 2, 1] + be64(objects.count) + be64(Int(top)) + be64(table)
    }

    @Test(arguments: [
        ("duplicate key", [[0xD2, 1, 1, 2, 3], [0x51, 0x61], [0x09], [0x08]], "duplicate key 'a'", "a"),
        ("self-containing array", [[0xA1, 0]], "contains itself", "[0]"),
        ("reference past the objects", [[0xA1, 9]], "reference 9 is beyond the 1 objects", "[0]"),
        ("integer as key", [[0xD1, 1, 2], [0x10, 5], [0x09]], "is a integer, not a string", ""),
        ("string longer than the file", [[0x5F, 0x10, 0x7F]], "exceeds the file size", ""),
        ("unknown marker", [[0x70]], "marker 0x70", ""),
    ] as [(String, [[UInt8]], String, String)])
    func brokenBinaryStructureIsReported(_ name: String, _ objects: [[UInt8]], _ message: String, _ keyPath: String) {
        let e = expectLocatedError(name) { _ = try PropertyList.parse(Self.bplist(objects), file: "Info.plist") }
        #expect(e?.message.contains(message) == true, "\(e?.message ?? "")")
        #expect((e?.site.keyPath ?? "") == keyPath)
        #expect(e?.site.file == "Info.plist")
    }

    @Test func readsAHandMadeBinaryPlist() throws {
        // {"a": [true, 5, "é"]} with a UTF-16 string.
        let p = try PropertyList.parse(Self.bplist([[0xD1, 1, 2], [0x51, 0x61], [0xA3, 3, 4, 5], [0x09], [0x10, 5], [0x61, 0x00, 0xE9]]),
                                       file: "x.plist")
        let a = try p.required("a").array()
        #expect(try a[0].bool() && a[1].integer() == 5 && a[2].string() == "é")
        #expect(a[2].site.keyPath == "a[2]")
    }
}
