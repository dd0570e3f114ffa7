/// A CryptoKit (or swift-crypto) key held where `Sendable` is required.
///
/// `@unchecked` because of the SDKs, not the keys: CryptoKit's key types are structs whose stored
/// properties are all `let` (a software key's bytes; a Secure Enclave key's `publicKey` and
/// `dataRepresentation`), with no mutating member, and every operation on them is a pure function
/// of those values — which is why the Xcode 26 SDKs declare them `Sendable`, and swift-crypto does
/// everywhere. The iOS 17/18 and macOS 14/15 SDKs, which apps still build with, do not yet. Only key
/// types are ever wrapped (the initializer is internal); a key is read, never replaced.
struct CryptoKitKey<Key>: @unchecked Sendable {
    let key: Key

    init(_ key: Key) {
        self.key = key
    }
}
