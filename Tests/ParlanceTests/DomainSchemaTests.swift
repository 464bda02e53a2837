import Testing
@testable import Parlance

struct DomainSchemaTests {
    static let required: [(String, String)] = [
        ("INSendMessageIntent", "messaging"), ("INSearchForMessagesIntent", "messaging"),
        ("INSetMessageAttributeIntent", "messaging"), ("INStartCallIntent", "calls"),
        ("INSendPaymentIntent", "payments"), ("INRequestPaymentIntent", "payments"),
        ("INRequestRideIntent", "rideBooking"), ("INGetRideStatusIntent", "rideBooking"),
        ("INListRideOptionsIntent", "rideBooking"), ("INStartWorkoutIntent", "workouts"),
        ("INPauseWorkoutIntent", "workouts"), ("INResumeWorkoutIntent", "workouts"), ("INEndWorkoutIntent", "workouts"),
        ("INCancelWorkoutIntent", "workouts"), ("INCreateNoteIntent", "listsAndNotes"), ("INAddTasksIntent", "listsAndNotes"),
        ("INCreateTaskListIntent", "listsAndNotes"), ("INSearchForNotebookItemsIntent", "listsAndNotes"),
        ("INPlayMediaIntent", "media"), ("INAddMediaIntent", "media"), ("INSearchForPhotosIntent", "photos"),
        ("INBookRestaurantReservationIntent", "restaurantReservations"),
    ]

    @Test(arguments: required)
    func everySiriKitIntentIsDefined(_ name: String, _ domain: String) throws {
        let intent = try #require(TestData.schemas.intent(name))
        #expect(intent.domain == domain)
    }

    @Test func parametersCarrySDKTypes() throws {
        let send = try #require(TestData.schemas.intent("INSendMessageIntent"))
        let recipients = try #require(send.parameter("recipients"))
        #expect(recipients.type == "INPerson" && recipients.isArray && recipients.isResolvable && !recipients.isRequired)
        let attribute = try #require(TestData.schemas.intent("INSetMessageAttributeIntent")?.parameter("attribute"))
        #expect(attribute.enumCases == ["unknown", "read", "unread", "flagged", "unflagged", "played"])
        let party = try #require(TestData.schemas.intent("INBookRestaurantReservationIntent")?.parameter("partySize"))
        #expect(party.type == "Int" && party.isRequired)
        #expect(TestData.schemas.intent("INGetRideStatusIntent")?.parameters.isEmpty == true)
        #expect(TestData.schemas.intent("INSearchForPhotosIntent")?.deprecated == "iOS 15")
    }

    static let broken: [BrokenInput] = [
        BrokenInput(name: "unknown type", text: "domain: d\nintents:\n  INFooIntent:\n    who: {type: INPersn}\n",
                    position: "4:17", message: "did you mean 'INPerson'?"),
        BrokenInput(name: "unknown key", text: "domain: d\nintents:\n  INFooIntent:\n    who: {type: INPerson, aray: true}\n",
                    position: "4:27", message: "did you mean 'array'?"),
        BrokenInput(name: "not an intent name", text: "domain: d\nintents:\n  SendMessage:\n", position: "3:3",
                    message: "not a SiriKit intent name"),
        BrokenInput(name: "duplicate parameter", text: "domain: d\nintents:\n  INFooIntent:\n    a: {type: String}\n    a: {type: Int}\n",
                    position: "5:5", message: "duplicate key 'a'"),
        BrokenInput(name: "bad YAML", text: "domain: d\nintents:\n  INFooIntent:\n    a: {type: String\n", position: "5:1",
                    message: "did not find expected"),
        BrokenInput(name: "flag not boolean", text: "domain: d\nintents:\n  INFooIntent:\n    a: {type: String, array: sure}\n",
                    position: "4:30", message: "'array' must be true or false"),
        BrokenInput(name: "missing intents", text: "domain: d\n", position: "1:1", message: "has no 'intents'"),
    ]

    @Test(arguments: broken)
    func malformedSchemasAreLocated(_ c: BrokenInput) {
        c.expectFailure { _ = try DomainSchema.parse($0, file: "d.yaml") }
    }

    @Test func intentsAreDefinedOnce() throws {
        let dir = TempFolder()
        dir.write("a.yaml", "domain: a\nintents:\n  INFooIntent:\n")
        dir.write("b.yaml", "domain: b\nintents:\n  INFooIntent:\n")
        let e = expectLocatedError { _ = try DomainSchemaSet.load(folder: dir.path) }
        #expect(e?.message.contains("already defined in \(dir.path)/a.yaml") == true)
    }
}
