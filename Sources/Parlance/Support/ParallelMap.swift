import Foundation

/// Runs independent pieces of work on every core and keeps their results in order.
///
/// ```swift
/// let lengths = ParallelMap.map(count: lines.count, jobs: 2) { lines[$0].count }
/// ```
public enum ParallelMap {
    /// `body(0..<count)` on at most `jobs` threads, results in index order. Each index is run
    /// exactly once; `body` must be safe to call from several threads at once.
    public static func map<T: Sendable>(count: Int, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                        _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: min(max(jobs, 1), count)) { _ in
            while let i = slots.take() { slots.set(i, body(i)) }
        }
        return slots.values()
    }

    /// Hands out indices and keeps the results, under one lock.
    private final class Slots<T: Sendable>: @unchecked Sendable {
        private var results: [T?]
        private var next = 0
        private let lock = NSLock()

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func take() -> Int? {
            lock.withLock {
                guard next < results.count else { return nil }
                next += 1
                return next - 1
            }
        }

        func set(_ i: Int, _ value: T) { lock.withLock { results[i] = value } }

        func values() -> [T] { lock.withLock { results.map { $0! } } }
    }
}
