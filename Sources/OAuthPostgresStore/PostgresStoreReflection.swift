import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// What `dump`, a debugger's `po` or any `Mirror` sees of the store's values: their descriptions
// (issue 53, H5). Without these, reflection prints stored properties as they are: the database
// password of a location, the AES key's bytes, and both again inside every store and session.

extension PostgresStoreLocation: CustomReflectable {
    /// Its description: the URL without the password.
    public var customMirror: Mirror { .redacted(self) }
}

extension StoreEncryptionKey: CustomStringConvertible, CustomReflectable {
    /// Names the key's kind, never its bytes.
    public var description: String { "StoreEncryptionKey(AES-256, <redacted>)" }

    /// Its description only.
    public var customMirror: Mirror { .redacted(self) }
}

#if PostgreSQL
extension PostgresTokenStore: CustomStringConvertible, CustomReflectable {
    /// The database (no password) and the account; never the key.
    public var description: String { "PostgresTokenStore(\(location), account: \(account))" }

    /// Its description only.
    public var customMirror: Mirror { .redacted(self) }
}
#endif
