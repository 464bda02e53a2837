/// `requires_context` and `excludes_context` as hassil checks them. A condition's value may be a
/// single value, a list of allowed values, or `{value: …, slot: true | "name"}`; null accepts any
/// value that is set.
enum ContextRules {
    /// `{value: x}` unwraps to `x`; null and missing are nil.
    static func unwrap(_ v: JSONValue?) -> JSONValue? {
        guard let v, !v.isNull else { return nil }
        if let o = v.object { return unwrap(o["value"]) }
        return v
    }

    /// hassil's `check_required_context`.
    static func satisfiesRequired(_ required: [String: JSONValue], _ context: [String: JSONValue]?,
                                  allowMissing: Bool) -> Bool {
        satisfiesRequired(required, allowMissing: allowMissing) { value(of: $0, in: context) }
    }

    /// `context[key]`; a context of a few entries (the caller's, a list value's) is scanned,
    /// since comparing a short key with each costs less than hashing it.
    @inline(__always) static func value(of key: String, in context: [String: JSONValue]?) -> JSONValue? {
        guard let context else { return nil }
        guard context.count <= 4 else { return context[key] }
        for (k, v) in context where k == key { return v }
        return nil
    }

    /// `satisfiesRequired` with the context read key by key.
    static func satisfiesRequired(_ required: [String: JSONValue], allowMissing: Bool,
                                  _ context: (String) -> JSONValue?) -> Bool {
        for (key, condition) in required {
            guard let actualRaw = context(key) else {
                if allowMissing { continue }
                return false
            }
            if !meets(unwrap(condition), unwrap(actualRaw)) { return false }
        }
        return true
    }

    /// Whether a context value (unwrapped) meets a required one (unwrapped; nil: any value,
    /// an array: any of its values).
    @inline(__always) static func meets(_ expected: JSONValue?, _ actual: JSONValue?) -> Bool {
        if case .array(let allowed)? = expected { return allowed.contains(actual ?? .null) }
        return expected.map { actual == $0 } ?? true
    }

    /// Whether a context value (unwrapped) is an excluded one (unwrapped; an array: any of its values).
    @inline(__always) static func isBanned(_ banned: JSONValue?, _ actual: JSONValue?) -> Bool {
        if case .array(let list)? = banned { return list.contains(actual ?? .null) }
        return actual == banned
    }

    /// A condition on one key of the context, its value unwrapped once (`unwrap`): nil when
    /// any value will do.
    struct Condition: Sendable {
        var key: String
        var expected: JSONValue?
    }

    static func conditions(_ c: [String: JSONValue]) -> [Condition] {
        c.map { Condition(key: $0.key, expected: unwrap($0.value)) }
    }

    /// `satisfiesRequired(_:_:allowMissing:)` and `satisfiesExcluded(_:_:)` for conditions
    /// unwrapped once (a block group's, judged for every utterance with a context).
    static func satisfies(required: [Condition], excluded: [Condition], allowMissing: Bool,
                          _ context: [String: JSONValue]) -> Bool {
        for c in required {
            guard let raw = value(of: c.key, in: context) else {
                if allowMissing { continue }
                return false
            }
            if !meets(c.expected, unwrap(raw)) { return false }
        }
        for c in excluded {
            if let raw = value(of: c.key, in: context), isBanned(c.expected, unwrap(raw)) { return false }
        }
        return true
    }

    /// hassil's `check_excluded_context`.
    static func satisfiesExcluded(_ excluded: [String: JSONValue], _ context: [String: JSONValue]?) -> Bool {
        satisfiesExcluded(excluded) { value(of: $0, in: context) }
    }

    /// `satisfiesExcluded` with the context read key by key.
    static func satisfiesExcluded(_ excluded: [String: JSONValue], _ context: (String) -> JSONValue?) -> Bool {
        for (key, condition) in excluded {
            guard let actualRaw = context(key) else { continue }
            if isBanned(unwrap(condition), unwrap(actualRaw)) { return false }
        }
        return true
    }

    /// A slot filled from context by `requires_context` (`area: {slot: true}`).
    struct CopiedSlot {
        var name: String
        var value: JSONValue
        var text: String
    }

    /// One condition of `requires_context`, read once: its key, the slot it fills from context
    /// (`{slot: true | "name"}`; nil: none) and the value it expects (nil: any that is set).
    struct Requirement: Sendable {
        var key: String
        var slot: String?
        var expected: JSONValue?
    }

    /// The conditions of `required`, in key order (the order hassil copies slots in).
    static func requirements(_ required: [String: JSONValue]) -> [Requirement] {
        required.sorted { $0.key < $1.key }.map { key, condition in
            var r = Requirement(key: key, expected: condition.isNull ? nil : condition)
            if let o = condition.object {
                if let s = o["slot"]?.string { r.slot = s } else if o["slot"]?.bool == true { r.slot = key }
                r.expected = o["value"].flatMap { $0.isNull ? nil : $0 }
            }
            return r
        }
    }

    /// hassil's `_copy_and_check_required_context`: nil when the match's context fails.
    static func copySlots(_ required: [String: JSONValue], from context: [String: JSONValue]) -> [CopiedSlot]? {
        copySlots(requirements(required), from: { context[$0] })
    }

    /// `copySlots` of conditions read once (`requirements(_:)`), with the context read key by key.
    static func copySlots(_ required: [Requirement], from context: (String) -> JSONValue?) -> [CopiedSlot]? {
        var out: [CopiedSlot] = []
        for r in required {
            var actual = context(r.key).flatMap { $0.isNull ? nil : $0 }
            var text = ""
            if let o = actual?.object {
                text = o["text"]?.string ?? ""
                actual = o["value"].flatMap { $0.isNull ? nil : $0 }
            }
            let ok: Bool
            if let e = r.expected, let a = actual, a == e {
                ok = true
            } else if r.expected == nil, actual != nil {
                ok = true
            } else if case .array(let allowed)? = r.expected, let a = actual, allowed.contains(a) {
                ok = true
            } else {
                ok = false
            }
            guard ok else { return nil }
            if let slot = r.slot, let a = actual { out.append(CopiedSlot(name: slot, value: a, text: text)) }
        }
        return out
    }
}
