import Foundation
import Parlance
import ParlanceText

/// The domain matcher on a realistic catalog: the sample apps and 41 generated ones, localized
/// into the seven locales of `Locales/`, and a user with 10,000 contacts in Latin, Cyrillic,
/// Japanese and Chinese script. Every sentence of each pack's tests (negatives included) is
/// matched on one thread. Per locale: the first call (the pack compiles), median and p99 per
/// utterance after a warm-up round (wall time, and the thread's CPU time, which leaves out
/// waiting for a core on a busy machine), and the thread's CPU time in the first pass over the
/// sentences (words met for the first time are transliterated then), memory the compiled pack keeps, the process's peak, and a
/// digest of the results (equal digests: equal results). Then en-US and ru-RU with 100 to
/// 1,000,000 contacts, to show that matching does not grow with the contacts.
///
/// `PARLANCE_DOMAIN_LOCALES` (comma-separated) and `PARLANCE_DOMAIN_SCALE` (contact counts, `0`
/// for none) narrow the run; `PARLANCE_DOMAIN_ONLY` keeps the sentences that contain it (and
/// skips the pack's tests, `passed` is then -1), for profiling one sentence;
/// `PARLANCE_DOMAIN_SLOWEST=<n>` prints the n slowest sentences per locale (any other value: 5).
enum DomainBenchmark: BenchmarkSuite {
    static let name = "domain"
    static let contactCount = 10_000
    static let rounds = Int(ProcessInfo.processInfo.environment["PARLANCE_DOMAIN_ROUNDS"] ?? "") ?? 20

    static func run(into report: inout BenchmarkReport) throws {
        let env = ProcessInfo.processInfo.environment
        guard let data = DataLocation.locate() else { throw CocoaError(.fileNoSuchFile) }
        let root = NSTemporaryDirectory() + "parlance-bench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try DomainCatalog.writeApps(to: root + "/Apps")
        let base = try Catalog.loading(Catalog.Sources(
            domains: data.path("Vocabulary/Domains"), apps: [data.path("Vocabulary/Apps"), root + "/Apps"],
            userVocabulary: data.path("Vocabulary/Users/sample-user.yaml"), locales: data.path("Locales")))
        precondition(base.apps.apps.count == 50, "expected 50 apps, found \(base.apps.apps.count)")
        let all = base.localePacks.map(\.locale.identifier).sorted()
        let locales = env["PARLANCE_DOMAIN_LOCALES"].map { $0.split(separator: ",").map(String.init) } ?? all

        var catalog = base
        catalog.userVocabulary = DomainCatalog.user(base.userVocabulary, contacts: contactCount)
        for l in locales {
            let row = try measure(catalog, locale: try LocaleID(l))
            report.add(name, "\(l) 50 apps \(contactCount) contacts", row)
        }

        let scale = (env["PARLANCE_DOMAIN_SCALE"] ?? "100,1000,10000,100000,1000000")
            .split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
        let scaleLocales = env["PARLANCE_DOMAIN_SCALE_LOCALES"].map { $0.split(separator: ",").map(String.init) } ?? ["en-US", "ru-RU"]
        for n in scale {
            var c = base
            c.userVocabulary = DomainCatalog.user(base.userVocabulary, contacts: n)
            for l in scaleLocales {
                let row = try measure(c, locale: try LocaleID(l))
                report.add(name, "\(l) \(n) contacts", row)
            }
        }
    }

