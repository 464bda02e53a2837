/// Memory for plain-data buffers that live as long as the arena: copies of arrays that a
/// matcher reads on every look-up without reference counting, uniqueness or exclusivity checks,
/// and filled scratch buffers that it writes in place. Freed with the arena; elements are plain
/// data (`BitwiseCopyable`), so nothing in them needs destroying.
final class BufferArena: @unchecked Sendable {
    private var blocks: [UnsafeMutableRawPointer] = []

    /// A copy of `a` (at least one element is allocated, so the base address is never nil).
    func copy<T: BitwiseCopyable>(_ a: [T]) -> UnsafeBufferPointer<T> {
        let b = UnsafeMutableBufferPointer<T>.allocate(capacity: max(a.count, 1))
        _ = b.initialize(from: a)
        blocks.append(UnsafeMutableRawPointer(b.baseAddress!))
        return UnsafeBufferPointer(rebasing: b[0..<a.count])
    }

    /// `count` elements, each `value` (at least one is allocated, so the base address is never nil).
    func filled<T: BitwiseCopyable>(_ count: Int, with value: T) -> UnsafeMutableBufferPointer<T> {
        let b = UnsafeMutableBufferPointer<T>.allocate(capacity: max(count, 1))
        b.initialize(repeating: value)
        blocks.append(UnsafeMutableRawPointer(b.baseAddress!))
        return UnsafeMutableBufferPointer(rebasing: b[0..<count])
    }

    deinit {
        for b in blocks { b.deallocate() }
    }
}
