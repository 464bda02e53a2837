import CICU

/// An ICU call failed in a way that callers should see (a bad locale, a missing transliterator).
public struct ICUError: Error, CustomStringConvertible, Sendable, Equatable {
    public let operation: String
    public let code: Int32
    public var description: String { "\(operation) failed: \(String(cString: pl_error_name(code)))" }
}

/// The ICU error codes that mean "the output was cut short": the call is repeated with more room.
private let bufferOverflow: Int32 = 15  // U_BUFFER_OVERFLOW_ERROR
private let stringNotTerminated: Int32 = -124  // U_STRING_NOT_TERMINATED_WARNING

enum ICU {
    /// Runs an ICU "fill this UTF-16 buffer" function, growing the buffer until the output fits.
    ///
    /// - Complexity: O(n) in the output length; at most two calls when the first guess is short.
    static func utf16(
        capacity: Int, _ operation: String,
        _ body: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) throws -> [UInt16] {
        var cap = max(capacity, 16)
        while true {
            var status: Int32 = 0
            var out = [UInt16](repeating: 0, count: cap)
            let n = out.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32(cap), &status) }
            if status == bufferOverflow || Int(n) > cap {
                cap = Int(n) + 1
                continue
            }
            if status > 0 { throw ICUError(operation: operation, code: status) }
            out.removeSubrange(Int(n)...)
            return out
        }
    }

    /// Runs an ICU "fill this char buffer" function and returns the ASCII result.
    static func chars(
        _ operation: String, _ body: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) throws -> String {
        var cap = 64
        while true {
            var status: Int32 = 0
            var out = [CChar](repeating: 0, count: cap + 1)
            let n = out.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32(cap), &status) }
            if status == bufferOverflow || Int(n) >= cap {
                cap = Int(n) + 8
                continue
            }
            if status > 0 { throw ICUError(operation: operation, code: status) }
            return String(decoding: out[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Applies a UTF-16 → UTF-16 transform to a Swift string.
    static func transform(
        _ s: some StringProtocol, _ operation: String,
        _ body: (UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) -> String {
        let src = Array(s.utf16)
        let out = try? src.withUnsafeBufferPointer { sp in
            try utf16(capacity: src.count + src.count / 2 + 8, operation) { dst, cap, st in
                body(sp.baseAddress ?? emptyUTF16, Int32(sp.count), dst, cap, st)
            }
        }
        return UTF16Fast.string(out ?? src)
    }
}

/// A valid pointer for zero-length inputs, which ICU still dereferences in some paths.
nonisolated(unsafe) let emptyUTF16: UnsafePointer<UInt16> = {
    let p = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
    p.initialize(to: 0)
    return UnsafePointer(p)
}()
