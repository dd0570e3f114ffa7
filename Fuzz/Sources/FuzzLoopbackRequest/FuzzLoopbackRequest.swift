import FuzzSupport
@testable import OAuthRuntime

/// The loopback listener's request parser on whatever a local process sends: only a GET of the
/// redirect path carrying exactly the pending state is a callback.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput(start, count).bytes
    let outcome = LoopbackRequest.classify(bytes, path: "/cb%20x", state: "st-01")
    if case .callback(let target) = outcome {
        require(bytes.starts(with: Array("GET ".utf8)), "not a GET")
        require(
            target.hasPrefix("/cb%20x?") || target.hasPrefix("/cb%20x#") || target == "/cb%20x", "wrong path: \(target)"
        )
        let query =
            target.split(separator: "?", maxSplits: 1).dropFirst().first.map { String($0.prefix { $0 != "#" }) } ?? ""
        let states = FormEncoding.decode(query).filter { $0.0 == "state" }
        require(states.count == 1 && states[0].1 == "st-01", "callback without the pending state: \(target)")
    }
    if bytes.count >= LoopbackRequest.headLimit {
        require(outcome != .incomplete, "an oversized head is still read")
    }
    return 0
}
