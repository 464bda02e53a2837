import CICU

/// Numbers written out in words with ICU's rule-based spell-out rules (CLDR RBNF), one spelling
/// per public cardinal rule set (`%spellout-numbering`, `%spellout-cardinal-feminine`, …), for
/// building tables of number words.
///
/// ```swift
/// let f = try SpellOutFormatter(locale: LocaleID("de"))
/// f.spellings(of: 21)   // ["einundzwanzig"]
/// ```
public final class SpellOutFormatter: @unchecked Sendable {
    public let locale: LocaleID
    /// The cardinal rule sets used (ordinals, years and verbose sets are left out).
    public let ruleSets: [String]
    private let formatter: OpaquePointer
    private let lock = NSLockShim()

    public init(locale: LocaleID) throws {
        self.locale = locale
        var status: Int32 = 0
        guard let f = pl_number_open(Int32(PL_NUM_SPELLOUT), locale.icuID, &status), status <= 0 else {
            throw ICUError(operation: "unum_open(spellout, \(locale.icuID))", code: status)
        }
        formatter = f
        let names = (try? ICU.utf16(capacity: 512, "unum_getTextAttribute") { dst, cap, st in
            pl_number_public_rulesets(f, dst, cap, st)
        }).map { String(decoding: $0, as: UTF16.self) } ?? ""
        ruleSets = names.split(separator: ";").map(String.init).filter { name in
            name.hasPrefix("%spellout") && !name.contains("ordinal") && !name.contains("year")
                && !name.contains("verbose") && (name.contains("cardinal") || name.contains("numbering"))
        }
    }

    deinit { pl_number_close(formatter) }

    /// Every distinct spelling of `value`, soft hyphens removed.
    ///
    /// - Complexity: one ICU format call per rule set (a few microseconds each).
    public func spellings(of value: Double) -> [String] {
        lock.withLock {
            var out: [String] = []
            for rs in ruleSets {
                let name = Array(rs.utf16)
                let units = name.withUnsafeBufferPointer { np in
                    try? ICU.utf16(capacity: 64, "unum_formatDouble") { dst, cap, st in
                        pl_number_format(formatter, value, np.baseAddress!, Int32(np.count), dst, cap, st)
                    }
                }
                guard let u = units else { continue }
                let s = String(decoding: u.filter { $0 != 0x00AD }, as: UTF16.self)
                if !s.isEmpty && !out.contains(s) { out.append(s) }
            }
            return out
        }
    }
}
