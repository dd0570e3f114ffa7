import Foundation
import Testing
@testable import OAuthGenCore

@Suite struct PinnedJSONWriterTests {
    @Test func sortsIndentsAndEndsWithANewline() throws {
        let value = try #require(
            JSONReader.read(Array(#"{"b":[1,"x"],"a":{"z":null,"y":true},"c":[],"d":"q\"\u0001é/"}"#.utf8), file: "t")
                .value)
        #expect(
            PinnedJSONWriter.write(value) == """
                {
                  "a": {
                    "y": true,
                    "z": null
                  },
                  "b": [
                    1,
                    "x"
                  ],
                  "c": [],
                  "d": "q\\"\\u0001é/"
                }

                """)
    }

    @Test(arguments: Fixtures.discoveryDocuments)
    func pinningIsStableAndLossless(name: String) throws {
        let original = try #require(JSONReader.read(try Fixtures.bytes("discovery/\(name)"), file: name).value)
        let pinned = PinnedJSONWriter.write(original)
        let reread = try #require(JSONReader.read(Array(pinned.utf8), file: "pinned").value)
        #expect(PinnedJSONWriter.write(reread) == pinned)
        #expect(DriftCheck.compare(pinned: reread, fetched: original, fetchedFrom: "origin").isEmpty)
    }
}
