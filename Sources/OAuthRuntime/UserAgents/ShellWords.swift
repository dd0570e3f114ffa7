/// Splits a command line into words the way a POSIX shell would for simple commands: blanks
/// separate words; single quotes keep everything literal; double quotes keep blanks and honour
/// `\"`, `\\`, `\$` and `` \` ``; a backslash outside quotes escapes the next character. The one
/// way every tool reads a browser command (``LoopbackUserAgent/init(browserCommandLine:timeout:)``).
enum ShellWords {
    struct UnterminatedQuote: Error, CustomStringConvertible {
        var description: String { "one with an unterminated quote" }
    }

    static func split(_ line: String) throws(UnterminatedQuote) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = Array(line).makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw UnterminatedQuote() }
                    if next == "'" { break }
                    current.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw UnterminatedQuote() }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { throw UnterminatedQuote() }
                        if !"\"\\$`".contains(escaped) { current.append("\\") }
                        current.append(escaped)
                    } else {
                        current.append(next)
                    }
                }
            case "\\":
                inWord = true
                if let escaped = iterator.next() { current.append(escaped) }
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
