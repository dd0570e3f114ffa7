import FuzzSupport
@testable import OAuthGenCore
import SwiftParser
import SwiftSyntax

/// The whole pipeline up to rendered text; whenever it renders, the Swift must parse, and no
/// declaration may be named `_` (which parses, but never compiles as a member).
/// Input: kind byte, discovery JSON, NUL, quirk plist.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = FuzzInput(start, count).parts(2)
    let kind: DiscoveryDocument.Kind = (parts[0].first ?? 0) & 1 == 0 ? .openIDConnect : .oauthAuthorizationServer
    let hasDiscovery = parts[0].count > 1
    let (discovery, discoveryFindings) =
        hasDiscovery ? DiscoveryLoader.load(Array(parts[0].dropFirst()), file: "p.json", kind: kind) : (nil, [])
    let (quirks, quirkFindings) = QuirkFileLoader.load(parts[1], file: "p.quirks.plist")
    let provider = LoadedProvider(
        input: ProviderInput(
            name: "p", discoveryPath: hasDiscovery ? "p.json" : nil, discoveryKind: hasDiscovery ? kind : nil,
            quirksPath: "p.quirks.plist"),
        discovery: discovery, quirks: quirks)
    let findings = discoveryFindings + quirkFindings + Validator.validate([provider])
    guard !findings.containsErrors else { return 0 }
    guard let model = ModelBuilder.build(provider, accessLevel: .public) else { return 0 }
    let source = Renderer(templates: templates).render(model)
    let tree = Parser.parse(source: source)
    require(!tree.hasError, "generated Swift does not parse:\n\(source)")
    let names = UnderscoreFinder(viewMode: .sourceAccurate)
    names.walk(tree)
    require(!names.found, "generated Swift declares a member named _:\n\(source)")
    return 0
}

let templates = try! TemplateSet.embedded()

final class UnderscoreFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if node.identifier.text == "_" { found = true }
        return .visitChildren
    }
}
