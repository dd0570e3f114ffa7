import Foundation

/// What a ``ProtectedResourceSession`` may do on its own: open the user agent, step up, bind
/// tokens to a DPoP key, apply a server's catalog entry; and the clock it reads.
public struct ResourceSessionPolicy: Sendable {
    /// Whether a sign-in or step-up may involve a person; the session's
    /// ``ProtectedResourceSession/interaction`` starts here and the app may change it.
    public var interaction: ProtectedResourceSession.Interaction
    /// How many scopes and step-ups a resource may ask for.
    public var stepUpLimits: StepUpLimits
    /// Bind tokens to a DPoP key even where neither the resource nor its server asks for it
    /// (RFC 9449); where one does, they are bound anyway.
    public var alwaysUsesDPoP: Bool
    /// The run-time quirks of the servers the resource may lead to; the entry naming the one it
    /// does is applied (``ProtectedResourceSession/appliedServerQuirks``).
    public var serverQuirks: ServerQuirkCatalog
    /// The clock expiry, kept metadata and step-up windows are read against (tests inject one).
    public var now: @Sendable () -> Date

    /// A policy; each value left out is the default: interaction allowed, the default step-up
    /// limits, DPoP where asked for, the built-in catalog, the system clock.
    public init(
        interaction: ProtectedResourceSession.Interaction = .allowed, stepUpLimits: StepUpLimits = StepUpLimits(),
        alwaysUsesDPoP: Bool = false, serverQuirks: ServerQuirkCatalog = .builtIn,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.interaction = interaction
        self.stepUpLimits = stepUpLimits
        self.alwaysUsesDPoP = alwaysUsesDPoP
        self.serverQuirks = serverQuirks
        self.now = now
    }
}
