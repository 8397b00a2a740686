// swift-tools-version:6.0
// In-process benchmarks (the codec, a key's frame, the notification plan) for
// `make bench`, as a package of their own beside the product's: the root's
// `swift build` does not build them.
import Foundation
import PackageDescription

// A path dependency is named after its folder (the checkout's, whatever it is called).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

let package = Package(
  name: "todo-bench",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: root.path)],
  targets: [
    .executableTarget(
      name: "todo-bench",
      dependencies: [.product(name: "TodoCore", package: root.lastPathComponent.lowercased())])
  ]
)
