import FuzzSupport
import Mustache
@testable import OAuthGenCore

/// A `--templates` override: the tag scanner that checks every key against the context, then
/// Mustache, as `TemplateSet` loads it. No crash; a refusal, the scanner's or Mustache's own, is
/// located on a line of the template and inside that line; a template both accept renders the
/// context without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = FuzzInput(start, count).text
    let lines = lineLengths(Array(text.utf8))
    // The scanner on its own too: `TemplateSet` runs it only on what Mustache parsed.
    if let problem = TemplateKeyCheck.firstProblem(in: text, file: "ProviderClient.mustache") {
        requireInside(problem, lines)
    }
    do {
        let template = try TemplateSet.parse(text, file: "ProviderClient.mustache")
        _ = template.render(exemplar)
    } catch {
        requireInside(error, lines)
    }
    return 0
}

func requireInside(_ problem: TemplateError, _ lines: [Int]) {
    requireInside(line: problem.location?.line, column: problem.location?.column, of: lines, "refusal \(problem)")
}

/// A provider with an item in every list and every kind of configuration argument, so a
/// template that passed the check reaches each of its sections when it renders.
let exemplar: ProviderModel = {
    let pair = ProviderModel.Pair(name: "n\"", value: "v\\")
    var quirks = ProviderModel.Quirks()
    // One of each argument value: a string, an enum case, `true`, strings, parameters, nested.
    quirks.scopeSeparator = ","
    quirks.pkce = .plain
    quirks.authorizationParameters = [pair]
    quirks.tokenResponseIsForm = true
    quirks.tokenResponseNestedIn = ["a", "b"]
    quirks.dpop = true
    let claim = ProviderModel.Claim(identifier: "sub", name: "sub", type: .string, documentation: "d", isRequired: true)
    let constant = ProviderModel.Constant(identifier: "c", value: "v", documentation: "d")
    let redirect = ProviderModel.RedirectCase(identifier: "r", uri: "com.example:/cb", kind: .privateUseScheme)
    return ProviderModel(
        providerName: "p", typeName: "P", outputFileName: "p.oauthgen.swift",
        sourceFiles: ["p.json", "p.quirks.plist"],
        accessLevel: .public, isOpenIDConnect: true, issuer: "https://p.example",
        issuerTemplate: [.init(name: "t", claim: "tid")],
        endpoints: [
            .init(name: .authorization, url: "https://p.example/a"), .init(name: .token, url: "https://p.example/t"),
        ],
        metadata: ProviderModel.Metadata(scopesSupported: ["openid"], grantTypesSupported: ["authorization_code"]),
        quirks: quirks,
        clientID: "c", defaultScopes: ["openid"], scopes: [constant], claims: [claim, claim], userInfoMembers: [claim],
        redirectURIs: [redirect, redirect], postLogoutRedirectURIs: [redirect], prompts: [constant],
        acrValues: [constant],
        capabilities: .init(
            revocation: true, userInfo: true, endSession: true, deviceAuthorization: true, dpop: true,
            buildVerified: true))
}()
