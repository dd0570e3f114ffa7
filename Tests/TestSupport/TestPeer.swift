import Foundation

/// Starts `Tests/Support/<script>` with the venv's Python, the provider's issuer, its
/// introspection endpoint and the resource server's credentials, then `arguments`; returns the
/// process and the port it announced.
func startPeer(
    _ script: String, named name: String, provider: DjangoProvider.Instance, arguments: [String]
) throws -> (Process, Int) {
    try startScript(
        script, named: name, python: provider.python,
        arguments: [
            provider.issuer, provider.issuer + "/introspect/", "oauthgen-resource-server", "resource-server-secret",
        ] + arguments)
}

/// Starts `Tests/Support/<script>` with `python` and `arguments`; returns the process and the port
/// it announced.
public func startScript(
    _ script: String, named name: String, python: String, arguments: [String]
) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/\(script)").path] + arguments
    let output = try process.launchReadingOutput()
    let (announced, printed) = ProcessRunner.announcedPort(output)
    guard let port = announced else {
        process.end()
        throw DjangoProvider.Unavailable(description: "expected \(name) to print its port, found \(printed)")
    }
    return (process, port)
}
