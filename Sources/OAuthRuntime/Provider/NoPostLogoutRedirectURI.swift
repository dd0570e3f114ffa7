import Foundation
internal import OAuthPolicy

/// The post-logout redirect URIs of a provider whose quirk file registers none: no value exists,
/// so `signOut(with:postLogoutRedirectURI:)` cannot be called, and `signOut()` ends the sign-in in
/// the app only. Add `postLogoutRedirectURIs` to the quirk file to sign out through the browser.
public enum NoPostLogoutRedirectURI: OAuthRedirectURI, CaseIterable {
    /// Never called: there is no value to call it on.
    public var registered: RegisteredRedirectURI {
        switch self {}
    }
}
