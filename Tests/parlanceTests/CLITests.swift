import Testing
@testable import parlance

struct CLITests {
    @Test func unknownCommandsSuggestTheNearestOne() {
        let console = Console.capturing()
        #expect(Parlance.main(["normalise"], console: console) == .usage)
        #expect(console.capturedErrors.contains("did you mean 'normalize'?"))
    }
}
