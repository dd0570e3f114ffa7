/// The byte length of each line, with lines ending at LF, CR or CRLF as editors end them. Counted
/// here on its own, not with the code under test: FuzzTemplate's first finding was its harness
/// counting Swift `Character`s, in which CRLF is one character and not "\n".
public func lineLengths(_ bytes: [UInt8]) -> [Int] {
    var lengths = [0]
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case 0x0D:
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            lengths.append(0)
        case 0x0A:
            lengths.append(0)
        default:
            lengths[lengths.count - 1] += 1
        }
        index += 1
    }
    return lengths
}

/// A location (1-based line, byte column) on one of `lines` and at most one past its last byte.
public func requireInside(line: Int?, column: Int?, of lines: [Int], _ what: @autoclosure () -> String) {
    let line = line ?? 0
    let column = column ?? 0
    require(line >= 1 && line <= lines.count, "outside the input's \(lines.count) lines: \(what())")
    require(column >= 1 && column <= lines[line - 1] + 1, "outside line \(line): \(what())")
}
