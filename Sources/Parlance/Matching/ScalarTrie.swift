/// A trie over folded code points, mapping keys to integer payloads (list values, number values,
/// literal fragments). Edges live in one open-addressing hash table keyed by (node, code point),
/// so a step costs the same with ten keys as with a million. A class, so that reading one from a
/// list retains one reference; it is not changed once built.
///
/// ```swift
/// let t = ScalarTrie()
/// t.insert([0x6F, 0x6E], 7)       // "on" → 7
/// t.prefixes(of: text, from: 0)   // payloads of every key that starts the text at 0
/// ```
///
/// Its storage is read without dynamic exclusivity checks: it is written only while it is built,
/// before any reader sees it, and a check per trie step would cost as much as the step.
final class ScalarTrie: @unchecked Sendable {
    @exclusivity(unchecked) private var keys: [UInt64] = Array(repeating: .max, count: 16)
    @exclusivity(unchecked) private var targets: [Int32] = Array(repeating: -1, count: 16)
    @exclusivity(unchecked) private var shift: UInt64 = 60
    private var edgeCount = 0
    /// Payloads per node: `payloadStart[node]` is -1 or the first of a run in `payloadList`
    /// chained through `payloadNext`.
    @exclusivity(unchecked) private var payloadHead: [Int32] = [-1]
    @exclusivity(unchecked) private var payloadValue: [Int32] = []
    @exclusivity(unchecked) private var payloadNext: [Int32] = []
    @exclusivity(unchecked) private var payloadTail: [Int32] = [-1]
    private(set) var nodeCount: Int32 = 1
    private(set) var keyCount = 0
    /// The `TemplateIndex.firstBit`s of the keys' first code points: a key can start only where
    /// the text's code point has one of them.
    private(set) var firstMask: UInt64 = 0

    var isEmpty: Bool { keyCount == 0 }

    init() {}

    /// A trie with this one's keys, to which more can be added without changing this one.
    ///
    /// - Complexity: O(size of the trie), copies of flat arrays.
    func copy() -> ScalarTrie {
        let t = ScalarTrie()
        t.keys = keys
        t.targets = targets
        t.shift = shift
        t.edgeCount = edgeCount
        t.payloadHead = payloadHead
        t.payloadValue = payloadValue
        t.payloadNext = payloadNext
        t.payloadTail = payloadTail
        t.nodeCount = nodeCount
        t.keyCount = keyCount
        t.firstMask = firstMask
        return t
    }

    @inline(__always) private static func edge(_ node: Int32, _ c: UInt32) -> UInt64 {
        UInt64(UInt32(bitPattern: node)) << 32 | UInt64(c)
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int { Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    private func grow() {
        let oldKeys = keys, oldTargets = targets
        keys = Array(repeating: .max, count: oldKeys.count * 2)
        targets = Array(repeating: -1, count: oldKeys.count * 2)
        shift -= 1
        for (i, k) in oldKeys.enumerated() where k != .max { put(k, oldTargets[i]) }
    }

    private func put(_ key: UInt64, _ target: Int32) {
        var i = slot(key)
        let mask = keys.count - 1
        while keys[i] != .max { i = (i + 1) & mask }
        keys[i] = key
        targets[i] = target
    }

    func insert<S: Sequence>(_ key: S, _ payload: Int32) where S.Element == UInt32 {
        var node: Int32 = 0
        var first = true
        for c in key {
            if first { firstMask |= TemplateIndex.firstBit(c) }
            first = false
            let next = step(node, c)
            if next >= 0 {
                node = next
                continue
            }
            if (edgeCount + 1) * 2 > keys.count { grow() }
            put(Self.edge(node, c), nodeCount)
            edgeCount += 1
            payloadHead.append(-1)
            payloadTail.append(-1)
            node = nodeCount
            nodeCount += 1
        }
        let p = Int32(payloadValue.count)
        payloadValue.append(payload)
        payloadNext.append(-1)
        if payloadTail[Int(node)] >= 0 { payloadNext[Int(payloadTail[Int(node)])] = p } else { payloadHead[Int(node)] = p }
        payloadTail[Int(node)] = p
        keyCount += 1
    }

    /// Whether a key may start at `i` of `text`: its code point is one a key starts with
    /// (`firstMask`; a few others share their bits).
    @inline(__always) func mayStart(_ text: UnsafeBufferPointer<UInt32>, at i: Int) -> Bool {
        i < text.count && firstMask & TemplateIndex.firstBit(text[i]) != 0
    }

    /// The child of `node` along `c`, or -1.
    @inline(__always) func step(_ node: Int32, _ c: UInt32) -> Int32 {
        let key = Self.edge(node, c)
        var i = slot(key)
        let mask = keys.count - 1
        while true {
            let k = keys[i]
            if k == key { return targets[i] }
            if k == .max { return -1 }
            i = (i + 1) & mask
        }
    }

    /// Appends the payloads of every key that occurs in `text` starting at `start` to `out`,
    /// shortest first.
    @inline(__always)
    func appendPrefixes(of text: UnsafeBufferPointer<UInt32>, from start: Int, to out: inout [Int32]) {
        prefixes(of: text, from: start) { _, v in out.append(v) }
    }

    /// Whether a key occurs in `text` starting at `start`.
    func occurs(in text: UnsafeBufferPointer<UInt32>, at start: Int) -> Bool {
        guard mayStart(text, at: start) else { return false }
        var node: Int32 = 0
        var i = start
        while i < text.count {
            node = step(node, text[i])
            if node < 0 { return false }
            if payloadHead[Int(node)] >= 0 { return true }
            i += 1
        }
        return false
    }

    /// Calls `body(end, payload)` for every key that occurs in `text` starting at `start`, shortest
    /// first (payloads of one key in insertion order).
    ///
    /// - Complexity: O(k) in the length of the longest key that matches there.
    @inline(__always)
    func prefixes(of text: UnsafeBufferPointer<UInt32>, from start: Int, _ body: (Int, Int32) -> Void) {
        guard mayStart(text, at: start) else { return }
        var node: Int32 = 0
        var i = start
        while i < text.count {
            node = step(node, text[i])
            if node < 0 { return }
            i += 1
            var p = payloadHead[Int(node)]
            while p >= 0 {
                body(i, payloadValue[Int(p)])
                p = payloadNext[Int(p)]
            }
        }
    }
}
