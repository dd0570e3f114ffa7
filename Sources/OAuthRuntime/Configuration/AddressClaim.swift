import Foundation

/// The `address` claim (OIDC Core §5.1.1).
public struct AddressClaim: Sendable, Hashable, Codable {
    /// The full address, formatted for display.
    public var formatted: String?
    /// Street, house number, and so on (`street_address`).
    public var streetAddress: String?
    /// City or locality.
    public var locality: String?
    /// State, province or region.
    public var region: String?
    /// Postal or ZIP code (`postal_code`).
    public var postalCode: String?
    /// Country name.
    public var country: String?

    /// An address from its parts, for previews and tests; a sign-in decodes it from the claims.
    public init(
        formatted: String? = nil, streetAddress: String? = nil, locality: String? = nil, region: String? = nil,
        postalCode: String? = nil, country: String? = nil
    ) {
        self.formatted = formatted
        self.streetAddress = streetAddress
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case formatted
        case streetAddress = "street_address"
        case locality, region
        case postalCode = "postal_code"
        case country
    }
}
