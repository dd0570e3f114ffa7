import Foundation
import Testing
@testable import OAuthGenCore

@Suite struct OutputWriterTests {
    @Test func writesNewFilesAndLeavesUnchangedOnesUntouched() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out").path
        let first = try OutputWriter.write(
            [GeneratedFile(name: "A.swift", contents: "a"), GeneratedFile(name: "B.swift", contents: "b")], to: output)
        #expect(first.written.count == 2)

        let path = (output as NSString).appendingPathComponent("A.swift")
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        let second = try OutputWriter.write(
            [GeneratedFile(name: "A.swift", contents: "a"), GeneratedFile(name: "B.swift", contents: "b2")], to: output)
        #expect(second.unchanged == [path])
        #expect(second.written.count == 1)
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(modified == past)
        #expect(
            try String(contentsOfFile: (output as NSString).appendingPathComponent("B.swift"), encoding: .utf8) == "b2")
    }

    @Test func leavesNoTemporaryFilesBehind() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try OutputWriter.write(
            [GeneratedFile(name: "A.swift", contents: String(repeating: "x", count: 100_000))], to: directory.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["A.swift"])
    }

    @Test func reportsAnUnwritableDirectory() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        #expect(throws: OutputWriter.WriteError.self) {
            try OutputWriter.write(
                [GeneratedFile(name: "A.swift", contents: "a")], to: blocker.appendingPathComponent("sub").path)
        }
    }
}
