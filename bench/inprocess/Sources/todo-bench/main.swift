import Foundation
import TodoCore

// In-process measurements for `make bench`: `todo-bench NAME [ARGS…]`.
// Each benchmark lives in its own file as a function registered here.
let benchmarks: [String: ([String]) throws -> Void] = [
  "frame": benchFrame,
  "codec": benchCodec,
  "plan": benchPlan,
]

let args = Array(CommandLine.arguments.dropFirst())
guard let name = args.first, let run = benchmarks[name] else {
  FileHandle.standardError.write(
    Data("usage: todo-bench \(benchmarks.keys.sorted().joined(separator: "|")) [args]\n".utf8))
  exit(64)
}
try run(Array(args.dropFirst()))
