import CICU

/// Canonical composition (NFC) through ICU, without a round trip through Foundation's strings.
public enum Normalization {
    /// `s` in NFC.
    public static func nfc(_ s: String) -> String {
        ICU.transform(s, "NFC") { pl_nfc($0, $1, $2, $3, $4) }
    }

    /// Code points `scalars` in NFC (values that are not code points are left out).
    ///
    /// - Complexity: O(n).
    public static func nfc(_ scalars: [UInt32]) -> [UInt32] {
        var units: [UInt16] = []
        units.reserveCapacity(scalars.count + 8)
        for c in scalars {
            if let u = Unicode.Scalar(c) { UTF16.encode(u) { units.append($0) } }
        }
        let composed = (try? units.withUnsafeBufferPointer { src in
            try ICU.utf16(capacity: units.count + units.count / 2 + 8, "NFC") { dst, cap, status in
                pl_nfc(src.baseAddress ?? emptyUTF16, Int32(src.count), dst, cap, status)
            }
        }) ?? units
        var out: [UInt32] = []
        out.reserveCapacity(composed.count)
        composed.withUnsafeBufferPointer { UTF16Fast.forEachScalar($0) { out.append($0) } }
        return out
    }
}
