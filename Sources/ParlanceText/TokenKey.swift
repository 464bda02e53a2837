/// A match key as a dictionary key: hashed and compared by its UTF-8 bytes.
///
/// Swift's `String` hashes and compares by canonical equivalence, which normalizes non-ASCII
/// text on every look-up (the largest cost of a trie probe on Cyrillic or Han keys). Match keys
/// are already normalized by the text layer, so byte equality is the right equality for them.
public struct TokenKey: Hashable, Sendable, CustomStringConvertible {
    public let string: String

    @inlinable
    public init(_ string: String) {
        var s = string
        s.makeContiguousUTF8()
        self.string = s
    }

    public var description: String { string }

    @inlinable
    public static func == (a: TokenKey, b: TokenKey) -> Bool {
        a.string.utf8.count == b.string.utf8.count && a.string.utf8.elementsEqual(b.string.utf8)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        if let done: Void = string.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) {
            return done
        }
        for b in string.utf8 { hasher.combine(b) }
    }
}
