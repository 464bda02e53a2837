import Foundation

/// A group of measurements, run by `parlance-bench <name>`.
protocol BenchmarkSuite {
    static var name: String { get }
    static func run(into report: inout BenchmarkReport) throws
}

/// Rows of named figures, printed as a table or JSON.
struct BenchmarkReport {
    struct Row: Codable {
        var suite: String
        var name: String
        var figures: [String: Double]
    }
    var rows: [Row] = []

    mutating func add(_ suite: String, _ name: String, _ figures: [String: Double]) {
        rows.append(Row(suite: suite, name: name, figures: figures))
    }

    func text() -> String {
        var out = ""
        var lastSuite = ""
        for r in rows {
            if r.suite != lastSuite {
                out += "\n== \(r.suite)\n"
                lastSuite = r.suite
            }
            let figs = r.figures.sorted { $0.key < $1.key }.map { "\($0.key)=\(format($0.value))" }.joined(separator: "  ")
            out += "\(r.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(figs)\n"
        }
        return out
    }

    func json() -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted]
        return String(decoding: (try? e.encode(rows)) ?? Data(), as: UTF8.self)
    }

    private func format(_ v: Double) -> String {
        v >= 100 ? String(format: "%.0f", v) : String(format: "%.2f", v)
    }
}

/// Timing helpers. Times are wall-clock on one thread, in microseconds.
enum Measure {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Runs `body` over `inputs` `rounds` times (after one warm-up round) and returns the
    /// per-call times in microseconds.
    static func perCall<T>(_ inputs: [T], rounds: Int = 20, _ body: (T) -> Void) -> [Double] {
        for x in inputs { body(x) }
        var times: [Double] = []
        times.reserveCapacity(inputs.count * rounds)
        for _ in 0..<rounds {
            for x in inputs {
                let t0 = now()
                body(x)
                times.append(Double(now() - t0) / 1000)
            }
        }
        return times
    }

    /// CPU time this thread has used, in nanoseconds: unlike wall time, it leaves out the time
    /// the thread waited for a core another process held.
    static func threadCPU() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// `perCall`, with each call's thread CPU time beside its wall time (both in microseconds).
    static func perCallWithCPU<T>(_ inputs: [T], rounds: Int = 20, _ body: (T) -> Void) -> (wall: [Double], cpu: [Double]) {
        for x in inputs { body(x) }
        var wall: [Double] = [], cpu: [Double] = []
        wall.reserveCapacity(inputs.count * rounds)
        cpu.reserveCapacity(inputs.count * rounds)
        for _ in 0..<rounds {
            for x in inputs {
                let c0 = threadCPU(), t0 = now()
                body(x)
                let t1 = now(), c1 = threadCPU()
                wall.append(Double(t1 - t0) / 1000)
                cpu.append(Double(c1 - c0) / 1000)
            }
        }
        return (wall, cpu)
    }

    static func once(_ body: () throws -> Void) rethrows -> Double {
        let t0 = now()
        try body()
        return Double(now() - t0) / 1000
    }

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return .nan }
        let s = xs.sorted()
        return s[min(s.count - 1, Int(Double(s.count - 1) * p + 0.5))]
    }

    static func summary(_ xs: [Double]) -> [String: Double] {
        ["median_us": percentile(xs, 0.5), "p99_us": percentile(xs, 0.99),
         "mean_us": xs.reduce(0, +) / Double(max(xs.count, 1))]
    }

    /// Resident memory of this process in MiB (Linux /proc), for memory figures.
    static func residentMiB() -> Double {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
        let parts = s.split(separator: " ")
        guard parts.count > 1, let pages = Double(parts[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
