import Foundation

/// Runs `body` `runs` times and returns the durations in milliseconds, sorted.
func measure(runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
  var out: [Double] = []
  for _ in 0..<runs {
    let t0 = DispatchTime.now().uptimeNanoseconds
    try body()
    out.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
  }
  return out.sorted()
}

func median(_ xs: [Double]) -> Double { xs.isEmpty ? .nan : xs[xs.count / 2] }

/// One result line: `name median_ms max_ms`, parsed by bench/run.sh.
func report(_ name: String, _ xs: [Double]) {
  print(String(format: "%@ median_ms=%.3f max_ms=%.3f runs=%d", name, median(xs), xs.last ?? .nan, xs.count))
}