    /// One locale of one catalog: compile on the first call, then every test sentence
    /// `rounds` times.
    static func measure(_ catalog: Catalog, locale: LocaleID) throws -> [String: Double] {
        let matcher = try Matcher(catalog: catalog)
        let before = CatalogBenchmark.trimmedResidentMiB()
        guard let pack = matcher.pack(for: locale) else { throw Matcher.MatchError.noLocalePack(locale, available: matcher.locales) }
        let only = ProcessInfo.processInfo.environment["PARLANCE_DOMAIN_ONLY"]
        let sentences = pack.tests.flatMap(\.sentences).filter { s in only.map { s.contains($0) } ?? true }
        let first = try Measure.once { _ = try matcher.match(sentences[0], locale: locale) }
        let kept = CatalogBenchmark.trimmedResidentMiB() - before
        var digest = Digest()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // The first pass over the sentences is timed apart: words not seen before are
        // transliterated then (`TextProfile.latin(ofKey:)` remembers them).
        var cold: [Double] = []
        for s in sentences {
            let c0 = Measure.threadCPU()
            let result = try matcher.match(s, locale: locale)
            cold.append(Double(Measure.threadCPU() - c0) / 1000)
            digest.add(try encoder.encode(result))
        }
        let (times, cpu) = Measure.perCallWithCPU(sentences, rounds: rounds) { s in _ = try? matcher.match(s, locale: locale) }
        if let slowest = ProcessInfo.processInfo.environment["PARLANCE_DOMAIN_SLOWEST"] {
            let per = sentences.indices.map { i in
                (stride(from: i, to: cpu.count, by: sentences.count).map { cpu[$0] }.sorted()[rounds / 2], sentences[i])
            }
            for (t, s) in per.sorted(by: { $0.0 > $1.0 }).prefix(Int(slowest) ?? 5) {
                FileHandle.standardError.write(Data("\(locale.identifier) \(Int(t)) µs  \(s)\n".utf8))
            }
        }
        // With the sentences narrowed (for profiling one of them), the pack's tests are not run.
        let passed = only == nil ? try PackTestRun.run(matcher, locale: locale).passed : -1
        return Measure.summary(times).merging([
            "cpu_median_us": Measure.percentile(cpu, 0.5), "cpu_p99_us": Measure.percentile(cpu, 0.99),
            "first_pass_median_us": Measure.percentile(cold, 0.5), "first_pass_p99_us": Measure.percentile(cold, 0.99),
            "compileMs": first / 1000, "keptMiB": kept, "peakMiB": CatalogBenchmark.peakResidentMiB(),
            "sentences": Double(sentences.count), "passed": Double(passed), "digest": Double(digest.value % 1_000_000),
        ]) { a, _ in a }
    }

    /// FNV-1a over the results, so that two runs can be compared for equal output.
    struct Digest {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ data: Data) {
            for b in data {
                value ^= UInt64(b)
                value = value &* 0x100_0000_01b3
            }
        }
    }
}

/// The generated part of the domain benchmark's catalog: apps and contacts, the same on every run.
enum DomainCatalog {
    /// The localizations written for each generated app (folder name → language).
    static let folders = ["en", "de", "fr", "es", "ru", "ja", "zh-Hans"]

    /// A generated app: names in the order of `folders` (nil: not localized), its intents, and
    /// an alternative name.
    struct GeneratedApp {
        var id: String
        var names: [String?]
        var intents: [String]
        var alternative: String?
    }

