import Foundation

/// A plain mutual-exclusion lock, for the few process-wide caches of expensive ICU objects.
final class NSLockShim: @unchecked Sendable {
    private let mutex = NSLock()
    func lock() { mutex.lock() }
    func unlock() { mutex.unlock() }
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }
}

/// A dictionary shared by threads, for results that are costly to compute and cheap to keep;
/// emptied when it reaches `limit` entries, so that it stays bounded whatever it is fed.
final class SharedMemo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLockShim()
    private var entries: [Key: Value] = [:]
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    subscript(key: Key) -> Value? {
        get { lock.withLock { entries[key] } }
        set {
            lock.withLock {
                if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
                entries[key] = newValue
            }
        }
    }

    var count: Int { lock.withLock { entries.count } }
}
