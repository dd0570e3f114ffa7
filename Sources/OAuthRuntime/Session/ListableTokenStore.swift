/// A store that says which sign-ins it keeps: every ``AccountTokenStore`` now does.
@available(*, deprecated, renamed: "AccountTokenStore", message: "accounts() is a requirement of AccountTokenStore")
public typealias ListableTokenStore = AccountTokenStore

/// A registration store that says which registrations it keeps: every
/// ``ClientRegistrationStore`` now does.
@available(
    *, deprecated, renamed: "ClientRegistrationStore",
    message: "registrationKeys() is a requirement of ClientRegistrationStore"
)
public typealias ListableRegistrationStore = ClientRegistrationStore
