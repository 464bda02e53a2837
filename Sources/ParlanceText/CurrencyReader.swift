/// Reads currency amounts.
public final class CurrencyReader: Sendable {
    public let profile: TextProfile
    init(profile: TextProfile, numbers: NumberReader) throws { self.profile = profile }
    public func find(in tokens: [Token], numbers: [NumberSpan]) -> [AmountSpan] { [] }
}