    static let apps: [GeneratedApp] = [
        .init(id: "chatterbox", names: ["Chatterbox", "Plappermaul", "Bavard", "Charlatán", "Болтушка", "おしゃべり", "畅聊"], intents: ["INSendMessageIntent"], alternative: "Chatter"),
        .init(id: "telegraph", names: ["Telegraph", "Telegraf", "Télégraphe", "Telégrafo", "Телеграф", "テレグラフ", "电报"], intents: ["INSendMessageIntent", "INSearchForMessagesIntent"], alternative: nil),
        .init(id: "ringring", names: ["RingRing", "KlingKling", "DringDring", "RingRing", "Звонилка", "リンリン", "铃铃"], intents: ["INStartCallIntent"], alternative: nil),
        .init(id: "voxline", names: ["Voxline", nil, nil, nil, "Вокслайн", nil, nil], intents: ["INStartCallIntent", "INSendMessageIntent"], alternative: "Vox"),
        .init(id: "hopcab", names: ["HopCab", "HopTaxi", "HopTaxi", "HopTaxi", "ХопТакси", "ホップタクシー", "跳跳打车"], intents: ["INRequestRideIntent", "INGetRideStatusIntent", "INListRideOptionsIntent"], alternative: nil),
        .init(id: "swiftride", names: ["Swift Ride", "Flinke Fahrt", "Course Rapide", "Viaje Veloz", "Быстрая поездка", "スイフトライド", "速行"], intents: ["INRequestRideIntent"], alternative: nil),
        .init(id: "metrogo", names: ["MetroGo", nil, nil, nil, nil, nil, nil], intents: ["INRequestRideIntent", "INGetRideStatusIntent"], alternative: nil),
        .init(id: "pennywise", names: ["Pennywise", "Pfennigfuchs", "Sou Malin", "Centavo", "Копейка", "小銭", "零钱"], intents: ["INSendPaymentIntent", "INRequestPaymentIntent"], alternative: nil),
        .init(id: "splitly", names: ["Splitly", "Teilen", "Partage", "Divide", "Поделим", "ワリカン", "AA付"], intents: ["INRequestPaymentIntent", "INSendPaymentIntent"], alternative: "Split It"),
        .init(id: "walletpal", names: ["WalletPal", "Geldbörse", "Portefeuille", "Cartera", "Бумажник", "サイフ", "钱包"], intents: ["INSendPaymentIntent"], alternative: nil),
        .init(id: "runkeeper", names: ["Pacer", "Schrittmacher", "Cadence", "Ritmo", "Темп", "ペーサー", "配速"], intents: ["INStartWorkoutIntent", "INPauseWorkoutIntent"], alternative: nil),
        .init(id: "liftlog", names: ["Lift Log", "Hantelbuch", "Carnet de Muscu", "Diario de Pesas", "Дневник тренировок", "筋トレ日記", "健身日记"], intents: ["INStartWorkoutIntent"], alternative: nil),
        .init(id: "yogaflow", names: ["Yoga Flow", "Yoga Fluss", "Flux Yoga", "Flujo Yoga", "Йога Поток", "ヨガフロー", "瑜伽流"], intents: ["INStartWorkoutIntent", "INPauseWorkoutIntent"], alternative: nil),
        .init(id: "cyclo", names: ["Cyclo", nil, nil, nil, "Цикло", nil, nil], intents: ["INStartWorkoutIntent"], alternative: nil),
        .init(id: "scribble", names: ["Scribble", "Kritzel", "Gribouillis", "Garabato", "Каракули", "らくがき", "涂鸦"], intents: ["INCreateNoteIntent", "INSearchForNotebookItemsIntent"], alternative: nil),
        .init(id: "taskforce", names: ["Taskforce", "Aufgabenheld", "Tâches", "Tareas", "Задачи", "タスク帳", "任务本"], intents: ["INAddTasksIntent", "INCreateTaskListIntent"], alternative: nil),
        .init(id: "listo", names: ["Listo", "Listig", "Listo", "Listo", "Списки", "リスト", "清单"], intents: ["INAddTasksIntent", "INCreateTaskListIntent", "INCreateNoteIntent"], alternative: nil),
        .init(id: "memo", names: ["Memo Pad", "Notizblock", "Bloc-notes", "Bloc de notas", "Блокнот", "メモ帳", "便签"], intents: ["INCreateNoteIntent"], alternative: nil),
        .init(id: "groovebox", names: ["Groovebox", "Groovebox", "Groovebox", "Groovebox", "Грувбокс", "グルーヴボックス", "律动盒"], intents: ["INPlayMediaIntent", "INAddMediaIntent"], alternative: nil),
        .init(id: "tunein", names: ["Tuneful", "Melodie", "Mélodie", "Melodía", "Мелодия", "メロディ", "旋律"], intents: ["INPlayMediaIntent"], alternative: nil),
        .init(id: "podnest", names: ["Podnest", nil, nil, nil, nil, nil, nil], intents: ["INPlayMediaIntent"], alternative: "Pod Nest"),
        .init(id: "audiobooks", names: ["Storyteller", "Erzähler", "Conteur", "Cuentacuentos", "Рассказчик", "語り部", "说书人"], intents: ["INPlayMediaIntent"], alternative: nil),
        .init(id: "snapshot", names: ["Snapshot", "Schnappschuss", "Instantané", "Instantánea", "Снимок", "スナップ", "快照"], intents: ["INSearchForPhotosIntent"], alternative: nil),
        .init(id: "gallery", names: ["Gallery", "Galerie", "Galerie", "Galería", "Галерея", "ギャラリー", "画廊"], intents: ["INSearchForPhotosIntent"], alternative: nil),
        .init(id: "lumen", names: ["Lumen", nil, "Lumen", nil, "Люмен", nil, nil], intents: ["INSearchForPhotosIntent"], alternative: nil),
        .init(id: "tablefor2", names: ["Table for Two", "Tisch für Zwei", "Table pour Deux", "Mesa para Dos", "Столик на двоих", "テーブル予約", "订座"], intents: ["INBookRestaurantReservationIntent"], alternative: nil),
        .init(id: "dinein", names: ["DineIn", nil, nil, nil, nil, nil, nil], intents: ["INBookRestaurantReservationIntent"], alternative: nil),
        .init(id: "gourmet", names: ["Gourmet", "Feinschmecker", "Gourmet", "Gourmet", "Гурман", "グルメ", "美食家"], intents: ["INBookRestaurantReservationIntent"], alternative: nil),
        .init(id: "postbox", names: ["Postbox", "Briefkasten", "Boîte aux Lettres", "Buzón", "Почтовый ящик", "ポスト", "信箱"], intents: ["INSendMessageIntent"], alternative: nil),
        .init(id: "parley", names: ["Parley", nil, "Palabre", nil, nil, nil, nil], intents: ["INSendMessageIntent", "INStartCallIntent"], alternative: nil),
        .init(id: "dialup", names: ["Dial Up", "Anrufer", "Appel", "Llamada", "Дозвон", "ダイヤル", "拨号"], intents: ["INStartCallIntent"], alternative: nil),
        .init(id: "coinstack", names: ["Coinstack", "Münzstapel", "Pile de Pièces", "Montón", "Монетка", "コイン", "硬币"], intents: ["INSendPaymentIntent"], alternative: nil),
        .init(id: "stepcount", names: ["StepCount", "Schrittzähler", "Podomètre", "Podómetro", "Шагомер", "歩数計", "计步器"], intents: ["INStartWorkoutIntent"], alternative: nil),
        .init(id: "notable", names: ["Notable", "Notiz", "Notable", "Notable", "Заметка", "ノータブル", "笔记本"], intents: ["INCreateNoteIntent", "INAddTasksIntent"], alternative: nil),
        .init(id: "beatbox", names: ["Beatbox", nil, nil, nil, "Битбокс", nil, nil], intents: ["INPlayMediaIntent"], alternative: nil),
        .init(id: "shutter", names: ["Shutter", "Verschluss", "Obturateur", "Obturador", "Затвор", "シャッター", "快门"], intents: ["INSearchForPhotosIntent"], alternative: nil),
        .init(id: "eatery", names: ["Eatery", "Gaststube", "Brasserie", "Mesón", "Трактир", "食堂", "食堂"], intents: ["INBookRestaurantReservationIntent"], alternative: nil),
        .init(id: "shuttle", names: ["Shuttle", "Pendel", "Navette", "Lanzadera", "Шаттл", "シャトル", "班车"], intents: ["INRequestRideIntent", "INListRideOptionsIntent"], alternative: nil),
        .init(id: "whisper", names: ["Whisper", "Flüstern", "Murmure", "Susurro", "Шёпот", "ささやき", "悄悄话"], intents: ["INSendMessageIntent"], alternative: nil),
        .init(id: "focusly", names: ["Focusly", nil, nil, nil, nil, nil, nil], intents: ["INStartWorkoutIntent", "INCreateNoteIntent"], alternative: nil),
        .init(id: "kiosk", names: ["Kiosk", "Kiosk", "Kiosque", "Quiosco", "Киоск", "キオスク", "报亭"], intents: ["INPlayMediaIntent", "INSearchForPhotosIntent"], alternative: nil),
    ]

