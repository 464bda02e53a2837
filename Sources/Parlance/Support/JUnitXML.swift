/// JUnit XML, the report CI dashboards read: suites of test cases, each passed or failed.
///
/// ```swift
/// JUnitXML.document(name: "parlance test", suites: [
///     .init(name: "en-US", cases: [.init(name: "Call John", classname: "tests/calls.yaml:3", failure: nil)])])
/// ```
public enum JUnitXML {
    public struct Case: Sendable {
        public var name: String
        public var classname: String
        public var seconds: Double?
        /// nil when the case passed.
        public var failure: (type: String, message: String, detail: String)?

        public init(name: String, classname: String, seconds: Double? = nil, failure: (type: String, message: String, detail: String)?) {
            self.name = name
            self.classname = classname
            self.seconds = seconds
            self.failure = failure
        }
    }

    public struct Suite: Sendable {
        public var name: String
        public var cases: [Case]
        public init(name: String, cases: [Case]) {
            self.name = name
            self.cases = cases
        }
    }

    public static func document(name: String, suites: [Suite]) -> String {
        let total = suites.reduce(0) { $0 + $1.cases.count }
        let failed = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"\(escape(name))\" tests=\"\(total)\" failures=\"\(failed)\">\n"
        for suite in suites {
            let failures = suite.cases.filter { $0.failure != nil }.count
            s += "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(failures)\">\n"
            for c in suite.cases {
                let time = c.seconds.map { " time=\"\(String(format: "%.6f", $0))\"" } ?? ""
                let open = "    <testcase classname=\"\(escape(c.classname))\" name=\"\(escape(c.name))\"\(time)"
                guard let f = c.failure else {
                    s += open + "/>\n"
                    continue
                }
                s += open + ">\n"
                s += "      <failure type=\"\(escape(f.type))\" message=\"\(escape(f.message))\">" + escape(f.detail) + "</failure>\n"
                s += "    </testcase>\n"
            }
            s += "  </testsuite>\n"
        }
        return s + "</testsuites>"
    }

    /// `s` with XML's five special characters and tabs and line breaks escaped, and characters
    /// XML 1.0 cannot hold (other control characters) written as U+FFFD.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Kept as characters, an attribute's tab or line break would be read back as a space.
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                let v = c.value
                out.unicodeScalars.append(v < 0x20 || v == 0xFFFE || v == 0xFFFF ? "\u{FFFD}" : c)
            }
        }
        return out
    }
}
