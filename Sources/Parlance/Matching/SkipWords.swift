import Foundation

/// hassil's `remove_skip_words`: filler phrases ("please", "can you") dropped before matching.
/// Where words are spaced, a skip word goes only as a whole word and leaves a space; with
/// `ignore_whitespace` (Chinese) it goes wherever it appears.
struct SkipWords: Sendable {
    enum Where { case anywhere, atStart, atEnd }

    /// Folded skip words, longest first (the regex alternation's order).
    let words: [[UInt32]]
    let ignoresWhitespace: Bool
    /// The words by their folded code points (payload: length), to find them in one walk.
    let trie = ScalarTrie()

    init(_ words: [String], fold: ScalarFold, ignoresWhitespace: Bool) {
        let trimmed = Set(words.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty })
        self.words = trimmed.map { fold.fold($0) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        self.ignoresWhitespace = ignoresWhitespace
        for w in self.words { trie.insert(w, Int32(w.count)) }
    }

    /// The longest skip word at `i` of `folded` (with a non-word character or the end after it,
    /// where words are spaced), as its length.
    ///
    /// - Complexity: O(k) in the length of the longest skip word there.
    func word(at i: Int, in folded: [UInt32], checkEnd: Bool) -> Int? {
        folded.withUnsafeBufferPointer { word(at: i, in: $0, checkEnd: checkEnd) }
    }

    func word(at i: Int, in text: UnsafeBufferPointer<UInt32>, checkEnd: Bool) -> Int? {
        var best: Int?
        trie.prefixes(of: text, from: i) { end, _ in
            if !checkEnd || end == text.count || !MatchText.isWord(text[end]) { best = end - i }
        }
        return best
    }

    /// `text` without its skip words; `fold` folds it for comparison (unless `folded`, the
    /// text's code points folded, is given).
    ///
    /// - Complexity: O(n · w) for n code points and w skip words.
    func removing(from text: MatchText, _ place: Where, fold: ScalarFold, folded: [UInt32]? = nil) -> MatchText {
        guard !words.isEmpty else { return text }
        var t = text
        switch place {
        case .anywhere:
            let f = folded ?? fold.fold(t.scalars)
            // Where the skip words are, as (start, length): most utterances have none, and then
            // nothing is copied.
            var found: [(Int, Int)] = []
            f.withUnsafeBufferPointer { fb in
                var i = 0
                while i < fb.count {
                    let boundary = ignoresWhitespace || i == 0 || !MatchText.isWord(t.scalars[i - 1])
                    if boundary, let n = word(at: i, in: fb, checkEnd: !ignoresWhitespace) {
                        found.append((i, n))
                        i += n
                    } else {
                        i += 1
                    }
                }
            }
            guard !found.isEmpty else { return text }
            var s: [UInt32] = [], o: [Int32] = []
            s.reserveCapacity(t.count)
            o.reserveCapacity(t.count)
            var from = 0
            for (a, n) in found {
                s.append(contentsOf: t.scalars[from..<a])
                o.append(contentsOf: t.offsets[from..<a])
                if !ignoresWhitespace { s.append(0x20); o.append(t.offsets[a]) }
                from = a + n
            }
            s.append(contentsOf: t.scalars[from...])
            o.append(contentsOf: t.offsets[from...])
            t.scalars = s
            t.offsets = o
            // Without spaces between words, the space said after a skip word at the start
            // ("请 给李伟打电话") or before one at the end is left at the text's edge: dropped.
            if !ignoresWhitespace { t.collapseSpaces() }
            t.strip()
        case .atStart:
            while true {
                let f = fold.fold(t.scalars)
                guard let n = word(at: 0, in: f, checkEnd: !ignoresWhitespace) else { break }
                var e = n
                if !ignoresWhitespace { while e < f.count, MatchText.isSpace(f[e]) { e += 1 } }
                t.scalars.removeFirst(e)
                t.offsets.removeFirst(e)
                if !ignoresWhitespace { t.collapseSpaces() }
                t.strip()
            }
        case .atEnd:
            while true {
                let f = fold.fold(t.scalars)
                var cut: Int?
                for w in words where w.count <= f.count {
                    let a = f.count - w.count
                    guard Array(f[a...]) == w else { continue }
                    if !ignoresWhitespace && a > 0 && MatchText.isWord(f[a - 1]) { continue }
                    cut = a
                    break
                }
                guard var a = cut else { break }
                if !ignoresWhitespace { while a > 0, MatchText.isSpace(f[a - 1]) { a -= 1 } }
                t.scalars.removeSubrange(a...)
                t.offsets.removeSubrange(a...)
                if !ignoresWhitespace { t.collapseSpaces() }
                t.strip()
            }
        }
        return t
    }
}
