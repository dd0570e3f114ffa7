/// The `actor_token_type` values a sibling app of a family can name the device secret with
/// (OpenID Connect Native SSO for Mobile Apps 1.0 draft 07 §4.1): the build accepts a quirk file's
/// or a catalog entry's `deviceSecretTokenType` only among these, and the runtime sends one of them.
public enum DeviceSecretTokenType: String, Sendable, Hashable, CaseIterable {
    /// The draft's own URN (draft 07 §4.1), the default.
    case draft07 = "urn:openid:params:token-type:device-secret"
    /// The earlier drafts' URN, which Okta still takes.
    case earlierDrafts = "urn:x-oath:params:oauth:token-type:device-secret"
}
