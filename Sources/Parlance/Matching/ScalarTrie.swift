/// A trie over folded code points, mapping keys to integer payloads (list values, number values,
/// literal fragments). Edges live in one hash table keyed by (node, code point), so a look-up
/// costs the same with ten keys as with a million.
///
/// ```swift
/// var t = ScalarTrie()
/// t.insert([0x6F, 0x6E], 7)       // "on" → 7
/// t.prefixes(of: text, from: 0)   // payloads of every key that starts the text at 0
/// ```
struct ScalarTrie: Sendable {
    private var edges: [UInt64: Int32] = [:]
    /// Payloads of the node, if it ends a key.
    private var payloads: [Int32: [Int32]] = [:]
    private(set) var nodeCount: Int32 = 1
    private(set) var keyCount = 0

    var isEmpty: Bool { keyCount == 0 }

    @inline(__always) private static func edge(_ node: Int32, _ c: UInt32) -> UInt64 {
        UInt64(UInt32(bitPattern: node)) << 32 | UInt64(c)
    }

    mutating func insert<S: Sequence>(_ key: S, _ payload: Int32) where S.Element == UInt32 {
        var node: Int32 = 0
        for c in key {
            let e = Self.edge(node, c)
            if let next = edges[e] {
                node = next
            } else {
                edges[e] = nodeCount
                node = nodeCount
                nodeCount += 1
            }
        }
        payloads[node, default: []].append(payload)
        keyCount += 1
    }

    /// The child of `node` along `c`, or -1.
    @inline(__always) func step(_ node: Int32, _ c: UInt32) -> Int32 { edges[Self.edge(node, c)] ?? -1 }

    @inline(__always) func payloads(at node: Int32) -> [Int32]? { payloads[node] }

    /// Calls `body(end, payload)` for every key that occurs in `text` starting at `start`, shortest
    /// first; `map` turns each code point into the key alphabet (folding).
    ///
    /// - Complexity: O(k) in the length of the longest key that matches there.
    @inline(__always)
    func prefixes(of text: UnsafeBufferPointer<UInt32>, from start: Int, _ body: (Int, Int32) -> Void) {
        var node: Int32 = 0
        var i = start
        while i < text.count {
            node = step(node, text[i])
            if node < 0 { return }
            i += 1
            if let p = payloads[node] { for v in p { body(i, v) } }
        }
    }
}
