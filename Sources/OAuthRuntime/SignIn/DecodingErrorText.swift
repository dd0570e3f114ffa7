import Foundation

/// The path and reason of a decoding error, without the values that failed (a claim could be
/// personal data).
enum DecodingErrorText {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(type(of: error))" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context): return "\"\(path(context))\" is not a \(type)"
        case .valueNotFound(let type, let context): return "\"\(path(context))\" is null, expected a \(type)"
        case .keyNotFound(let key, let context):
            return "\"\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))\" is missing"
        case .dataCorrupted(let context): return "\"\(path(context))\": \(context.debugDescription)"
        @unknown default: return "undecodable"
        }
    }
}
