/// Byte-string keys, each with a run of payloads, sorted into flat arrays: one buffer of key
/// bytes and three arrays of offsets, so a million contacts cost a few dozen bytes each rather
/// than a dictionary entry, a string and an array apiece. Exact look-up is a binary search;
/// near spellings are found by walking the sorted keys as the trie they imply.
///
/// ```swift
/// let t = SortedKeyTable(pairs: [(Array("anna".utf8), 0), (Array("ben".utf8), 1)])
/// t.payloads(of: Array("ben".utf8))                  // [1]
/// t.near(Array("ana".utf8), limit: 1) { key, d, ids in … }   // "anna" at distance 1
/// ```
struct SortedKeyTable<Payload: Sendable>: Sendable {
    private var bytes: [UInt8] = []
    /// Key `i` is `bytes[keyStart[i]..<keyStart[i + 1]]`.
    private var keyStart: [UInt32] = [0]
    /// Payloads of key `i` are `payloads[payloadStart[i]..<payloadStart[i + 1]]`, in the order given.
    private var payloadStart: [UInt32] = [0]
    private var payloadList: [Payload] = []

    var count: Int { keyStart.count - 1 }
    /// The length of the longest key.
    private var longest = 0

    /// - Complexity: O(n log n) comparisons of keys for n pairs.
    init(pairs: [([UInt8], Payload)]) {
        let order = pairs.indices.sorted { a, b in
            let x = pairs[a].0, y = pairs[b].0
            return x.lexicographicallyPrecedes(y) || (x == y && a < b)
        }
        bytes.reserveCapacity(pairs.reduce(0) { $0 + $1.0.count })
        payloadList.reserveCapacity(pairs.count)
        var last: [UInt8]?
        for i in order {
            let (key, payload) = pairs[i]
            if key != last {
                if last != nil { finishKey() }
                bytes += key
                longest = max(longest, key.count)
                keyStart.append(UInt32(bytes.count))
                last = key
            }
            payloadList.append(payload)
        }
        if last != nil { finishKey() }
    }

    private mutating func finishKey() { payloadStart.append(UInt32(payloadList.count)) }

    @inline(__always) private func length(_ i: Int) -> Int { Int(keyStart[i + 1] - keyStart[i]) }
    @inline(__always) private func byte(_ i: Int, _ d: Int) -> UInt8 { bytes[Int(keyStart[i]) + d] }

    func key(_ i: Int) -> ArraySlice<UInt8> { bytes[Int(keyStart[i])..<Int(keyStart[i + 1])] }
    func payloads(_ i: Int) -> ArraySlice<Payload> { payloadList[Int(payloadStart[i])..<Int(payloadStart[i + 1])] }

    /// The payloads of `key`, empty when it is not in the table.
    ///
    /// - Complexity: O(log n) key comparisons.
    func payloads<K: Collection>(of key: K) -> ArraySlice<Payload> where K.Element == UInt8 {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self.key(mid).lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
        }
        return lo < count && key.elementsEqual(self.key(lo)) ? payloads(lo) : []
    }

    /// The first key in `lo..<hi` (keys sharing a prefix of `depth` bytes, all longer than it)
    /// whose byte at `depth` is greater than `b`.
    private func end(of b: UInt8, depth: Int, _ lo: Int, _ hi: Int) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi) / 2
            if byte(mid, depth) <= b { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Calls `body(key index, distance)` for every key that starts with `query`'s first byte and
    /// lies within Levenshtein distance `limit` of it (over bytes).
    ///
    /// - Complexity: proportional to the trie nodes within `limit` edits of a prefix of the
    ///   query, times log n: it grows with how many keys are alike, not with how many there are.
    func near(_ query: [UInt8], limit: Int, _ body: (Int, Int) -> Void) {
        guard let first = query.first, count > 0 else { return }
        // The keys that start with the query's first byte.
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if length(mid) == 0 || byte(mid, 0) < first { lo = mid + 1 } else { hi = mid }
        }
        guard lo < count, length(lo) > 0, byte(lo, 0) == first else { return }
        // One distance row per depth, in one buffer: row d is the distance of every query prefix
        // to the keys' first d bytes.
        let width = query.count + 1
        var rows = [Int32](repeating: 0, count: width * (longest + 1))
        for k in 0..<width { rows[k] = Int32(k) }
        rows.withUnsafeMutableBufferPointer { r in
            walk(lo, end(of: first, depth: 0, lo, count), 0, r, query, Int32(limit), body)
        }
    }

    private func walk(_ lo: Int, _ hi: Int, _ depth: Int, _ rows: UnsafeMutableBufferPointer<Int32>, _ q: [UInt8],
                      _ limit: Int32, _ body: (Int, Int) -> Void) {
        // The prefix shared by lo..<hi is `depth` bytes long and row `depth` is its distance row.
        let width = q.count + 1
        let row = depth * width, next = row + width
        var i = lo
        while i < hi && length(i) == depth {
            if rows[row + q.count] <= limit { body(i, Int(rows[row + q.count])) }
            i += 1
        }
        while i < hi {
            let b = byte(i, depth)
            let j = end(of: b, depth: depth, i, hi)
            rows[next] = rows[row] + 1
            var best = rows[next]
            for k in stride(from: 1, to: width, by: 1) {
                let v = Swift.min(rows[row + k] + 1, rows[next + k - 1] + 1, rows[row + k - 1] + (q[k - 1] == b ? 0 : 1))
                rows[next + k] = v
                best = Swift.min(best, v)
            }
            if best <= limit { walk(i, j, depth + 1, rows, q, limit, body) }
            i = j
        }
    }
}
