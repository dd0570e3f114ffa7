import FuzzSupport
@testable import OAuthGenCore

/// Discovery document + quirk file → loading → every validation rule, including the mix-up
/// rules across two providers. Input: kind byte, discovery JSON, NUL, quirk plist.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = FuzzInput(start, count).parts(2)
    let kind: DiscoveryDocument.Kind = (parts[0].first ?? 0) & 1 == 0 ? .openIDConnect : .oauthAuthorizationServer
    let (discovery, discoveryFindings) = DiscoveryLoader.load(Array(parts[0].dropFirst()), file: "p.json", kind: kind)
    let (quirks, quirkFindings) = QuirkFileLoader.load(parts[1], file: "p.quirks.plist")
    let provider = LoadedProvider(
        input: ProviderInput(name: "p", discoveryPath: "p.json", discoveryKind: kind, quirksPath: "p.quirks.plist"),
        discovery: discovery, quirks: quirks)
    var twin = provider
    twin.input = ProviderInput(name: "q", quirksPath: "q.quirks.plist")
    let findings = discoveryFindings + quirkFindings + Validator.validate([provider, twin], platforms: [.windows])
    for finding in findings {
        require(
            !finding.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "a control character reaches the terminal: \(finding)")
    }
    return 0
}
