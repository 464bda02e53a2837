/// Levenshtein distance, in one place for every caller: name suggestions (over characters) and
/// names heard one letter off (over bytes, for every window of an utterance).
enum EditDistance {
    /// The number of insertions, deletions and substitutions that turn `x` into `y`; once it is
    /// sure to exceed `limit`, `limit + 1`.
    ///
    /// - Complexity: O(m · n) time; two rows of the table, on the stack.
    static func levenshtein<T: Equatable>(_ x: [T], _ y: [T], limit: Int = .max) -> Int {
        let limit = min(limit, max(x.count, y.count))
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        return x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (ys.count + 1)) { rows in
                    var prev = rows.baseAddress!, cur = prev + (ys.count + 1)
                    for j in 0...ys.count { prev[j] = j }
                    for i in 1...xs.count {
                        let letter = xs[i - 1]
                        cur[0] = i
                        var rowMin = i
                        for j in 1...ys.count {
                            let v = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (letter == ys[j - 1] ? 0 : 1))
                            cur[j] = v
                            rowMin = Swift.min(rowMin, v)
                        }
                        if rowMin > limit { return limit + 1 }
                        swap(&prev, &cur)
                    }
                    return prev[ys.count]
                }
            }
        }
    }
}
