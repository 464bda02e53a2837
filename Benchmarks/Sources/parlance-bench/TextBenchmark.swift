import ParlanceText

/// Normalizing and tokenizing realistic utterances per locale, and building number tables.
enum TextBenchmark: BenchmarkSuite {
    static let name = "text"

    static let utterances: [String: [String]] = [
        "en": ["Book a ride using WenderLoon from Heathrow", "Send Anna twenty dollars for lunch please",
               "Tell John and Kate I'll be 10 minutes late", "Start a hill repeats workout in Fitness"],
        "de": ["Schick Anna eine Nachricht mit Schrittzähler", "Überweise Ben zwanzig Euro für das Essen",
               "Starte ein Lauftraining über fünf Kilometer", "Buch mir eine Fahrt zum Flughafen Köln"],
        "ru": ["Напиши Маше и Диме, что я опоздаю на час", "Переведи Анне пятьсот рублей за обед",
               "Закажи такси до аэропорта Шереметьево", "Начни тренировку с Шагомером сейчас"],
        "ja": ["ウェンダールーンで羽田空港までタクシーを呼んで", "田中さんと佐藤さんに十分遅れると伝えて",
               "アンナに五千円送金して、ランチ代です", "ペドメーターでウォーキングを開始して"],
        "zh": ["用WenderLoon叫一辆车去首都机场", "告诉田中和佐藤我会晚到十分钟",
               "给安娜转两百块钱作为午饭钱", "在计步器里开始一次户外步行锻炼"],
    ]

    static func run(into report: inout BenchmarkReport) throws {
        for (lang, texts) in utterances.sorted(by: { $0.key < $1.key }) {
            let locale = try LocaleID(lang)
            var analyzer: TextAnalyzer?
            let build = try Measure.once { analyzer = try TextAnalyzer(locale: locale) }
            let a = analyzer!
            let profile = a.profile
            let tok = Measure.perCall(texts, rounds: 200) { _ = profile.tokenize($0) }
            let full = Measure.perCall(texts, rounds: 200) { _ = a.analyze($0) }
            let avgLen = Double(texts.map { $0.count }.reduce(0, +)) / Double(texts.count)
            report.add(name, "tokenize+keys \(lang)", Measure.summary(tok).merging(["chars": avgLen]) { a, _ in a })
            report.add(name, "analyze (numbers, amounts) \(lang)", Measure.summary(full))
            report.add(name, "build tables \(lang)", ["ms": build / 1000, "numberKeys": Double(a.numbers.tableSize)])
        }
    }
}
