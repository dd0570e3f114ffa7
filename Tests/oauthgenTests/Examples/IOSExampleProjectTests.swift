import Foundation
import TestSupport
import Testing

/// `Examples/iOSApp/project.yml`, the XcodeGen spec of the example app, checked as far as Linux
/// can: Xcode is not here to open it, so each fact it states is held against what does run here —
/// the package's manifest, the files on disk, `oauthgen.json` (which the build checks the app's
/// Info.plist and entitlements through) and the source folders `Scripts/typecheck-apple.sh`
/// type-checks against the iOS SDK.
@Suite struct IOSExampleProjectTests {
    static let example = ProcessRunner.packageRoot.appendingPathComponent("Examples/iOSApp")

    /// The spec as JSON objects, read by the system Python's PyYAML.
    static func spec() async throws -> [String: Any] {
        let python = try #require(ProcessRunner.which("python3"), "python3 is not on the PATH")
        let run = try await ProcessRunner.runDetached(
            python,
            [
                "-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
                example.appendingPathComponent("project.yml").path,
            ])
        #expect(run.status == 0, "reading project.yml: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    static func target(_ name: String, in spec: [String: Any]) throws -> [String: Any] {
        try #require((spec["targets"] as? [String: Any])?[name] as? [String: Any], "no target \(name) in project.yml")
    }

    static func settings(of target: [String: Any]) -> [String: Any] {
        ((target["settings"] as? [String: Any])?["base"] as? [String: Any]) ?? [:]
    }

    static func sourcePaths(of target: [String: Any]) -> [String] {
        (target["sources"] as? [Any] ?? []).compactMap { ($0 as? String) ?? ($0 as? [String: Any])?["path"] as? String }
    }

    @Test func theAppAndItsWidgetBuildTheFoldersTheTypeCheckChecks() async throws {
        let spec = try await Self.spec()
        let app = try Self.target("ExampleApp", in: spec)
        let widget = try Self.target("ExampleWidget", in: spec)
        #expect(app["type"] as? String == "application")
        #expect(widget["type"] as? String == "app-extension")
        // Scripts/typecheck-apple.sh: the app is App + Shared, the widget Widget + Shared with
        // -application-extension; Providers/ feeds the plugin in both.
        #expect(Self.sourcePaths(of: app).sorted() == ["App", "Providers", "Shared"])
        #expect(Self.sourcePaths(of: widget).sorted() == ["Providers", "Shared", "Widget"])
        let script = try String(
            contentsOf: ProcessRunner.packageRoot.appendingPathComponent("Scripts/typecheck-apple.sh"), encoding: .utf8)
        #expect(script.contains(#"$(sources "$APP/App") $(files "$APP/Shared")"#))
        #expect(
            script.contains(
                #"-application-extension -module-name ExampleWidget $(sources "$APP/Widget") $(files "$APP/Shared")"#))
        #expect(Self.settings(of: widget)["APPLICATION_EXTENSION_API_ONLY"] as? Bool == true)
        // The app embeds its widget; an extension's bundle ID must start with its app's.
        let appDependencies = app["dependencies"] as? [[String: Any]] ?? []
        #expect(appDependencies.contains { $0["target"] as? String == "ExampleWidget" })
        let appID = try #require(Self.settings(of: app)["PRODUCT_BUNDLE_IDENTIFIER"] as? String)
        let widgetID = try #require(Self.settings(of: widget)["PRODUCT_BUNDLE_IDENTIFIER"] as? String)
        #expect(widgetID.hasPrefix(appID + "."))

        for (name, target) in [("ExampleApp", app), ("ExampleWidget", widget)] {
            for path in Self.sourcePaths(of: target) {
                var isFolder: ObjCBool = false
                #expect(
                    FileManager.default.fileExists(
                        atPath: Self.example.appendingPathComponent(path).path, isDirectory: &isFolder)
                        && isFolder.boolValue,
                    "\(name)'s source folder \(path) does not exist")
            }
            for key in ["INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"] {
                let path = try #require(Self.settings(of: target)[key] as? String, "\(name) sets no \(key)")
                #expect(
                    FileManager.default.fileExists(atPath: Self.example.appendingPathComponent(path).path),
                    "\(name)'s \(key) \(path) does not exist")
            }
        }
        let widgetInfo =
            try PropertyListSerialization.propertyList(
                from: Data(contentsOf: Self.example.appendingPathComponent("Widget/Info.plist")), format: nil)
            as? [String: Any]
        #expect(
            (widgetInfo?["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String
                == "com.apple.widgetkit-extension")
    }

