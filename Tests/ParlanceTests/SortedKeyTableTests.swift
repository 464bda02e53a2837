import Testing
@testable import Parlance

/// The flat key table behind contact look-ups: the same answers as a dictionary and as a scan
/// of every key, at any size.
struct SortedKeyTableTests {
    static let words = ["anna", "annas", "ann", "anne", "ben", "bens", "kate", "katie", "john", "johnny", "jon", "sagomer",
                        "tanakataro", "tanaka", "masha", "mashe", "dmitrij", "dima", "zoe", "zoey", "", "a"]

    static let table = SortedKeyTable(pairs: words.enumerated().flatMap { i, w in
        [(Array(w.utf8), Int32(i)), (Array(w.utf8), Int32(100 + i))]
    })

    @Test func findsEveryKeyWithItsPayloadsInOrder() {
        for (i, w) in Self.words.enumerated() {
            #expect(Array(Self.table.payloads(of: Array(w.utf8))) == [Int32(i), Int32(100 + i)], "\(w)")
        }
        for missing in ["an", "annax", "zz", "b", "katee"] {
            #expect(Self.table.payloads(of: Array(missing.utf8)).isEmpty, "\(missing)")
        }
    }

    @Test(arguments: ["anna", "ana", "kat", "katy", "jhon", "jonny", "sagomr", "tanakatar", "mash", "zo", "x", "annnas"])
    func findsNearSpellingsAsAScanDoes(_ query: String) {
        for limit in 0...2 {
            var found: [String: Int] = [:]
            Self.table.near(Array(query.utf8), limit: limit) { k, d in
                found[String(decoding: Self.table.key(k), as: UTF8.self)] = d
            }
            var expected: [String: Int] = [:]
            for w in Self.words where w.utf8.first == query.utf8.first {
                let d = PersonResolver.distance(query, w, limit: limit)
                if d <= limit { expected[w] = d }
            }
            #expect(found == expected, "\(query) within \(limit)")
        }
    }
}
