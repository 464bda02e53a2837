import Foundation
import Parlance

/// Compiling Home Assistant grammars (time, resident memory) and matching with 10 to 100,000
/// names in the `name` list. Reads the merged JSON files from `PARLANCE_HA_DATA`
/// (home_assistant_intents/data); languages from `PARLANCE_HA_LANGS` (default en, de, ja, zh-CN).
enum GrammarBenchmark: BenchmarkSuite {
    static let name = "grammar"

    static let scalingSentences = ["turn on the kitchen light", "turn off bedroom lamp",
                                   "what is the temperature of the office thermostat", "open the garage door",
                                   "turn on the living room fan", "is the kitchen light on"]
    static let filler = ["Lamp", "Switch", "Sensor", "Fan", "Heater", "Plug", "Blind", "Speaker"]

    /// The same names as Benchmarks/ha_compare.py's `scaling_names`.
    static func names(_ n: Int) -> [String] {
        var names = ["Kitchen Light", "Office Thermostat", "Garage Door", "Living Room Fan", "Bedroom Lamp"]
        var i = 0
        while names.count < n {
            names.append("Device \(i) \(filler[i % filler.count])")
            i += 1
        }
        return Array(names.prefix(max(n, 5)))
    }

    /// Compile time and memory of grammars built to hurt (see PathologicalGrammarTests).
    static func pathological(into report: inout BenchmarkReport) throws {
        func grammar(_ t: String) throws -> IntentGrammar {
            var g = IntentGrammar(language: "en")
            g.intents = [Intent(name: "X", blocks: [IntentBlock(templates: [try Template(t)])])]
            return g
        }
        let words = (0..<30).map { "w\($0)" }
        var perm: TemplateMatcher?
        let permCompile = try Measure.once { perm = try TemplateMatcher(grammar: grammar("(" + words.joined(separator: ";") + ")")) }
        let reversed = words.reversed().joined(separator: " ")
        let permMatch = Measure.perCall([reversed], rounds: 20) { _ = perm!.best($0) }
        report.add(name, "30-way permutation", ["compileMs": permCompile / 1000, "match_us": Measure.summary(permMatch)["mean_us"]!])
        let nested = String(repeating: "[", count: 90) + "x" + String(repeating: "]", count: 90) + " y"
        var nest: TemplateMatcher?
        let nestCompile = try Measure.once { nest = try TemplateMatcher(grammar: grammar(nested)) }
        let nestMatch = Measure.perCall(["x y"], rounds: 20) { _ = nest!.best($0) }
        report.add(name, "90 nested optionals", ["compileMs": nestCompile / 1000, "match_us": Measure.summary(nestMatch)["mean_us"]!])
        let m = try TemplateMatcher(grammar: grammar("turn on {name}"))
        let before = Measure.residentMiB()
        var lists: TemplateMatcher.Lists?
        let build = try Measure.once {
            lists = try m.lists(["name": .values((0..<1_000_000).map { SlotValue(text: "device \($0)") })])
        }
        let l = lists!
        let match = Measure.perCall(["turn on device 765432", "turn on device 12"], rounds: 20) { _ = m.best($0, lists: l) }
        report.add(name, "1,000,000 values", ["compileMs": build / 1000, "rssMiB": Measure.residentMiB() - before,
                                              "match_us": Measure.summary(match)["mean_us"]!])
    }

    static func run(into report: inout BenchmarkReport) throws {
        let env = ProcessInfo.processInfo.environment
        guard let dir = env["PARLANCE_HA_DATA"] else {
            FileHandle.standardError.write(Data("grammar: set PARLANCE_HA_DATA to home_assistant_intents/data\n".utf8))
            return
        }
        let langs = (env["PARLANCE_HA_LANGS"] ?? "en,de,ja,zh-CN").split(separator: ",").map(String.init)
        var english: TemplateMatcher?
        for lang in langs {
            let url = URL(fileURLWithPath: dir).appendingPathComponent("\(lang).json")
            let before = Measure.residentMiB()
            var matcher: TemplateMatcher?
            let us = try Measure.once { matcher = try TemplateMatcher(grammar: HomeAssistantIntents.load(contentsOf: url)) }
            let m = matcher!
            let stats = m.statistics
            report.add(name, "compile \(lang)", ["ms": us / 1000, "rssMiB": Measure.residentMiB() - before,
                                                 "templates": Double(stats.templates), "nodes": Double(stats.nodes)])
            if lang == "en" { english = m }
        }
        try pathological(into: &report)
        guard env["PARLANCE_SCALING"] != "0" else { return }
        let en = try english ?? TemplateMatcher(grammar: HomeAssistantIntents.load(
            contentsOf: URL(fileURLWithPath: dir).appendingPathComponent("en.json")))
        let domains = ["Office Thermostat": "climate", "Garage Door": "cover", "Living Room Fan": "fan"]
        for n in [10, 1000, 100_000] {
            var lists: TemplateMatcher.Lists?
            let build = try Measure.once {
                let values = names(n).map { SlotValue(text: $0, context: ["domain": .string(domains[$0] ?? "light")]) }
                lists = try en.lists(["name": .values(values), "area": .values([]), "floor": .values([])])
            }
            let l = lists!
            var found = 0
            let times = Measure.perCall(scalingSentences, rounds: 50) { s in
                if en.best(s, lists: l, context: ["area": .string("__context_area__")]) != nil { found += 1 }
            }
            report.add(name, "names \(n)", Measure.summary(times).merging(
                ["listCompileMs": build / 1000, "matched": Double(found) / 51]) { a, _ in a })
        }
    }
}
