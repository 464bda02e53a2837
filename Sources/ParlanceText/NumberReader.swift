/// Reads numbers in digits and in words.
public final class NumberReader: Sendable {
    public let profile: TextProfile
    init(profile: TextProfile) throws { self.profile = profile }
    public var tableSize: Int { 0 }
    public func find(in tokens: [Token], text: String) -> [NumberSpan] { [] }
}
