import Benchmark
import Foundation

/// CI's smoke pass over the benchmarks (`OAUTHGEN_BENCHMARK_SMOKE=1`): every registered benchmark
/// starts, sets up and runs one iteration, so an API change cannot break one unseen. The numbers
/// it prints mean nothing.
public enum BenchmarkSmoke {
    /// Cuts every registered benchmark to one iteration when the environment asks; call it last
    /// in a target's `benchmarks` closure.
    public static func applyIfAsked() {
        guard ProcessInfo.processInfo.environment["OAUTHGEN_BENCHMARK_SMOKE"] == "1" else { return }
        for benchmark in Benchmark.benchmarks {
            benchmark.configuration.warmupIterations = 0
            benchmark.configuration.maxIterations = 1
            benchmark.configuration.maxDuration = .milliseconds(1)
        }
    }
}
