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
