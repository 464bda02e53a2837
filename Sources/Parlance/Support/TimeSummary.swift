/// Mean, median and 99th percentile of a set of times, as every test report gives them.
public struct TimeSummary: Sendable, Hashable {
    public var mean = 0.0
    public var median = 0.0
    public var p99 = 0.0

    /// - Complexity: O(n log n) in the number of times; all zero when there are none.
    public init(_ times: [Double]) {
        let sorted = times.sorted()
        guard !sorted.isEmpty else { return }
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))] }
        mean = sorted.reduce(0, +) / Double(sorted.count)
        median = percentile(0.5)
        p99 = percentile(0.99)
    }
}
