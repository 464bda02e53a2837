import CICU

/// Confusable and mixed-script checks for names (UTS #39, through ICU's spoof checker).
///
/// ```swift
/// Confusables.areConfusable("Awesome", "Аwesome")   // true: the second A is Cyrillic
/// Confusables.check("Аwesome").contains(.mixedScript) // true
/// ```
public enum Confusables {
    /// What a name's check found. Empty means the name is safe to show and to match.
    public struct Findings: OptionSet, Sendable, Hashable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// Letters of several scripts in one word where a single script would do (`Аwesome`).
        public static let mixedScript = Findings(rawValue: 4 | 0x10)  // MIXED_SCRIPT_CONFUSABLE | RESTRICTION_LEVEL
        /// Invisible characters: repeated combining marks, zero-width characters, bidi controls.
        public static let invisible = Findings(rawValue: 32)
        /// Digits of several numbering systems (`1٢3`).
        public static let mixedNumbers = Findings(rawValue: 128)
    }

    private final class Checker: @unchecked Sendable {
        let handle: OpaquePointer?
        init() {
            var st: Int32 = 0
            handle = pl_spoof_open(&st)
        }
    }
    // The spoof checker is immutable after set-up and ICU documents `const` use as thread-safe.
    private static let checker = Checker()

    /// The confusable skeleton of `s`, case-folded first (skeletons are case-sensitive).
    ///
    /// - Complexity: O(n).
    public static func skeleton(_ s: String) -> String {
        guard let h = checker.handle else { return s }
        let folded = Array(ICU.transform(s, "nfkc_casefold") { pl_nfkc_casefold($0, $1, $2, $3, $4) }.utf16)
        let out = folded.withUnsafeBufferPointer { src in
            try? ICU.utf16(capacity: src.count * 2 + 8, "uspoof_getSkeleton") { dst, cap, st in
                pl_spoof_skeleton(h, src.baseAddress ?? emptyUTF16, Int32(src.count), dst, cap, st)
            }
        }
        // The skeleton is folded again: its mappings may reintroduce capitals (`ǀ` → `l`, `0` → `O`).
        return ICU.transform(UTF16Fast.string(out ?? folded), "nfkc_casefold") { pl_nfkc_casefold($0, $1, $2, $3, $4) }
            .filter { !$0.isWhitespace }
    }

    /// Whether two names would look alike to a reader (same skeleton, ignoring case and spaces).
    public static func areConfusable(_ a: String, _ b: String) -> Bool { skeleton(a) == skeleton(b) }

    /// Checks one name for mixed scripts, invisible characters and mixed digits.
    public static func check(_ s: String) -> Findings {
        guard let h = checker.handle else { return [] }
        let units = Array(s.utf16)
        var st: Int32 = 0
        let r = units.withUnsafeBufferPointer { pl_spoof_check(h, $0.baseAddress ?? emptyUTF16, Int32($0.count), &st) }
        var f = Findings(rawValue: r & (4 | 0x10 | 32 | 128))
        if f.rawValue & (4 | 0x10) != 0 { f.insert(.mixedScript) }
        // The default check lets zero-width and bidi controls through: look for them directly.
        if s.unicodeScalars.contains(where: { isInvisible($0) }) { f.insert(.invisible) }
        return f
    }

    /// Zero-width characters, bidi controls and other default-ignorable code points.
    public static func isInvisible(_ u: Unicode.Scalar) -> Bool {
        u.properties.isDefaultIgnorableCodePoint || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value)
            || u.value == 0x200E || u.value == 0x200F || u.value == 0x061C
    }

    /// The scripts of a text's letters (ISO 15924 codes), ignoring Common and Inherited.
    public static func scripts(_ s: String) -> Set<String> {
        var out: Set<String> = []
        for u in s.unicodeScalars {
            let sc = pl_script(Int32(bitPattern: u.value))
            if sc > 1, let name = pl_script_short_name(sc) { out.insert(String(cString: name)) }
        }
        return out
    }
}

/// Locale-aware equality of strings at primary strength, ignoring case, accents and punctuation
/// as the locale's collation does (`Strasse` = `Straße`; in Swedish `ö` ≠ `o`).
public final class Collation: @unchecked Sendable {
    public let locale: LocaleID
    // ICU documents collators as thread-safe for `const` use (compare, sort keys).
    private let handle: OpaquePointer

    public init(locale: LocaleID) throws {
        self.locale = locale
        var st: Int32 = 0
        guard let h = pl_collator_open(locale.isBase ? "" : locale.icuID, &st) else {
            throw ICUError(operation: "ucol_open(\(locale))", code: st)
        }
        handle = h
    }

    deinit { pl_collator_close(handle) }

    /// A binary key: two strings are equal at primary strength exactly when their keys are.
    ///
    /// - Complexity: O(n).
    public func sortKey(_ s: String) -> [UInt8] {
        let units = Array(s.utf16)
        return units.withUnsafeBufferPointer { src -> [UInt8] in
            var cap = src.count * 4 + 16
            while true {
                var out = [UInt8](repeating: 0, count: cap)
                let n = out.withUnsafeMutableBufferPointer {
                    pl_collator_sort_key(handle, src.baseAddress ?? emptyUTF16, Int32(src.count), $0.baseAddress!, Int32(cap))
                }
                if Int(n) <= cap {
                    out.removeSubrange(max(0, Int(n) - 1)...)  // drop the terminating zero
                    return out
                }
                cap = Int(n)
            }
        }
    }

    public func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf16), y = Array(b.utf16)
        return x.withUnsafeBufferPointer { xp in
            y.withUnsafeBufferPointer { yp in
                pl_collator_compare(handle, xp.baseAddress ?? emptyUTF16, Int32(xp.count), yp.baseAddress ?? emptyUTF16, Int32(yp.count)) == 0
            }
        }
    }
}
