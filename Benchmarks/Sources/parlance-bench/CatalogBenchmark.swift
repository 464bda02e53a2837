import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Parlance

/// Loading apps and user vocabulary at scale: 1,000 generated app bundles (Info.plist, seven
/// localizations, vocabulary) and a user vocabulary of 100,000 contacts, in YAML and JSON.
enum CatalogBenchmark: BenchmarkSuite {
    static let name = "catalog"
    static let appCount = 1_000
    static let contactCount = 100_000
    static let languages = ["en", "de", "fr", "es", "ru", "ja", "zh-Hans"]

    static func run(into report: inout BenchmarkReport) throws {
        let root = NSTemporaryDirectory() + "parlance-bench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        guard let data = DataLocation.locate() else { throw CocoaError(.fileNoSuchFile) }
        let schemas = try DomainSchemaSet.load(folder: data.path("Vocabulary/Domains"))

        let files = try writeApps(to: root + "/Apps")
        try measure("load \(appCount) apps", into: &report, extra: ["files": Double(files)]) {
            let c = try AppCatalog.load(folders: [root + "/Apps"], schemas: schemas)
            precondition(c.apps.count == appCount)
            return c
        }

        let (yaml, json) = contacts()
        try yaml.write(toFile: root + "/users.yaml", atomically: true, encoding: .utf8)
        try json.write(toFile: root + "/users.json", atomically: true, encoding: .utf8)
        for (label, file, size) in [("YAML", "users.yaml", yaml.utf8.count), ("JSON", "users.json", json.utf8.count)] {
            try measure("load \(contactCount) contacts (\(label))", into: &report, extra: ["fileMiB": Double(size) / 1_048_576]) {
                let v = try UserVocabulary.load(root + "/" + file)
                precondition(v[.contactName].count == contactCount)
                return v
            }
        }
    }

    /// Times `load` five times (median and best, in ms). Memory: how much resident memory the
    /// loaded value keeps (measured after returning freed memory to the system), and the
    /// process's peak resident size so far.
    static func measure<T>(_ label: String, into report: inout BenchmarkReport, extra: [String: Double],
                           _ load: () throws -> T) throws {
        var times: [Double] = []
        let before = trimmedResidentMiB()
        var first: T?
        times.append(try Measure.once { first = try load() } / 1000)
        let kept = trimmedResidentMiB() - before
        for _ in 0..<4 {
            times.append(try Measure.once { _ = try load() } / 1000)
        }
        withExtendedLifetime(first) {}
        report.add(name, label, extra.merging([
            "median_ms": Measure.percentile(times, 0.5), "min_ms": times.min()!, "keptMiB": kept,
            "peakMiB": peakResidentMiB(),
        ]) { a, _ in a })
    }

    /// Resident memory after glibc's `malloc_trim` hands freed pages back, so that memory freed
    /// by an earlier load does not hide what the next one keeps.
    static func trimmedResidentMiB() -> Double {
        typealias Trim = @convention(c) (Int) -> Int32
        if let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(sym, to: Trim.self)(0)
        }
        return Measure.residentMiB()
    }

    /// The process's peak resident memory (VmHWM) in MiB.
    static func peakResidentMiB() -> Double {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return kb / 1024
    }

    static func writeApps(to folder: String) throws -> Int {
        let fm = FileManager.default
        var files = 0
        func write(_ path: String, _ text: String) throws {
            try fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            files += 1
        }
        let words = ["Loon", "Pigeon", "Stride", "Flicks", "Coin", "Note", "Tune", "Snap", "Dash", "Chat"]
        let intents = ["INSendMessageIntent", "INStartCallIntent", "INRequestRideIntent", "INStartWorkoutIntent",
                       "INSendPaymentIntent", "INCreateNoteIntent", "INPlayMediaIntent", "INSearchForPhotosIntent"]
        for i in 0..<appCount {
            let app = "\(folder)/App\(i).app"
            let name = words[i % words.count] + String(i)
            let intent = intents[i % intents.count]
            try write(app + "/Info.plist", infoPlist(identifier: "com.example.bench.app\(i)", name: name, intents: [intent],
                                                     alternatives: ["\(name) Pro"]))
            for l in languages {
                try write(app + "/\(l).lproj/InfoPlist.strings",
                          "/* Display name */\n\"CFBundleDisplayName\" = \"\(name) \(l)\";\n\"NSCameraUsageDescription\" = \"Takes photos.\";\n")
            }
            try write(app + "/Base.lproj/AppIntentVocabulary.plist", """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                \t<key>IntentPhrases</key>
                \t<array>
                \t\t<dict>
                \t\t\t<key>IntentName</key>
                \t\t\t<string>\(intent)</string>
                \t\t\t<key>IntentExamples</key>
                \t\t\t<array><string>Use \(name) now</string><string>Open \(name)</string></array>
                \t\t</dict>
                \t</array>
                </dict>
                </plist>
                """)
        }
        return files
    }

    /// An app's Info.plist: identifier, bundle name, supported intents and alternative names.
    static func infoPlist(identifier: String, name: String, intents: [String], alternatives: [String]) -> String {
        let intents = intents.map { "\t\t<string>\($0)</string>\n" }.joined()
        let alternatives = alternatives.isEmpty ? "" : "\t<key>INAlternativeAppNames</key>\n\t<array>\n"
            + alternatives.map { "\t\t<dict>\n\t\t\t<key>INAlternativeAppName</key>\n\t\t\t<string>\($0)</string>\n\t\t</dict>\n" }.joined()
            + "\t</array>\n"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>en</string>
            \t<key>CFBundleIdentifier</key>
            \t<string>\(identifier)</string>
            \t<key>CFBundleName</key>
            \t<string>\(name)</string>
            \t<key>INIntentsSupported</key>
            \t<array>
            \(intents)\t</array>
            \(alternatives)</dict>
            </plist>
            """
    }

    /// A contact list in four scripts, ranked, a third with ids and pronunciations.
    static func contacts() -> (yaml: String, json: String) {
        let first = ["Anna", "John", "Kate", "José", "Zoë", "Дмитрий", "Маша", "Ольга", "太郎", "花子", "芳", "伟"]
        let last = ["Schmidt", "Appleseed", "Bell", "Álvarez", "Müller", "Иванов", "Петрова", "Смирнова", "田中", "佐藤", "王", "李"]
        var yaml = "contactName:\n"
        var json = "{\"contactName\": ["
        yaml.reserveCapacity(contactCount * 40)
        json.reserveCapacity(contactCount * 50)
        for i in 0..<contactCount {
            let name = "\(first[i % first.count]) \(last[(i / first.count) % last.count]) \(i)"
            if i % 3 == 0 {
                yaml += "  - {name: \(name), id: c\(i), pronunciation: p\(i)}\n"
                json += (i == 0 ? "" : ", ") + "{\"name\": \"\(name)\", \"id\": \"c\(i)\", \"pronunciation\": \"p\(i)\"}"
            } else {
                yaml += "  - \(name)\n"
                json += (i == 0 ? "" : ", ") + "\"\(name)\""
            }
        }
        return (yaml, json + "]}")
    }
}
