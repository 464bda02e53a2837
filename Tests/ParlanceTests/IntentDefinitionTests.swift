import Testing
@testable import Parlance
import ParlanceText

struct IntentDefinitionTests {
    static func definition(enumName: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>INEnums</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>INEnumDisplayName</key><string>Size</string>
        \t\t\t<key>INEnumDisplayNameID</key><string>e1</string>
        \t\t\t<key>INEnumName</key><string>Size</string>
        \t\t\t<key>INEnumValues</key>
        \t\t\t<array>
        \t\t\t\t<dict><key>INEnumValueDisplayName</key><string>unknown</string><key>INEnumValueName</key><string>unknown</string></dict>
        \t\t\t\t<dict><key>INEnumValueDisplayName</key><string>Small</string><key>INEnumValueDisplayNameID</key><string>v1</string>
        \t\t\t\t\t<key>INEnumValueIndex</key><integer>1</integer><key>INEnumValueName</key><string>small</string></dict>
        \t\t\t\t<dict><key>INEnumValueDisplayName</key><string>Large</string><key>INEnumValueDisplayNameID</key><string>v2</string>
        \t\t\t\t\t<key>INEnumValueIndex</key><integer>2</integer><key>INEnumValueName</key><string>large</string></dict>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        \t<key>INIntents</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>INIntentName</key><string>OrderCoffee</string>
        \t\t\t<key>INIntentTitle</key><string>Order Coffee</string>
        \t\t\t<key>INIntentTitleID</key><string>t1</string>
        \t\t\t<key>INIntentParameters</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>INIntentParameterEnumType</key><string>\(enumName)</string>
        \t\t\t\t\t<key>INIntentParameterName</key><string>size</string>
        \t\t\t\t\t<key>INIntentParameterType</key><string>Integer</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>
        """
    }

    @Test func readsEnumsAndTheirTranslations() throws {
        let dir = TempFolder()
        let path = dir.write("Coffee.app/Base.lproj/Intents.intentdefinition", Self.definition(enumName: "Size"))
        dir.write("Coffee.app/de.lproj/Intents.strings", "\"t1\" = \"Kaffee bestellen\";\n\"v1\" = \"Klein\";\n\"v2\" = \"Groß\";\n")
        dir.write("Coffee.app/zh_CN.lproj/Intents.strings", "\"t1\" = \"点咖啡\";\n")
        let def = try IntentDefinition.load(path)
        let size = try #require(def.enums.first)
        #expect(size.cases.map(\.name) == ["unknown", "small", "large"])
        #expect(size.cases[2].index == 2)
        #expect(def.localized(try #require(size.cases[2].displayName), locale: try LocaleID("de-AT")) == "Groß")
        let intent = try #require(def.intents.first)
        #expect(intent.parameters.first?.enumType == "Size")
        #expect(def.localized(try #require(intent.title), locale: try LocaleID("zh-Hans")) == "点咖啡")
        #expect(def.localized(try #require(intent.title), locale: try LocaleID("fr")) == "Order Coffee")
    }

    @Test func anUndefinedEnumIsAnError() {
        let dir = TempFolder()
        let path = dir.write("Intents.intentdefinition", Self.definition(enumName: "Sise"))
        let e = expectLocatedError { _ = try IntentDefinition.load(path) }
        #expect(e?.site.keyPath == "INIntents[0].INIntentParameters[0].INIntentParameterEnumType")
        #expect(e?.hint == "did you mean 'Size'?")
    }

    @Test func aBrokenTranslationIsLocated() {
        let dir = TempFolder()
        let path = dir.write("Base.lproj/Intents.intentdefinition", Self.definition(enumName: "Size"))
        dir.write("de.lproj/Intents.strings", "\"t1\" = \"Kaffee\"\n\"v1\" = \"Klein\";\n")
        let e = expectLocatedError { _ = try IntentDefinition.load(path) }
        #expect(e?.site.file.hasSuffix("de.lproj/Intents.strings") == true)
        #expect(e?.position == "2:1")
    }
}
