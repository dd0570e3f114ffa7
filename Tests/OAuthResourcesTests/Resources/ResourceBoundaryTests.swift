import Foundation
@testable import OAuthRuntime
@testable import OAuthResources
import Testing

/// Issue 45, G12: a resource's token goes to its origin and path, at a `/` boundary.
@Suite struct ResourceBoundaryTests {
    @Test func aPathContainsItselfAndWhatIsBelowItOnly() throws {
        let resource = try #require(URL(string: "https://gw.example.com/a/mcp"))
        for inside in [
            "https://gw.example.com/a/mcp", "https://gw.example.com/a/mcp/", "https://gw.example.com/a/mcp/tools?x=1",
            "https://gw.example.com:443/a/mcp",
        ] {
            #expect(ResourceBoundary.contains(resource, URL(string: inside)!), "\(inside)")
        }
        for outside in [
            "https://gw.example.com/a/mcpx", "https://gw.example.com/b/mcp", "https://gw.example.com/a",
            "https://gw.example.com/",
            "http://gw.example.com/a/mcp", "https://other.example.com/a/mcp", "https://gw.example.com:8443/a/mcp",
        ] {
            #expect(!ResourceBoundary.contains(resource, URL(string: outside)!), "\(outside)")
        }
    }

    @Test func aResourceAtTheRootContainsItsWholeOrigin() throws {
        for root in ["https://api.example.com", "https://api.example.com/"] {
            let resource = try #require(URL(string: root))
            #expect(ResourceBoundary.contains(resource, URL(string: "https://api.example.com/v1/users")!))
            #expect(!ResourceBoundary.contains(resource, URL(string: "https://evil.example.com/v1/users")!))
        }
    }
}
