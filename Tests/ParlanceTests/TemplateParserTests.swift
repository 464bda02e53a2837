import Foundation
import Testing
@testable import Parlance

/// Templates parse into the tree hassil builds, shown by `Template.dump()`.
struct TemplateParserTests {
    struct Case: CustomStringConvertible, Sendable {
        let template: String
        let dump: String
        var description: String { template }
    }

    static let cases: [Case] = [
        Case(template: "turn on [the] light[s]", dump: """
            sequence 0..<22
              text "turn " 0..<5
              text "on " 5..<8
              optional 8..<13
                sequence 8..<13
                  text "the" 9..<12
                text "" 13..<13
              text " light" 13..<19
              optional 19..<22
                sequence 19..<22
                  text "s" 20..<21
                text "" 22..<22

            """),
        Case(template: "(open|close) {cover_classes:device_class} <in> {area}", dump: """
            sequence 0..<53
              alternative 0..<12
                sequence 1..<5
                  text "open" 1..<5
                sequence 6..<11
                  text "close" 6..<11
              text " " 12..<13
              list cover_classes -> device_class 13..<41
              text " " 41..<42
              rule <in> 42..<46
              text " " 46..<47
              list area (joined) 47..<53

            """),
        Case(template: "(on; [<here>])", dump: """
            permutation 0..<14
              sequence 1..<3
                text " " 1..<1
                text "on" 1..<3
                text " " 3..<3
              sequence 4..<13
                text " " 4..<4
                text " " 4..<5
                optional 5..<13
                  sequence 5..<13
                    rule <here> 6..<12
                  text "" 13..<13
                text " " 13..<13

            """),
        Case(template: "{timer_name:@name}{1..10:count}x", dump: """
            sequence 0..<32
              list timer_name -> @name (joined) 0..<18
              list 1..10 -> count (joined) 18..<31
              text "x" 31..<32

            """),
        // As in hassil, an escaped character after a space stays in the word before it.
        Case(template: "say \\(hi\\) \\[now\\]", dump: """
            sequence 0..<18
              text "say (" 0..<6
              text "hi) [" 6..<13
              text "now]" 13..<18

            """),
        Case(template: "what’s  up", dump: """
            sequence 0..<10
              text "what's " 0..<8
              text "up" 8..<10

            """),
    ]

    @Test(arguments: cases)
    func dumpsTheTreeHassilBuilds(_ c: Case) throws {
        #expect(try Template(c.template).dump() == c.dump)
    }

    struct Bad: CustomStringConvertible, Sendable {
        let template: String
        let rendered: String
        var description: String { template }
    }

    /// Syntax errors read like a compiler's: message, location, the line and a caret.
    @Test(arguments: [
        Bad(template: "schick (eine Nachricht an {recipients}", rendered: """
            error: unbalanced '(' in template
             --> messaging.yaml:14:14
            14 | schick (eine Nachricht an {recipients}
               |        ^ this group is never closed
            """),
        Bad(template: "turn on the light]", rendered: """
            error: unbalanced ']' in template
             --> messaging.yaml:14:24
            14 | turn on the light]
               |                  ^ nothing opens this
            """),
        Bad(template: "set {} to 5", rendered: """
            error: empty list reference
             --> messaging.yaml:14:11
            14 | set {} to 5
               |     ^ name a list here
            """),
        Bad(template: "(a|b;c)", rendered: """
            error: '|' and ';' mixed in one group
             --> messaging.yaml:14:11
            14 | (a|b;c)
               |     ^ put the alternatives in their own group
            """),
    ])
    func reportsSyntaxErrorsWithACaret(_ b: Bad) {
        let at = SourceLocation(file: "messaging.yaml", line: 14, column: 7)
        #expect(throws: GrammarError.self) { try Template(b.template, location: at) }
        do {
            _ = try Template(b.template, location: at)
        } catch {
            #expect("\(error)" == b.rendered)
        }
    }

    @Test func parsesInlineRanges() {
        let r = ListReference("0..100,5:brightness").inlineRange
        #expect(r?.from == 0 && r?.to == 100 && r?.step == 5)
        #expect(ListReference("area").inlineRange == nil)
    }
}