    /// Writes the generated apps as bundles (Info.plist and one InfoPlist.strings per localization).
    static func writeApps(to folder: String) throws {
        precondition(apps.count == 41)
        let fm = FileManager.default
        for a in apps {
            let app = "\(folder)/\(a.id).app"
            try fm.createDirectory(atPath: app, withIntermediateDirectories: true)
            try CatalogBenchmark.infoPlist(identifier: "com.example.bench.\(a.id)", name: a.names[0]!, intents: a.intents,
                                           alternatives: a.alternative.map { [$0] } ?? [])
                .write(toFile: app + "/Info.plist", atomically: false, encoding: .utf8)
            for (l, n) in zip(folders, a.names) {
                guard let n else { continue }
                try fm.createDirectory(atPath: "\(app)/\(l).lproj", withIntermediateDirectories: true)
                try "\"CFBundleDisplayName\" = \"\(n)\";\n".write(toFile: "\(app)/\(l).lproj/InfoPlist.strings", atomically: false, encoding: .utf8)
            }
        }
    }

    /// Given and family names per script; none is a given name of the sample user's contacts,
    /// so the pack tests read the same people with any number of contacts.
    static let latinGiven = ["Oliver", "Emma", "Liam", "Sophie", "Noah", "Mia", "Lucas", "Léa", "Hugo", "Chloé", "Mateo", "Lucía",
                             "Martín", "Sofía", "Felix", "Hannah", "Paul", "Lena", "Jonas", "Clara", "Marco", "Giulia", "Tom",
                             "Grace", "Daniel", "Olivia", "Samuel", "Isabel", "Adrien", "Manon", "Pablo", "Elena", "Niklas",
                             "Greta", "Rafael", "Inés", "Victor", "Camille", "Ethan", "Ava"]
    static let latinFamily = ["Smith", "Johnson", "Williams", "Brown", "García", "Martínez", "López", "Fernández", "Müller",
                              "Schneider", "Fischer", "Weber", "Dubois", "Lefèvre", "Moreau", "Laurent", "Rossi", "Bianchi",
                              "Wagner", "Becker", "Hoffmann", "Bernard", "Petit", "Durand", "Sánchez", "Romero", "Torres",
                              "Ramírez", "Taylor", "Anderson", "Thomas", "Moore", "Clark", "Lewis", "Walker", "Young",
                              "Schulz", "Koch", "Richter", "Girard"]
    static let cyrillicGiven = ["Алексей", "Анна", "Сергей", "Екатерина", "Андрей", "Наталья", "Михаил", "Елена", "Иван",
                                "Татьяна", "Николай", "Юлия", "Павел", "Ирина", "Владимир", "Светлана", "Артём", "Дарья",
                                "Егор", "Ксения", "Максим", "Вера", "Олег", "Алина", "Роман", "Полина", "Григорий", "Нина",
                                "Фёдор", "Софья"]
    static let cyrillicFamily = ["Кузнецов", "Попова", "Соколов", "Лебедева", "Козлов", "Новикова", "Морозов", "Волкова",
                                 "Алексеев", "Степанова", "Павлов", "Семёнова", "Голубев", "Виноградова", "Богданов",
                                 "Воробьёва", "Фёдоров", "Михайлова", "Беляев", "Тарасова", "Белов", "Комарова", "Орлов",
                                 "Киселёва", "Макаров", "Андреева", "Ковалёв", "Ильина", "Гусев", "Титова"]
    static let japaneseGiven = ["翔太", "陽菜", "蓮", "結衣", "大翔", "美咲", "悠真", "さくら", "湊", "葵", "健太", "愛子",
                                "拓海", "七海", "颯", "彩", "陸", "凛", "直樹", "真由美"]
    static let japaneseFamily = ["鈴木", "高橋", "渡辺", "伊藤", "山本", "中村", "小林", "加藤", "吉田", "山田", "佐々木",
                                 "山口", "松本", "井上", "木村", "林", "清水", "山崎", "森", "池田"]
    static let chineseGiven = ["明", "丽", "强", "敏", "静", "磊", "洋", "艳", "勇", "军", "杰", "娟", "涛", "超", "秀英",
                               "建华", "志强", "晓红", "海燕", "文博"]
    static let chineseFamily = ["张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭", "何",
                                "高", "林", "罗", "郑", "梁"]

