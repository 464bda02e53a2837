/// Gives findings inside property lists the line and column of the key path they name, so that
/// editors and code-scanning services can point at `Info.plist:14:13` rather than at the file.
///
/// Rules work on loaded values, which keep key paths but not lines; the locator reads each
/// property list a finding names once more, and only those.
public struct FindingLocator {
    /// Where files were read from, by the name messages show them under.
    public var roots: [(shown: String, real: String)]
    private var indexes: [String: [String: ErrorSite]] = [:]

    public init(roots: [(shown: String, real: String)]) {
        // The longest shown prefix wins: `Apps/Foo.app` before `Apps`.
        self.roots = roots.sorted { $0.shown.count > $1.shown.count }
    }

    /// - Complexity: O(f) in the size of the property lists the findings name.
    public mutating func locate(_ findings: [Finding]) -> [Finding] {
        findings.map { f -> Finding in
            guard f.site.line == nil, let keyPath = f.site.keyPath, f.site.file.hasSuffix(".plist"),
                  let found = index(f.site.file)[keyPath], found.line != nil
            else { return f }
            var located = f
            located.site.line = found.line
            located.site.column = found.column
            return located
        }.sorted(by: Finding.inReadingOrder)
    }

    private mutating func index(_ shown: String) -> [String: ErrorSite] {
        if let known = indexes[shown] { return known }
        var index: [String: ErrorSite] = [:]
        if let root = roots.first(where: { shown == $0.shown || shown.hasPrefix($0.shown + "/") }),
           let plist = try? PropertyList.load(root.real + shown.dropFirst(root.shown.count), displayPath: shown) {
            func walk(_ node: PropertyList) {
                if let k = node.site.keyPath { index[k] = node.site }
                switch node.value {
                case .array(let items): items.forEach(walk)
                case .dictionary(let pairs): pairs.forEach { walk($0.value) }
                default: break
                }
            }
            walk(plist)
        }
        indexes[shown] = index
        return index
    }
}
