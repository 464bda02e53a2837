/// Hand-written UTF-16 helpers for the hot paths: the standard library's generic decoders cost
/// more than the ICU calls they sit between.
public enum UTF16Fast {
    /// Calls `body` with each scalar value of `units`; an unpaired surrogate reads as U+FFFD.
    ///
    /// - Complexity: O(n).
    @inline(__always)
    static func forEachScalar(_ units: UnsafeBufferPointer<UInt16>, _ body: (UInt32) -> Void) {
        var i = 0
        let n = units.count
        while i < n {
            let u = units[i]
            if u < 0xD800 || u > 0xDFFF {
                body(UInt32(u))
                i += 1
            } else if u <= 0xDBFF, i + 1 < n, units[i + 1] >= 0xDC00, units[i + 1] <= 0xDFFF {
                body(0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00))
                i += 2
            } else {
                body(0xFFFD)
                i += 1
            }
        }
    }

    /// Appends the UTF-16 of scalar `v` to `out`.
    @inline(__always)
    static func append(_ v: UInt32, to out: inout [UInt16]) {
        if v < 0x10000 {
            out.append(UInt16(v))
        } else {
            let w = v - 0x10000
            out.append(UInt16(0xD800 + (w >> 10)))
            out.append(UInt16(0xDC00 + (w & 0x3FF)))
        }
    }

    /// A String from UTF-16 code units, transcoded by hand (unpaired surrogates become U+FFFD).
    ///
    /// - Complexity: O(n).
    public static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        if units.isEmpty { return "" }
        return String(unsafeUninitializedCapacity: units.count * 3) { out in
            var j = 0
            forEachScalar(units) { v in
                if v < 0x80 {
                    out[j] = UInt8(v); j += 1
                } else if v < 0x800 {
                    out[j] = UInt8(0xC0 | (v >> 6)); out[j + 1] = UInt8(0x80 | (v & 0x3F)); j += 2
                } else if v < 0x10000 {
                    out[j] = UInt8(0xE0 | (v >> 12)); out[j + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
                    out[j + 2] = UInt8(0x80 | (v & 0x3F)); j += 3
                } else {
                    out[j] = UInt8(0xF0 | (v >> 18)); out[j + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
                    out[j + 2] = UInt8(0x80 | ((v >> 6) & 0x3F)); out[j + 3] = UInt8(0x80 | (v & 0x3F)); j += 4
                }
            }
            return j
        }
    }

    public static func string(_ units: [UInt16]) -> String { units.withUnsafeBufferPointer { string($0) } }
    public static func string(_ units: ArraySlice<UInt16>) -> String { units.withUnsafeBufferPointer { string($0) } }
}
