import Testing
@testable import Parlance

/// The time figures every test report prints: nearest-rank percentiles over the sorted times.
struct TimeSummaryTests {
    @Test func summarizesTimesInAnyOrder() {
        let t = TimeSummary((1...100).map(Double.init).reversed())
        #expect(t.mean == 50.5)
        #expect(t.median == 51)
        #expect(t.p99 == 99)
    }

    @Test func isZeroWithoutTimes() {
        #expect(TimeSummary([]) == TimeSummary([]))
        #expect(TimeSummary([]).p99 == 0 && TimeSummary([]).mean == 0)
        #expect(TimeSummary([7]).median == 7)
    }
}