    /// The family's sibling app (issue 56) builds Investing with the plugin over FamilyProviders,
    /// and the type-check compiles that folder with the client generated from them.
    @Test func theSiblingAppBuildsTheFolderTheTypeCheckChecks() async throws {
        let spec = try await Self.spec()
        let sibling = try Self.target("InvestingApp", in: spec)
        #expect(Self.sourcePaths(of: sibling).sorted() == ["FamilyProviders", "Investing"])
        let script = try String(
            contentsOf: ProcessRunner.packageRoot.appendingPathComponent("Scripts/typecheck-apple.sh"), encoding: .utf8)
        #expect(script.contains(#"-module-name InvestingApp $(sources "$APP/Investing") $(files "$FAMILY_GEN")"#))
        #expect(
            script.contains(
                #"generate "$APP/FamilyProviders" --output "$FAMILY_GEN" --config "$APP/FamilyProviders/oauthgen.json""#
            ))
    }

    /// The build checks the Info.plist and entitlements oauthgen.json names; they must be the
    /// ones the project builds the app with, or the check guards files the app never uses.
    @Test(arguments: [("ExampleApp", "Providers"), ("InvestingApp", "FamilyProviders")])
    func theBuildChecksTheFilesTheProjectUses(target: String, folder: String) async throws {
        let spec = try await Self.spec()
        let app = Self.settings(of: try Self.target(target, in: spec))
        let configuration = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.example.appendingPathComponent("\(folder)/oauthgen.json")))
                as? [String: Any])
        let providers = Self.example.appendingPathComponent(folder)
        func resolved(_ path: String?, from base: URL) -> String? {
            path.map { base.appendingPathComponent($0).standardizedFileURL.path }
        }
        #expect(
            resolved(configuration["infoPlist"] as? String, from: providers)
                == resolved(app["INFOPLIST_FILE"] as? String, from: Self.example))
        #expect(
            resolved(configuration["entitlements"] as? String, from: providers)
                == resolved(app["CODE_SIGN_ENTITLEMENTS"] as? String, from: Self.example))
        #expect(configuration["platforms"] as? [String] == ["iOS"])
    }

    /// The package is this repository, and what the targets take from it is what it declares,
    /// at the iOS version it supports.
    @Test func thePackageProductsAndDeploymentTargetAreThePackages() async throws {
        let spec = try await Self.spec()
        let manifest = try await PackageDump.manifest()
        let packages = try #require(spec["packages"] as? [String: Any])
        let path = try #require((packages["oauthgen"] as? [String: Any])?["path"] as? String)
        #expect(
            Self.example.appendingPathComponent(path).standardizedFileURL.path
                == ProcessRunner.packageRoot.standardizedFileURL.path)
        #expect(manifest["name"] as? String == "oauthgen")

        let products = PackageDump.productNames(of: manifest)
        for name in ["ExampleApp", "ExampleWidget", "InvestingApp"] {
            let target = try Self.target(name, in: spec)
            let used = (target["dependencies"] as? [[String: Any]] ?? []).filter {
                $0["package"] as? String == "oauthgen"
            }.compactMap { $0["product"] as? String }
            let plugins = (target["buildToolPlugins"] as? [[String: Any]] ?? []).filter {
                $0["package"] as? String == "oauthgen"
            }.compactMap { $0["plugin"] as? String }
            #expect(used == ["OAuthRuntime"], "\(name)")
            #expect(plugins == ["OAuthGenPlugin"], "\(name)")
            for product in used + plugins {
                #expect(products.contains(product), "\(name) uses \(product), which oauthgen does not declare")
            }
        }
        let platforms = manifest["platforms"] as? [[String: Any]] ?? []
        let iOS = platforms.first { $0["platformName"] as? String == "ios" }?["version"] as? String
        let deployment = ((spec["options"] as? [String: Any])?["deploymentTarget"] as? [String: Any])?["iOS"] as? String
        #expect(
            deployment != nil && deployment == iOS,
            "project.yml deploys to iOS \(deployment ?? "nil"), Package.swift supports iOS \(iOS ?? "nil")")
    }
}
