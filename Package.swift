// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "todo-tui",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "todo-tui", targets: ["todo-tui"]),
    .library(name: "TodoCore", targets: ["TodoCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
  ],
  targets: [
    .target(
      name: "TodoCore",
      dependencies: ["CSystem", "CLibical", .product(name: "HeapModule", package: "swift-collections")]
    ),
    // The system calls Swift's Glibc module does not import, behind one header.
    .target(name: "CSystem"),
    // libical (recurrence rules, iCalendar): <libical/ical.h> behind one shim header.
    .systemLibrary(
      name: "CLibical",
      pkgConfig: "libical",
      providers: [.apt(["libical-dev"])]
    ),
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .executableTarget(
      name: "todo-tui",
      dependencies: [
        "TodoCore", "CNcurses",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // Not position-independent: the loader relocated 75,000 pointers of the 75 MB binary at
      // every start (page faults of --version: 453 -> 277). --as-needed: no library loaded
      // at start that nothing calls.
      linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xclang-linker", "-no-pie", "-Xlinker", "--as-needed"])]
    ),
    .executableTarget(name: "todo-bench", dependencies: ["TodoCore"]),
    .testTarget(name: "TodoCoreTests", dependencies: ["TodoCore"]),
  ]
)
