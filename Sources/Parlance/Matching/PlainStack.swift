/// A stack of plain data in a buffer it owns, for the engine's continuations: pushed, popped and
/// written in place without the uniqueness check an array makes at every write (the engine that
/// holds it is its only user). Grows by doubling; keeps its buffer when emptied.
final class PlainStack<Element: BitwiseCopyable>: @unchecked Sendable {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) func push(_ e: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: e)
        count += 1
    }

    @inline(__always) func pop() { count -= 1 }

    @inline(__always) func removeAll() { count = 0 }

    /// Element `i` (below `count`), read or written in place.
    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        set { base[i] = newValue }
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
