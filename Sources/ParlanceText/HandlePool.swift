import Foundation

/// Hands out ICU objects that are not thread-safe (break iterators, transliterators, number
/// formatters) without a global lock on the work itself: a caller borrows a clone of a prototype,
/// uses it alone and gives it back. Clones are made on demand, so each thread ends up with its own.
///
/// - Complexity: O(1) per borrow; an uncontended lock and, the first time on a thread, one clone.
final class HandlePool<Handle>: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Handle] = []
    private let prototype: Handle
    private let clone: (Handle) -> Handle?
    private let close: (Handle) -> Void
    private let maxIdle = 16

    init(prototype: Handle, clone: @escaping (Handle) -> Handle?, close: @escaping (Handle) -> Void) {
        self.prototype = prototype
        self.clone = clone
        self.close = close
    }

    deinit {
        idle.forEach(close)
        close(prototype)
    }

    /// Runs `body` with a handle that no other thread uses meanwhile. Returns nil only when ICU
    /// could not clone the prototype (out of memory).
    func withHandle<R>(_ body: (Handle) throws -> R) rethrows -> R? {
        lock.lock()
        var handle = idle.popLast()
        lock.unlock()
        if handle == nil { handle = clone(prototype) }
        guard let h = handle else { return nil }
        defer {
            lock.lock()
            if idle.count < maxIdle { idle.append(h); lock.unlock() } else { lock.unlock(); close(h) }
        }
        return try body(h)
    }
}