    /// The contact at `i`: half Latin names, then Cyrillic, Japanese and Chinese (family name
    /// first, space-separated as the sample user writes them). Past the two-part combinations,
    /// middle names tell contacts apart (a bijective numbering, so every name is new).
    static func contact(_ i: Int) -> String {
        func compose(_ given: [String], _ family: [String], _ j: Int, familyFirst: Bool) -> String {
            let g = given[j % given.count]
            var r = j / given.count
            let f = family[r % family.count]
            r /= family.count
            var middle: [String] = []
            while r > 0 {
                r -= 1
                middle.append(given[(r + 7) % given.count])
                r /= given.count
            }
            return (familyFirst ? [f, g] + middle : [g] + middle + [f]).joined(separator: " ")
        }
        switch i % 10 {
        case 0..<5: return compose(latinGiven, latinFamily, i / 10 * 5 + i % 10, familyFirst: false)
        case 5, 6: return compose(cyrillicGiven, cyrillicFamily, i / 10 * 2 + i % 10 - 5, familyFirst: false)
        case 7, 8: return compose(japaneseGiven, japaneseFamily, i / 10 * 2 + i % 10 - 7, familyFirst: true)
        default: return compose(chineseGiven, chineseFamily, i / 10, familyFirst: true)
        }
    }

    /// The sample user's vocabulary with its contacts first and generated ones after, `total` in all.
    static func user(_ sample: UserVocabulary, contacts total: Int) -> UserVocabulary {
        var v = sample
        var items = sample[.contactName]
        var seen = Set(items.map(\.name))
        var i = 0
        items.reserveCapacity(total)
        while items.count < total {
            let name = contact(i)
            i += 1
            guard seen.insert(name).inserted else { continue }
            items.append(UserVocabulary.Item(name: name, id: "bench-\(i)", pronunciation: nil, rank: items.count))
        }
        v.items[.contactName] = Array(items.prefix(total))
        return v
    }
}
