/// A trie over sequences of token keys, with a second trie over the Unicode scalars of the
/// one-token entries (for words written together: `hundertfünf`).
///
/// Built once, then immutable and `Sendable`; look-ups do not allocate.
struct KeyTrie<Value: Sendable>: Sendable {
    private var children: [[TokenKey: Int32]] = [[:]]
    private var values: [Value?] = [nil]
    private var scalarChildren: [[UInt32: Int32]] = [[:]]
    private var scalarValues: [Value?] = [nil]

    struct Builder {
        fileprivate var trie = KeyTrie()
        private(set) var count = 0

        /// Adds `keys` → `value`; an existing entry is kept unless `replacing`.
        mutating func insert(_ keys: [String], _ value: Value, replacing: Bool = false) {
            guard !keys.isEmpty, !keys.contains(where: \.isEmpty) else { return }
            var node = 0
            for k in keys.map(TokenKey.init) {
                if let next = trie.children[node][k] {
                    node = Int(next)
                } else {
                    trie.children.append([:])
                    trie.values.append(nil)
                    let id = Int32(trie.children.count - 1)
                    trie.children[node][k] = id
                    node = Int(id)
                }
            }
            if trie.values[node] == nil { count += 1 }
            if trie.values[node] == nil || replacing { trie.values[node] = value }
            if keys.count == 1 { insertScalars(keys[0], value, replacing: replacing) }
        }

        private mutating func insertScalars(_ key: String, _ value: Value, replacing: Bool) {
            var node = 0
            for u in key.unicodeScalars {
                if let next = trie.scalarChildren[node][u.value] {
                    node = Int(next)
                } else {
                    trie.scalarChildren.append([:])
                    trie.scalarValues.append(nil)
                    let id = Int32(trie.scalarChildren.count - 1)
                    trie.scalarChildren[node][u.value] = id
                    node = Int(id)
                }
            }
            if trie.scalarValues[node] == nil || replacing { trie.scalarValues[node] = value }
        }

        func build() -> KeyTrie { trie }
    }

    /// The longest entry that the tokens starting at `start` spell, and the end index.
    ///
    /// - Complexity: O(k) dictionary probes, k the length of the longest entry.
    func longestMatch<T>(_ tokens: [T], from start: Int, key: (T) -> String) -> (Value, Int)? {
        var node = 0
        var best: (Value, Int)?
        var i = start
        while i < tokens.count, let next = children[node][TokenKey(key(tokens[i]))] {
            node = Int(next)
            i += 1
            if let v = values[node] { best = (v, i) }
        }
        return best
    }

    /// The longest one-token entry that is a prefix of `s`, and its length in characters.
    ///
    /// - Complexity: O(length of the match).
    func longestPrefix(of s: Substring) -> (Value, Int)? {
        var node = 0
        var best: (Value, Int)?
        var scalars = 0
        for u in s.unicodeScalars {
            guard let next = scalarChildren[node][u.value] else { break }
            node = Int(next)
            scalars += 1
            if let v = scalarValues[node] { best = (v, scalars) }
        }
        guard let (v, n) = best else { return nil }
        // Convert a scalar count to a character count for `dropFirst` on the Substring.
        let end = s.unicodeScalars.index(s.unicodeScalars.startIndex, offsetBy: n)
        return (v, s[s.startIndex..<end].count)
    }
}
