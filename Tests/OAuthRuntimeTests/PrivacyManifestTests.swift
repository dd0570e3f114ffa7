import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// `PrivacyInfo.xcprivacy`: bundled with the runtime, a well-formed property list, and true to
/// the code: every category of required-reason API the runtime's modules call is declared with an
/// approved reason, and none that they do not call.
@Suite struct PrivacyManifestTests {
    /// Apple's required-reason API categories, the symbols that put code in each (Describing use
    /// of required reason API, 2024), and the reasons this runtime may give.
    static let categories: [String: (symbols: [String], reasons: Set<String>)] = [
        "NSPrivacyAccessedAPICategoryFileTimestamp": (
            [
                "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey",
                "creationDateKey",
                "getattrlist", "getattrlistbulk", "fgetattrlist", "getattrlistat", "stat", "fstat", "fstatat", "lstat",
            ],
            ["C617.1", "3B52.1", "0A2A.1", "DDA9.1"]
        ),
        "NSPrivacyAccessedAPICategorySystemBootTime": (
            ["systemUptime", "mach_absolute_time"], ["35F9.1", "8FFB.1", "3D61.1"]
        ),
        "NSPrivacyAccessedAPICategoryDiskSpace": (
            [
                "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
                "volumeAvailableCapacityForOpportunisticUsageKey",
                "volumeTotalCapacityKey", "systemFreeSize", "systemSize", "statfs", "statvfs", "fstatfs", "fstatvfs",
            ],
            ["85F4.1", "E174.1", "7D9E.1", "B728.1"]
        ),
        "NSPrivacyAccessedAPICategoryActiveKeyboards": (["activeInputModes"], ["3EC4.1", "54BD.1"]),
        "NSPrivacyAccessedAPICategoryUserDefaults": (["UserDefaults"], ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
    ]

    func manifest() throws -> [String: Any] {
        let url = try #require(
            Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"),
            "PrivacyInfo.xcprivacy is not in OAuthRuntime's bundle")
        var format = PropertyListSerialization.PropertyListFormat.binary
        let plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), format: &format)
        #expect(format == .xml)
        return try #require(plist as? [String: Any])
    }

    @Test func isBundledAndSaysNothingIsTrackedOrCollected() throws {
        let manifest = try manifest()
        #expect(
            Set(manifest.keys) == [
                "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes",
                "NSPrivacyAccessedAPITypes",
            ])
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    }

    @Test func declaresExactlyTheRequiredReasonAPIsTheCodeCalls() throws {
        let entries = try #require(try manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: [String]] = [:]
        for entry in entries {
            let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            declared[category] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        let used = try Self.categoriesUsed()
        #expect(Set(declared.keys) == used, "declared \(declared.keys.sorted()), the code calls \(used.sorted())")
        for (category, reasons) in declared {
            let known = try #require(Self.categories[category], "unknown category \(category)")
            #expect(!reasons.isEmpty && Set(reasons).isSubset(of: known.reasons), "\(category): \(reasons)")
        }
        #expect(used == ["NSPrivacyAccessedAPICategoryFileTimestamp"])
    }

    /// The categories whose symbols appear in the code of the modules an app links through the
    /// runtime (comments left out).
    static func categoriesUsed() throws -> Set<String> {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var used: Set<String> = []
        for module in ["OAuthRuntime", "OAuthFetch", "OAuthPolicy"] {
            let folder = sources.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
                .compactMap { $0 as? URL }
            for file in files where file.pathExtension == "swift" {
                let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                for (category, entry) in categories
                where entry.symbols.contains(where: {
                    code.range(of: "\\b\($0)\\b", options: .regularExpression) != nil
                }) {
                    used.insert(category)
                }
            }
        }
        return used
    }
}
