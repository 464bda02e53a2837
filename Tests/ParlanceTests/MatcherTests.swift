import Foundation
import Testing
import ParlanceText
@testable import Parlance

/// The mission's phrases, with the built-in sample apps and user, in every locale with a pack.
struct MatcherTests {
    static let matcher: Matcher? = {
        guard let data = DataLocation.locate() else { return nil }
        return try? Matcher(catalog: Catalog.loading(.builtIn(data)))
    }()

    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let utterance: String
        let intent: String
        let app: String
        /// Expected parameters, rendered as `PackTestRun.render` renders them.
        let parameters: [String: String]
        var description: String { "\(locale): \(utterance)" }
    }

    static let cases: [Case] = [
        Case(locale: "en-US", utterance: "Book a ride using WenderLoon from Heathrow airport", intent: "INRequestRideIntent",
             app: "com.example.wenderloon", parameters: ["pickupLocation": "Heathrow airport"]),
        Case(locale: "en-US", utterance: "Use Awesome to tell John and Kate I'll be 10 minutes late", intent: "INSendMessageIntent",
             app: "com.example.awesome", parameters: ["recipients": "John Appleseed, Kate Bell", "content": "I'll be 10 minutes late"]),
        Case(locale: "en-US", utterance: "Send Anna twenty euros for lunch with Coinpurse", intent: "INSendPaymentIntent",
             app: "com.example.coinpurse", parameters: ["currencyAmount": "20.0 EUR", "note": "lunch"]),
        Case(locale: "en-US", utterance: "Start a hill repeats workout in Stride", intent: "INStartWorkoutIntent",
             app: "com.example.stride", parameters: ["workoutName": "hill-repeats (hill repeats)"]),
        Case(locale: "en-US", utterance: "Show me popular movies in Flicks", intent: "ShowMoviesIntent",
             app: "com.example.flicks", parameters: ["category": "popular (popular)"]),
        Case(locale: "en-GB", utterance: "book a ride using wender loon from heathrow airport", intent: "INRequestRideIntent",
             app: "com.example.wenderloon", parameters: ["pickupLocation": "heathrow airport"]),
        Case(locale: "de-DE", utterance: "Buch mir mit WenderLoon eine Fahrt vom Flughafen Heathrow", intent: "INRequestRideIntent",
             app: "com.example.wenderloon", parameters: [:]),
        Case(locale: "fr-FR", utterance: "Réserve une course avec WenderLoon depuis l'aéroport d'Heathrow", intent: "INRequestRideIntent",
             app: "com.example.wenderloon", parameters: [:]),
        // The es pack's `person_and` rule joins names with the preposition repeated.
        Case(locale: "es-ES", utterance: "Dile a John y a Kate con Genial que llego diez minutos tarde", intent: "INSendMessageIntent",
             app: "com.example.awesome", parameters: ["recipients": "John Appleseed, Kate Bell", "content": "llego diez minutos tarde"]),
        Case(locale: "fr-FR", utterance: "Envoie un message à Kate et à John avec Pigeon pour dire que j'arrive", intent: "INSendMessageIntent",
             app: "com.example.pigeon", parameters: ["recipients": "Kate Bell, John Appleseed", "content": "j'arrive"]),
        Case(locale: "es-ES", utterance: "Pide un viaje con WenderLoon desde el aeropuerto de Heathrow", intent: "INRequestRideIntent",
             app: "com.example.wenderloon", parameters: [:]),
        Case(locale: "ru-RU", utterance: "Закажи поездку в ВендерЛун из аэропорта Хитроу", intent: "INRequestRideIntent",
             app: "com.example.wenderloon", parameters: [:]),
        Case(locale: "ru-RU", utterance: "скинь Маше пятьсот рублей на такси", intent: "INSendPaymentIntent",
             app: "com.example.coinpurse", parameters: ["payee": "Маша Петрова", "currencyAmount": "500.0 RUB"]),
        Case(locale: "ja-JP", utterance: "ウェンダールーンでヒースロー空港から気球を呼んで", intent: "INRequestRideIntent",
             app: "com.example.wenderloon", parameters: [:]),
        Case(locale: "zh-CN", utterance: "用温德气球从希思罗机场叫一辆车", intent: "INRequestRideIntent",
             app: "com.example.wenderloon", parameters: [:]),
    ]

    @Test(arguments: cases)
    func routes(_ c: Case) throws {
        let m = try #require(Self.matcher)
        let r = try m.match(c.utterance, locale: LocaleID(c.locale))
        let best = try #require(r.interpretations.first)
        #expect(best.intent == c.intent)
        #expect(best.app?.bundleIdentifier == c.app)
        #expect(best.accepted)
        for (name, value) in c.parameters {
            #expect(best.parameters[name]?.value.map(PackTestRun.render) == value, "\(name)")
        }
        #expect(best.score > 0 && best.score <= 1)
    }

    @Test(arguments: [("en-US", "what is the meaning of life"), ("en-US", "asdf qwerty zxcv"), ("de-DE", "Wie spät ist es?"),
                      ("ru-RU", "расскажи анекдот"), ("ja-JP", "今日はいい天気ですね"), ("zh-CN", "你好吗")])
    func acceptsNoChitChat(_ locale: String, _ utterance: String) throws {
        let m = try #require(Self.matcher)
        let r = try m.match(utterance, locale: LocaleID(locale))
        #expect(r.interpretations.allSatisfy { !$0.accepted })
    }

    /// Free text said as "title: text" for an intent that takes both gives the title before the
    /// colon and the text (or the items) after it; a colon between digits ("10:30") splits nothing.
    @Test(arguments: [
        ("en-US", "Make a new list called Party: cake, candles, balloons", "INCreateTaskListIntent", "Party", "cake|candles|balloons"),
        ("en-US", "Create a note Groceries: milk and eggs", "INCreateNoteIntent", "Groceries", "milk and eggs"),
        ("de-DE", "Neue Liste Party: Kuchen, Kerzen, Ballons", "INCreateTaskListIntent", "Party", "Kuchen|Kerzen|Ballons"),
        ("de-DE", "Erstelle eine Notiz Einkauf: Milch und Eier", "INCreateNoteIntent", "Einkauf", "Milch und Eier"),
        ("fr-FR", "Crée une liste appelée Fête : gâteau, bougies, ballons", "INCreateTaskListIntent", "Fête", "gâteau|bougies|ballons"),
        ("es-ES", "Crea una lista llamada Fiesta: tarta, velas, globos", "INCreateTaskListIntent", "Fiesta", "tarta|velas|globos"),
        ("es-ES", "crea una nota llamada Compra: leche y huevos", "INCreateNoteIntent", "Compra", "leche y huevos"),
        ("ru-RU", "Сделай в Блокнотике новый список Вечеринка: торт, свечи, шарики", "INCreateTaskListIntent", "Вечеринка",
         "торт|свечи|шарики"),
        ("ru-RU", "Новая заметка Покупки: молоко и яйца", "INCreateNoteIntent", "Покупки", "молоко и яйца"),
        ("ja-JP", "新しいリストを作って パーティー：ケーキ、ろうそく、風船", "INCreateTaskListIntent", "パーティー", "ケーキ|ろうそく|風船"),
        ("ja-JP", "メモを作って 買い物：牛乳と卵", "INCreateNoteIntent", "買い物", "牛乳と卵"),
        ("zh-CN", "新建一个清单叫派对：蛋糕、蜡烛、气球", "INCreateTaskListIntent", "派对", "蛋糕|蜡烛|气球"),
        ("zh-CN", "新建笔记 购物：牛奶和鸡蛋", "INCreateNoteIntent", "购物", "牛奶和鸡蛋"),
    ])
    func readsATitleBeforeAColon(_ locale: String, _ utterance: String, _ intent: String, _ title: String, _ rest: String) throws {
        let m = try #require(Self.matcher)
        let best = try #require(try m.match(utterance, locale: LocaleID(locale)).interpretations.first)
        #expect(best.intent == intent)
        #expect(best.parameters["title"]?.value.map(PackTestRun.render) == title)
        let tail = intent == "INCreateNoteIntent" ? "content" : "taskTitles"
        let value = try #require(best.parameters[tail]?.value)
        switch value {
        case .texts(let items): #expect(items.joined(separator: "|") == rest)
        default: #expect(PackTestRun.render(value) == rest)
        }
        Self.expectQuoted(best, utterance, names: ["title", tail])
    }

    /// A number said bare where an amount goes is the amount, in the locale's currency and to be
    /// confirmed (a price said as two numbers too: "doce con cincuenta"): free text that holds it
    /// ("12", "25 por la cena") says it less precisely.
    @Test(arguments: [
        ("es-ES", "Paga a Kate 30 con Monedero", "30.0 EUR", nil),
        ("es-ES", "págale a Anna 12 con Monedero", "12.0 EUR", nil),
        ("es-ES", "Págale a Zoe 25 por la cena con Monedero", "25.0 EUR", "la cena"),
        ("en-US", "Pay Kate 30 with Coinpurse", "30.0 USD", nil),
        ("de-DE", "Zahl Kate 30 mit Coinpurse", "30.0 EUR", nil),
        ("ru-RU", "Переведи Маше 300 через Кошелёк", "300.0 RUB", nil),
        // …and a price said as two bare numbers, the second its hundredths.
        ("es-ES", "Págale a Kate doce con cincuenta con Monedero", "12.5 EUR", nil),
        ("en-US", "Pay Kate twelve fifty with Coinpurse", "12.5 USD", nil),
        ("fr-FR", "Paie Kate douze cinquante avec Porte-monnaie", "12.5 EUR", nil),
        ("ru-RU", "Переведи Маше двенадцать пятьдесят через Кошелёк", "12.5 RUB", nil),
    ] as [(String, String, String, String?)])
    func readsABareNumberAsTheAmount(_ locale: String, _ utterance: String, _ amount: String, _ note: String?) throws {
        let best = try Self.best(utterance, locale)
        #expect(best.intent == "INSendPaymentIntent")
        #expect(best.accepted)
        #expect(best.parameters["currencyAmount"]?.value.map(PackTestRun.render) == amount)
        #expect(best.parameters["currencyAmount"]?.resolution == .confirmationRequired)
        #expect(best.parameters["note"]?.text == note)
    }

    /// A message that mentions a number scores as it would without it: a payment reading that
    /// takes other words of it for the payer, and is not accepted, says nothing about the number.
    @Test func leavesAMessageWithANumberAlone() throws {
        let withNumber = try Self.best("dile a Kate con Genial que me debe 30", "es-ES")
        let withWord = try Self.best("dile a Kate con Genial que me debe dinero", "es-ES")
        #expect(withNumber.intent == "INSendMessageIntent")
        #expect(withNumber.score == withWord.score)
    }

    /// People nobody's contacts know, said up to a colon, are who a text is for and what follows
    /// the colon is the text; a text's words are quoted without the colon or the spaces before
    /// them, and a Spanish question keeps both its marks.
    @Test(arguments: [
        ("en-US", "Send a message to the team: running late", "the team", "running late"),
        ("en-US", "Text my study group: meeting moved to noon", "my study group", "meeting moved to noon"),
        ("es-ES", "Pon un mensaje en Genial a la familia: ¿quién trae el postre?", "la familia", "¿quién trae el postre?"),
        ("es-ES", "Manda un mensaje a mis compañeros de piso: hoy ceno fuera", "mis compañeros de piso", "hoy ceno fuera"),
        ("en-US", "Text Anna: see you at 10:30", "Anna", "see you at 10:30"),
        ("ja-JP", "家族にメッセージ：デザートは誰が持ってくる？", "家族", "デザートは誰が持ってくる"),
        ("zh-CN", "给家人发消息：谁带甜点？", "家人", "谁带甜点"),
        ("es-ES", "Dile a Ana que ¡enhorabuena!", "Ana", "¡enhorabuena!"),
        // …or up to an opening quotation mark, the text being what the marks enclose.
        ("es-ES", "Paloma, manda a Li Wei \"la reunión pasa al viernes\"", "Li Wei", "la reunión pasa al viernes"),
        ("en-US", "Text the team \u{201C}running late\u{201D}", "the team", "running late"),
        ("es-ES", "Paloma, manda a Li Wei \"ojo: la reunión pasa al viernes\"", "Li Wei", "ojo: la reunión pasa al viernes"),
    ])
    func readsWhoATextIsForBeforeAColon(_ locale: String, _ utterance: String, _ people: String, _ text: String) throws {
        let best = try Self.best(utterance, locale)
        #expect(best.intent == "INSendMessageIntent")
        #expect(best.parameters["recipients"]?.text == people)
        #expect(best.parameters["content"]?.text == text)
        Self.expectQuoted(best, utterance, names: ["recipients", "content"])
    }

    /// An opening quotation mark splits who a text is for from the text only after a space and
    /// when a mark closes it before a space, punctuation or the end.
    @Test(arguments: [
        ("Li Wei \"hola\"", 6, 7),
        ("Li Wei «hola», ya", 6, 7),
        ("Kimo 'Iolani running late", nil, nil),
        ("O'Sullivan 'ok'", 10, 11),
        ("\"", nil, nil),
        ("a \"", nil, nil),
        ("a \"\"", nil, nil),
        ("", nil, nil),
    ] as [(String, Int?, Int?)])
    func findsAnOpeningQuotationMark(_ text: String, _ headEnd: Int?, _ tailStart: Int?) {
        let got = Interpreter.beforeQuote(text)
        #expect(got?.headEnd == headEnd)
        #expect(got?.tailStart == tailStart)
    }

    /// A slot that begins or ends inside a number cuts it: "2|000円", "1万|5千円", "二|千円";
    /// not "300|千卡" (a unit after the number) nor a number's own edges.
    @Test(arguments: [
        ("に2000円", 2, 4, true),
        ("に2000円", 1, 6, false),
        ("1万5千円", 0, 2, true),
        ("二千円", 1, 3, true),
        ("300千卡", 0, 3, false),
        ("３０００円", 1, 5, true),
        ("", 0, 0, false),
    ])
    func findsASlotThatCutsANumber(_ text: String, _ lower: Int, _ upper: Int, _ cuts: Bool) {
        #expect(Interpreter.cutsANumber(lower..<upper, in: Array(text.utf16)) == cuts)
    }

    /// A slot's parameter is its name up to the first `__` (`recipients__2` → `recipients`).
    @Test(arguments: [
        ("recipients", "recipients"), ("recipients__2", "recipients"), ("recipients__any", "recipients"),
        ("a__b__c", "a"), ("payee_name", "payee_name"), ("_x", "_x"), ("x_", "x_"), ("__x", ""), ("", ""),
        ("größe__2", "größe"), ("名前__3", "名前"),
    ])
    func namesTheParameterOfASlot(_ slot: String, _ base: String) {
        #expect(Interpreter.baseName(slot) == base)
    }

    /// A text said in quotation marks is the words inside them, in each locale's marks.
    @Test(arguments: [
        ("en-US", "Send Kate a message saying \"running late\" with Awesome", "running late"),
        ("es-ES", "dile a Kate por Genial «llego tarde»", "llego tarde"),
        ("de-DE", "Schreib Anna mit Awesome \u{201E}bin gleich da\u{201C}", "bin gleich da"),
        ("fr-FR", "Envoie à Anna avec Awesome « j'arrive »", "j'arrive"),
        ("ru-RU", "Напиши Маше в Awesome «буду через час»", "буду через час"),
        ("es-ES", "dile a Kate por Genial que \"ya voy\" no es verdad", "\"ya voy\" no es verdad"),
        ("es-ES", "dile a Kate por Genial «sí» o «no»", "«sí» o «no»"),
    ])
    func quotesATextWithoutItsMarks(_ locale: String, _ utterance: String, _ text: String) throws {
        let best = try Self.best(utterance, locale)
        #expect(best.intent == "INSendMessageIntent")
        #expect(best.parameters["content"]?.text == text)
        Self.expectQuoted(best, utterance, names: ["content"])
    }

    /// A clock time written with a colon ("21:30") is read as the date it belongs to, not left
    /// to the restaurant's free text; the date quotes it as written.
    @Test(arguments: [
        ("en-US", "Book a table at State Bird tomorrow at 7:30 pm for two", "State Bird", "tomorrow at 7:30 pm"),
        ("de-DE", "Reserviere einen Tisch im Lokal Borchardt morgen um 19:30 für zwei", "Lokal Borchardt", "morgen um 19:30"),
        ("fr-FR", "Réserve une table chez Septime demain à 19:30 pour deux", "Septime", "demain à 19:30"),
        ("es-ES", "Reserva mesa en Botín mañana a las 21:30 para dos", "Botín", "mañana a las 21:30"),
        ("ru-RU", "Забронируй столик в Белуге завтра в 19:30 на двоих", "Белуге", "завтра в 19:30"),
        ("ja-JP", "明日19:30に叙々苑で2名予約して", "叙々苑", "明日19:30"),
        ("zh-CN", "明天19:30在海底捞订两个人的位子", "海底捞", "明天19:30"),
    ])
    func readsAClockTime(_ locale: String, _ utterance: String, _ restaurant: String, _ date: String) throws {
        let m = try #require(Self.matcher)
        let best = try #require(try m.match(utterance, locale: LocaleID(locale)).interpretations.first)
        #expect(best.intent == "INBookRestaurantReservationIntent")
        #expect(best.parameters["restaurant"]?.text == restaurant)
        #expect(best.parameters["bookingDateComponents"]?.text == date)
    }

    @Test func keepsTimesWhole() throws {
        let m = try #require(Self.matcher)
        let best = try #require(try m.match("Create a note Meeting at 10:30 with Anna", locale: LocaleID("en-US")).interpretations.first)
        #expect(best.parameters["title"] == nil || best.parameters["title"]?.value == nil)
        #expect(best.parameters["content"]?.value.map(PackTestRun.render)?.contains("10:30") == true)
    }

    /// What is said around the command is not part of it: a remark after it, behind a comma and
    /// one of the pack's `afterthoughts`, and thinking aloud before a pause (an ellipsis). The
    /// command alone is read, with ranges into the utterance as said.
    @Test(arguments: [
        ("es-ES", "Cancela el entrenamiento de Zancada, que me he lesionado", "INCancelWorkoutIntent", "com.example.stride"),
        ("en-US", "Cancel my workout in Stride, because my knee hurts", "INCancelWorkoutIntent", "com.example.stride"),
        ("de-DE", "Brich das Training in Schritt ab, weil mir das Knie wehtut", "INCancelWorkoutIntent", "com.example.stride"),
        ("fr-FR", "Annule ma séance sur Foulée, parce que j'ai mal au genou", "INCancelWorkoutIntent", "com.example.stride"),
        ("ru-RU", "Отмени тренировку в Шаге, потому что болит колено", "INCancelWorkoutIntent", "com.example.stride"),
        ("ja-JP", "ストライドでワークアウトをキャンセルして、だって膝が痛い", "INCancelWorkoutIntent", "com.example.stride"),
        ("zh-CN", "帮我用步伐取消锻炼，因为膝盖疼", "INCancelWorkoutIntent", "com.example.stride"),
        ("en-US", "Hmm, let me think… send Kate a message on Pigeon saying I'm late", "INSendMessageIntent", "com.example.pigeon"),
        ("de-DE", "Moment, was wollte ich… schreib Kate über Brieftaube, dass ich später komme", "INSendMessageIntent",
         "com.example.pigeon"),
        ("fr-FR", "Attends, voyons voir… envoie un message à Kate sur Pigeon pour dire que j'arrive", "INSendMessageIntent",
         "com.example.pigeon"),
        ("es-ES", "Es que siempre se me olvida… añade sacar la basura a la lista Groceries de Libreta", "INAddTasksIntent",
         "com.example.jotter"),
        ("ru-RU", "Так, подожди... напиши Маше в Голубе что я опоздаю", "INSendMessageIntent", "com.example.pigeon"),
        ("ja-JP", "ええと……ストライドでワークアウトを一時停止して", "INPauseWorkoutIntent", "com.example.stride"),
        ("zh-CN", "嗯……用步伐暂停锻炼", "INPauseWorkoutIntent", "com.example.stride"),
    ])
    func readsTheCommandWithoutWhatIsSaidAroundIt(_ locale: String, _ utterance: String, _ intent: String, _ app: String) throws {
        try Self.expectAccepted(utterance, locale, intent: intent, app: app)
    }

    @Test(arguments: [
        ("A ver… llama a Kate", String(repeating: " ", count: 7) + "llama a Kate"),
        ("Hmm... text Kate", String(repeating: " ", count: 7) + "text Kate"),
        ("Dile a Kate que…", nil),
        ("Sin pausa", nil),
    ] as [(String, String?)])
    func blanksWhatIsSaidBeforeAPause(_ text: String, _ after: String?) {
        let got = Matcher.afterHesitation(text)
        #expect(got == after)
        if let got { #expect(got.utf16.count == text.utf16.count) }
    }

    /// Where a remark begins: after the first comma an opener follows as a whole word (or, in
    /// an unspaced script, at the start); the rest of the utterance is kept as said.
    @Test(arguments: [
        ("Espera, pon en pausa el entreno, que me tengo que atar las zapatillas", false, "Espera, pon en pausa el entreno"),
        ("Pide un taxi, quedamos abajo", false, nil),
        ("Pide un taxi que llueve", false, nil),
        (", que llueve", false, nil),
        ("Pide un taxi, porque llueve", false, "Pide un taxi"),
        ("Pide un taxi, Porque llueve", false, "Pide un taxi"),
        // After a pause made spaces, the spaces stay: ranges point into the utterance.
        ("   Pide un taxi , porque llueve", false, "   Pide un taxi"),
        ("叫辆车，因为下雨了", true, "叫辆车"),
        ("叫辆车、因为下雨了", true, "叫辆车"),
        ("叫辆车，因为下雨了", false, nil),
    ] as [(String, Bool, String?)])
    func findsWhereARemarkBegins(_ text: String, _ unspaced: Bool, _ head: String?) throws {
        let key: (String) -> String = { $0.lowercased() }
        #expect(Matcher.beforeAfterthought(text, openers: ["que", "porque", "因为"], unspaced: unspaced, key: key) == head)
        #expect(Matcher.beforeAfterthought(text, openers: [], unspaced: unspaced, key: key) == nil)
    }

    /// Only the words that may open a remark are keyed: one that starts with an ASCII letter no
    /// opener starts with is passed over, and a text without a comma costs no key at all.
    @Test func keysOnlyWordsThatMayOpenARemark() {
        var keyed: [String] = []
        let key: (String) -> String = { keyed.append($0); return $0.lowercased() }
        let text = "Pide un taxi, mañana, luego, ¿porque? no, Porque llueve"
        #expect(Matcher.beforeAfterthought(text, openers: ["que", "porque"], unspaced: false, key: key) == "Pide un taxi, mañana, luego, ¿porque? no")
        #expect(keyed.map { String($0.prefix(7)) } == ["¿porque", "Porque "])
        keyed = []
        #expect(Matcher.beforeAfterthought("Pide un taxi que llueve", openers: ["que"], unspaced: false, key: key) == nil)
        #expect(keyed.isEmpty)
    }

    /// Dictated without a comma, a remark is found after a space, but never at the first word.
    @Test(arguments: [
        ("zancada pausa el entreno que estoy reventao", "zancada pausa el entreno"),
        ("Pide un taxi, porque llueve", "Pide un taxi"),
        ("Pide un taxi porque llueve que no veas", "Pide un taxi"),
        ("que llueve", nil),
        ("  que llueve", nil),
        ("Pide un taxi", nil),
        ("Pide un taxi quedamos abajo", nil),
    ] as [(String, String?)])
    func findsARemarkDictatedWithoutAComma(_ text: String, _ head: String?) {
        let got = Matcher.beforeAfterthought(text, openers: ["que", "porque"], unspaced: false, key: { $0.lowercased() }, unmarked: true)
        #expect(got == head)
    }

    /// Read in full, a request with a remark dictated without a comma is the request alone; one
    /// whose words make sense with the "que" (a message's text) keeps it.
    @Test(arguments: [
        ("zancada pausa el entreno que estoy reventao", "INPauseWorkoutIntent", "com.example.stride", nil as String?),
        ("dile a Kate por Genial que llego tarde", "INSendMessageIntent", "com.example.awesome", "llego tarde"),
    ])
    func readsTheRequestBeforeAnUnmarkedRemark(_ utterance: String, _ intent: String, _ app: String, _ content: String?) throws {
        try Self.expectAccepted(utterance, "es-ES", intent: intent, app: app)
        if let content { #expect(try Self.best(utterance, "es-ES").parameters["content"]?.text == content) }
    }

    /// A request that names an app that is not installed (a pack's `other_apps`) is given to no
    /// other app: the best reading names it and is `unsupported`, and none is accepted. The same
    /// sentence naming an installed app is accepted (`installed`).
    @Test(arguments: [
        ("en-US", "Send Kate a message on WhatsApp saying I'm late", "WhatsApp", "Send Kate a message on Pigeon saying I'm late"),
        ("en-US", "Play some Nina Simone on Spotify", "Spotify", nil),
        ("de-DE", "Schreib Anna über WhatsApp, dass ich später komme", "WhatsApp", "Schreib Anna über Brieftaube, dass ich später komme"),
        ("fr-FR", "Envoie un message à Kate sur WhatsApp pour dire que j'arrive", "WhatsApp",
         "Envoie un message à Kate sur Pigeon pour dire que j'arrive"),
        ("es-ES", "Manda un mensaje a Kate por Guasap diciendo que llego tarde", "WhatsApp",
         "Manda un mensaje a Kate por Paloma diciendo que llego tarde"),
        ("ru-RU", "Отправь Маше в Телеграме привет", "Telegram", "Отправь Маше в Голубе привет"),
        ("ru-RU", "Напиши Маше в Вотсапе что я опоздаю", "WhatsApp", "Напиши Маше в Голубе что я опоздаю"),
        ("ja-JP", "Uberで渋谷まで", "Uber", "ウェンダールーンで渋谷まで"),
        ("zh-CN", "用微信给约翰发消息说我到了", "WeChat", "用信鸽给约翰发消息说我到了"),
    ] as [(String, String, String, String?)])
    func givesNoOtherAppARequestForOneNotInstalled(_ locale: String, _ utterance: String, _ named: String, _ installed: String?) throws {
        let m = try #require(Self.matcher)
        let r = try m.match(utterance, locale: LocaleID(locale))
        let best = try #require(r.interpretations.first)
        #expect(best.notInstalledApp == named)
        #expect(best.resolution == .unsupported)
        #expect(best.app == nil)
        #expect(r.interpretations.allSatisfy { !$0.accepted })
        if let installed {
            let other = try #require(try m.match(installed, locale: LocaleID(locale)).interpretations.first)
            #expect(other.accepted)
            #expect(other.notInstalledApp == nil)
        }
    }

    /// An installed app named beside a missing one mentioned ("a WhatsApp message with
    /// Pigeon", "用信鸽…发微信") is the app: its reading comes first and is accepted.
    @Test(arguments: [("en-US", "Send Kate a WhatsApp message with Pigeon saying hi", "com.example.pigeon"),
                      ("zh-CN", "用信鸽给约翰发微信说我到了", "com.example.pigeon")])
    func prefersAnInstalledAppNamedToAMissingOneMentioned(_ locale: String, _ utterance: String, _ app: String) throws {
        let m = try #require(Self.matcher)
        let best = try #require(try m.match(utterance, locale: LocaleID(locale)).interpretations.first)
        #expect(best.app?.bundleIdentifier == app)
        #expect(best.notInstalledApp == nil)
        #expect(best.resolution != .unsupported)
    }

    /// An app of `other_apps` that is installed is that app, not a missing one.
    @Test func readsAnInstalledAppOfTheOtherAppsAsItself() throws {
        let data = try #require(DataLocation.locate())
        let builtIn = try Catalog.loading(.builtIn(data))
        let app = try AppFixture("com.example.whatsapp", displayName: "WhatsApp").lproj("en", ["CFBundleDisplayName": "WhatsApp"])
            .intentPhrases("en", intent: "INSendMessageIntent", "Send a message with WhatsApp").build()
        let m = try Matcher(catalog: Catalog(schemas: builtIn.schemas, apps: AppCatalog([app]), localePacks: builtIn.localePacks))
        let best = try #require(try m.match("Send Kate a message on WhatsApp saying I'm late", locale: LocaleID("en-US")).interpretations.first)
        #expect(best.app?.bundleIdentifier == "com.example.whatsapp")
        #expect(best.notInstalledApp == nil)
    }

    @Test func infersTheOnlyAppThatSupportsAnIntent() throws {
        let m = try #require(Self.matcher)
        let best = try #require(try m.match("Book a ride from Heathrow airport", locale: LocaleID("en-US")).interpretations.first)
        #expect(best.app?.bundleIdentifier == "com.example.wenderloon")
        #expect(best.app?.source == "inferred")
        #expect(best.app?.range == nil)
    }

    @Test func asksWhichAppWhenSeveralSupportTheIntent() throws {
        let m = try #require(Self.matcher)
        let best = try #require(try m.match("text Kate that I'm on my way", locale: LocaleID("en-US")).interpretations.first)
        #expect(best.app == nil)
        #expect(best.resolution == .disambiguation)
        #expect(Set(best.appCandidates?.map(\.bundleIdentifier) ?? []) == ["com.example.awesome", "com.example.pigeon"])
    }

    /// An app that gives IntentPhrases (or parameter vocabulary) for an intent handles it, even
    /// when no Info.plist lists it (Pedometer++ ships its strings without one).
    @Test(arguments: [true, false])
    func appsHandleTheIntentsTheirVocabularyNames(_ phrases: Bool) throws {
        let data = try #require(DataLocation.locate())
        let builtIn = try Catalog.loading(.builtIn(data))
        var app = AppFixture("com.example.pedometer", displayName: "Pedometer").lproj("en", ["CFBundleDisplayName": "Pedometer"])
        if phrases { app = app.intentPhrases("en", intent: "INStartWorkoutIntent", "Start an outdoor walk with Pedometer") }
        let m = try Matcher(catalog: Catalog(schemas: builtIn.schemas, apps: AppCatalog([try app.build()]), localePacks: builtIn.localePacks))
        let best = try #require(try m.match("Start an outdoor walk with Pedometer", locale: LocaleID("en-US")).interpretations.first)
        #expect(best.intent == "INStartWorkoutIntent")
        #expect(best.app?.bundleIdentifier == "com.example.pedometer")
        #expect(best.accepted == phrases, "\(best.resolution)")
    }

    @Test func findsAnAppWithoutALocalNameByItsOtherNames() throws {
        // Awesome is localized into Russian without a Russian display name.
        let m = try #require(Self.matcher)
        let best = try #require(try m.match("напиши Маше в Awesome что я опоздаю", locale: LocaleID("ru-RU")).interpretations.first)
        #expect(best.app?.bundleIdentifier == "com.example.awesome")
        #expect(best.intent == "INSendMessageIntent")
    }

    @Test func rejectsWhatItCannotServe() throws {
        let m = try #require(Self.matcher)
        #expect(throws: Matcher.MatchError.self) { try m.match("hola", locale: LocaleID("zh-TW")) }
        let long = String(repeating: "a ", count: Matcher.maxUtteranceLength)
        #expect(throws: Matcher.MatchError.utteranceTooLong(long.utf16.count)) { try m.match(long, locale: LocaleID("en-US")) }
    }

    @Test func neverCrashesOnHostileInput() throws {
        let m = try #require(Self.matcher)
        let inputs = ["", " ", "\u{0}\u{1}", "\u{202E}ekib a kooB", String(repeating: "\u{301}", count: 1000),
                      String(decoding: [0xD800, 0x41] as [UInt16], as: UTF16.self), "💥💥💥", "{app} [x] (y|z) <r>"]
        for l in ["en-US", "ja-JP", "ru-RU"] {
            for s in inputs { _ = try m.match(s, locale: LocaleID(l)) }
        }
    }

    @Test func answersTheSameFromManyThreads() async throws {
        let m = try #require(Self.matcher)
        let locale = try LocaleID("en-US")
        let expected = try m.match("Show me popular movies in Flicks", locale: locale).interpretations.first?.intent
        let results = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<16 {
                group.addTask { try? m.match("Show me popular movies in Flicks", locale: locale).interpretations.first?.intent }
            }
            var out: [String?] = []
            for await r in group { out.append(r) }
            return out
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func encodesTheOutputContract() throws {
        let m = try #require(Self.matcher)
        let r = try m.match("Book a ride using WenderLoon from Heathrow airport", locale: LocaleID("en-US"))
        let data = try JSONEncoder().encode(r)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["locale"] as? String == "en-US")
        let first = try #require((json["interpretations"] as? [[String: Any]])?.first)
        let app = try #require(first["app"] as? [String: Any])
        #expect(app["bundleIdentifier"] as? String == "com.example.wenderloon")
        #expect(app["range"] as? [Int] == [18, 28])
        #expect(first["intent"] as? String == "INRequestRideIntent")
        #expect(first["domain"] as? String == "rideBooking")
        #expect(first["accepted"] as? Bool == true)
        let pickup = try #require((first["parameters"] as? [String: Any])?["pickupLocation"] as? [String: Any])
        #expect(pickup["value"] as? String == "Heathrow airport")
        #expect(pickup["range"] as? [Int] == [34, 50])
        #expect(pickup["match"] as? String == "wildcard")
        #expect(pickup["resolution"] as? String == "success")
    }
}

/// Every locale pack's own tests pass, every one: a failing phrase names itself.
struct LocalePackTests {
    static let locales = ["de-DE", "en-US", "es-ES", "fr-FR", "ja-JP", "ru-RU", "zh-CN"]

    @Test(arguments: locales)
    func passesItsTests(_ locale: String) throws {
        let m = try #require(MatcherTests.matcher)
        let run = try PackTestRun.run(m, locale: LocaleID(locale))
        #expect(run.total >= 60, "a pack needs at least 60 test phrases")
        for o in run.outcomes where !o.passed {
            Issue.record("\(o.file):\(o.line): \"\(o.sentence)\": \(o.problems.joined(separator: "; "))")
        }
        #expect(run.passed == run.total, "\(locale): \(run.passed)/\(run.total)")
    }
}

extension MatcherTests {
    /// The best reading of `utterance` with the built-in apps, user and packs.
    static func best(_ utterance: String, _ locale: String) throws -> Interpretation {
        let m = try #require(matcher)
        return try #require(try m.match(utterance, locale: LocaleID(locale)).interpretations.first)
    }

    /// The best reading is `intent` for `app`, accepted, and each parameter's range quotes the
    /// utterance as said (whatever the utterance was read as).
    static func expectAccepted(_ utterance: String, _ locale: String, intent: String, app: String,
                               sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let best = try best(utterance, locale)
        #expect(best.intent == intent, sourceLocation: sourceLocation)
        #expect(best.app?.bundleIdentifier == app, sourceLocation: sourceLocation)
        #expect(best.accepted, sourceLocation: sourceLocation)
        expectQuoted(best, utterance, sourceLocation: sourceLocation)
    }

    /// Each parameter's range quotes the utterance as said: those in `names` must have a range
    /// and a text; without `names`, every parameter that has both is checked.
    static func expectQuoted(_ best: Interpretation, _ utterance: String, names: [String]? = nil,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let units = Array(utterance.utf16)
        for name in names ?? Array(best.parameters.keys) {
            let p = best.parameters[name]
            guard let r = p?.range, let text = p?.text, r.count == 2 else {
                if names != nil { Issue.record("\(name) has no range and text", sourceLocation: sourceLocation) }
                continue
            }
            #expect(UTF16Fast.string(units[r[0]..<r[1]]) == text, sourceLocation: sourceLocation)
        }
    }
}

extension MatcherTests {
    /// A pack list marked `output: false` is read but not handed on: the sender said in "mark
    /// Masha's last message as read" picks out the message, and `INSetMessageAttributeIntent`
    /// has no parameter for it.
    @Test(arguments: [("ru-RU", "Отметь последнее сообщение от Маши в Awesome как прочитанное"),
                      ("ja-JP", "すごいで佐藤さんの最後のメッセージを未読にして")])
    func readsWordsTheIntentHasNoParameterFor(_ c: (locale: String, utterance: String)) throws {
        let best = try Self.best(c.utterance, c.locale)
        #expect(best.intent == "INSetMessageAttributeIntent")
        #expect(best.accepted)
        #expect(Set(best.parameters.keys) == ["attribute"])
    }
}

extension MatcherTests {
    /// A slot never starts or ends inside a word in a spaced script: the inflected app name
    /// wins over its written form followed by the rest of the word, and "la" is not "l" + "a".
    @Test(arguments: [
        ("ru-RU", "Создай заметку в Блокнотике: купить подарок маме", "content", "купить подарок маме"),
        ("ru-RU", "Включи в Киновечере Иронию судьбы", "mediaItems", "Иронию судьбы"),
        ("es-ES", "Pide un taxi con WenderLoon desde la estación", "pickupLocation", "la estación"),
    ])
    func keepsWordsWhole(_ c: (locale: String, utterance: String, parameter: String, text: String)) throws {
        let best = try Self.best(c.utterance, c.locale)
        #expect(best.accepted)
        #expect(best.parameters[c.parameter]?.text == c.text)
    }
}

extension MatcherTests {
    /// A parameter's range and text cover what was said: a decomposed accent inside it and an
    /// emoji (two UTF-16 units) at its end.
    @Test(arguments: ["café at eight", "cafe\u{301} at eight", "see you 👋", "Gru\u{308}ße 👋🏽"])
    func quotesTheWordsAsSaid(_ content: String) throws {
        let utterance = "Tell John with Awesome: " + content
        let best = try Self.best(utterance, "en-US")
        #expect(best.parameters["content"]?.text == content)
        let range = try #require(best.parameters["content"]?.range)
        #expect(range == [utterance.utf16.count - content.utf16.count, utterance.utf16.count])
    }
}

extension MatcherTests {
    /// An installed app named for what it cannot do: no reading that takes its name into free
    /// text (the list's title, a task) is accepted in its place.
    @Test(arguments: [("es-ES", "Haz una lista de regalos con Paloma"), ("de-DE", "Erstell eine Liste Geschenke mit Brieftaube"),
                      ("fr-FR", "Crée une liste cadeaux avec Pigeon"), ("en-US", "create a list called gifts with Pigeon")])
    func takesNoAppItNamesForText(_ locale: String, _ utterance: String) throws {
        let m = try #require(Self.matcher)
        let all = try m.match(utterance, locale: LocaleID(locale), top: 10).interpretations
        #expect(!all.contains { $0.accepted }, "\(all.map { "\($0.intent) \($0.app?.bundleIdentifier ?? "-") \($0.accepted)" })")
        // The same request to an app that can make lists is accepted.
        let jotter = utterance.replacingOccurrences(of: "Paloma", with: "Libreta").replacingOccurrences(of: "Brieftaube", with: "Notizheft")
            .replacingOccurrences(of: "Pigeon", with: locale == "fr-FR" ? "Carnet" : "Jotter")
        #expect(try Self.best(jotter, locale).accepted)
    }
}
