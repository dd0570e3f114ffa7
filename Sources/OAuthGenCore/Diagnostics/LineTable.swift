/// Turns byte offsets of one buffer into lines and columns.
struct LineTable: Sendable {
    /// Byte offset where each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]
    /// Byte offset of each line's break (CR, LF or CRLF); `Int.max` for the last line.
    private let lineEnds: [Int]
    let file: String

    /// Lines end at LF, CRLF (one end, not two) or a lone CR, as editors count them: a file
    /// saved with classic Mac line ends must not report every finding on line 1.
    init(file: String, bytes: some Collection<UInt8>) {
        var starts = [0]
        var ends: [Int] = []
        var previous: UInt8 = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\r") {
                ends.append(offset)
                starts.append(offset + 1)
            } else if byte == UInt8(ascii: "\n") {
                // LF right after CR ends the same line: move that line's start past the LF.
                if previous == UInt8(ascii: "\r") {
                    starts[starts.count - 1] = offset + 1
                } else {
                    ends.append(offset)
                    starts.append(offset + 1)
                }
            }
            previous = byte
        }
        ends.append(Int.max)
        self.lineStarts = starts
        self.lineEnds = ends
        self.file = file
    }

    /// An offset inside a line break (the LF of a CRLF, where libxml2, which reads CRLF as one
    /// LF, may point) is the end of the line it ends, not a column past it.
    func location(ofOffset offset: Int) -> SourceLocation {
        // The last line start that is <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(file: file, line: low + 1, column: min(offset, lineEnds[low]) - lineStarts[low] + 1)
    }
}
