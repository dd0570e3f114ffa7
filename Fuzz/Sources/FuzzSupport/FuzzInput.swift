import Foundation

/// The fuzzer's bytes, and ways to cut them into the several inputs one target needs.
public struct FuzzInput {
    public let bytes: [UInt8]

    public init(_ start: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    }

    /// The parts between NUL bytes, at most `count` of them (the last keeps any further NULs).
    public func parts(_ count: Int) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var rest = bytes[...]
        while parts.count < count - 1, let zero = rest.firstIndex(of: 0) {
            parts.append(Array(rest[..<zero]))
            rest = rest[(zero + 1)...]
        }
        parts.append(Array(rest))
        while parts.count < count { parts.append([]) }
        return parts
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A finding the fuzzer must report: a broken invariant is a crash, so libFuzzer keeps the input.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("invariant broken: \(message())\n".utf8))
        abort()
    }
}

/// Whether `haystack` holds `needle`'s UTF-8 bytes. Not Foundation's `contains(_:)`: on Linux it
/// traps ("String index is out of bounds") when the needle holds a NUL character, and the
/// targets search for fuzzed text (a token, a code) in what the code under test printed.
public func containsBytes(_ haystack: String, _ needle: String) -> Bool {
    containsSlice(Array(haystack.utf8), Array(needle.utf8))
}

/// Whether `needle` occurs in `haystack`, byte for byte (an empty needle always does).
public func containsSlice(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return true
    }
    return false
}

/// Runs async code to completion from libFuzzer's synchronous callback.
public func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

private final class ResultBox<T>: @unchecked Sendable {
    // @unchecked: written once by the task before it signals, read once after the wait.
    var value: T?
}
